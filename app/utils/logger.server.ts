import pino from "pino";
import { currentRequestId } from "./request-context.server.ts";

/**
 * Structured logs (pino, one JSON object per line on stdout; ADR 0046): every line names its
 * process (`service`) and, inside a request or a job, its `requestId`. LOG_LEVEL sets the level
 * (default info; silent in tests).
 */
export function createLogger(service: "studio" | "worker") {
  return pino({
    base: { service },
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  });
}

export type Logger = ReturnType<typeof createLogger>;
