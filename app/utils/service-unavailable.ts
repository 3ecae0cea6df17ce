/*
 * Whether an error means the database or Redis is away (issue 33, ADR 0047): the studio answers
 * 503 instead of 500 (service-outage.server.ts), and a job does not count it as its own failure
 * (the reconciler resumes it once they are back).
 */

/** Seconds a client should wait before asking again. */
export const OUTAGE_RETRY_AFTER_S = 15;

/** mysql2's codes for a connection that broke or a server that went away or is full. */
const MYSQL_CONNECTION_CODES = new Set([
  "PROTOCOL_CONNECTION_LOST",
  "PROTOCOL_SEQUENCE_TIMEOUT",
  "ER_SERVER_SHUTDOWN",
  "ER_CON_COUNT_ERROR",
  "ER_CONNECTION_KILLED",
]);

/** ioredis: the command could not reach Redis (offline queue off, retries used up, connection closed). */
const REDIS_AWAY = /Connection is closed|Stream isn't writeable|Reached the max retries per request|enableOfflineQueue/;

/**
 * Whether an error says the database or Redis is unreachable (not that a query or command was
 * wrong). Only the drivers' own signs count: mysql2 marks an error that broke or never made the
 * connection `fatal` (a refused connect included), or names it; ioredis says so in its message. A
 * socket error of anything else (a render node, the blob store, a fetch) is not an outage of ours.
 */
export function isServiceUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 4) return false;
  const { code, fatal, name, message, cause } = error as {
    code?: unknown;
    fatal?: unknown;
    name?: unknown;
    message?: unknown;
    cause?: unknown;
  };
  if (fatal === true) return true;
  if (typeof code === "string" && MYSQL_CONNECTION_CODES.has(code)) return true;
  if (message === "Pool is closed.") return true;
  if (name === "MaxRetriesPerRequestError") return true;
  if (typeof message === "string" && REDIS_AWAY.test(message)) return true;
  return isServiceUnavailable(cause, depth + 1);
}
