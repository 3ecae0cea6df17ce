/*
 * Whether an error means the database or Redis is away (issue 33, ADR 0047): the studio answers
 * 503 instead of 500 (service-outage.server.ts), and a job does not count it as its own failure
 * (the reconciler resumes it once they are back).
 */

/** Connection-level failures of mysql2 and of Node's sockets: the server is away, not the query wrong. */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "PROTOCOL_CONNECTION_LOST",
  "PROTOCOL_SEQUENCE_TIMEOUT",
  "ER_SERVER_SHUTDOWN",
  "ER_CON_COUNT_ERROR",
  "ER_CONNECTION_KILLED",
]);

/** ioredis: the command could not reach Redis (offline queue off, retries used up, connection closed). */
const REDIS_AWAY = /Connection is closed|Stream isn't writeable|Reached the max retries per request|enableOfflineQueue/;

/** Whether an error says the database or Redis is unreachable (not that a query or command was wrong). */
export function isServiceUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 4) return false;
  const { code, fatal, name, message, cause, errors } = error as {
    code?: unknown;
    fatal?: unknown;
    name?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === "string" && CONNECTION_CODES.has(code)) return true;
  // mysql2 marks errors that broke the connection as fatal.
  if (fatal === true) return true;
  if (name === "MaxRetriesPerRequestError") return true;
  if (typeof message === "string" && REDIS_AWAY.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isServiceUnavailable(inner, depth + 1))) return true;
  return isServiceUnavailable(cause, depth + 1);
}
