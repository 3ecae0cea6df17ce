// NOTE: like app/utils/permission-error.ts, the error catalogue of issue 3 §8 (status codes,
// message keys, toasts) should absorb or re-export this class; `name` is the server error name.

/**
 * Translation key of the 'too many attempts' message, with `{{minutes}}` until the next try.
 * NOTE: add it to app/locales/en.ts and de.ts together with the first route that shows it.
 */
export const TOO_MANY_REQUESTS_MESSAGE_KEY = "errors.tooManyAttempts";

/**
 * A rate limit refused the request (429). `retryAfterMs` says when the window opens again; the
 * page shows `t(messageKey, { minutes: error.retryAfterMinutes })` and the response carries
 * `Retry-After` (see `headers`).
 */
export class TooManyRequests extends Error {
  override readonly name = "TooManyRequests";
  readonly status = 429;
  readonly messageKey = TOO_MANY_REQUESTS_MESSAGE_KEY;
  /** Which limit refused (a preset's bucket, e.g. "login-email"). */
  readonly bucket: string;
  readonly retryAfterMs: number;

  constructor(bucket: string, retryAfterMs: number) {
    super(`Rate limit '${bucket}' reached; retry in ${retryAfterMs} ms`);
    this.bucket = bucket;
    this.retryAfterMs = Math.max(0, retryAfterMs);
  }

  /** Whole seconds, at least 1: the value of the Retry-After header. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.retryAfterMs / 1000));
  }

  /** Whole minutes, at least 1, for the message. */
  get retryAfterMinutes(): number {
    return Math.max(1, Math.ceil(this.retryAfterMs / 60_000));
  }

  /** Response headers for a 429 answer. */
  get headers(): Record<string, string> {
    return { "Retry-After": String(this.retryAfterSeconds) };
  }
}
