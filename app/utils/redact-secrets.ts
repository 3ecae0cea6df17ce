/*
 * What a log line, a metric label or an error report may say of a request path (issue 44, ADR
 * 0027): the one-time token of /auth/…/with/:token, /deactivate-email/…/with/:token and the
 * embedded hand-over /upload-embedded/continue/:token, and any segment as long as a token or a
 * preview link's hash, is replaced by "[secret]". Ids (cuid2, 24–25 characters) and short paths stay.
 */

/** What stands where a secret was: in a log line's path, in support's view of a mail's variables. */
export const REDACTED = "[secret]";

/** A raw one-time token (32 random bytes, base64url) or a preview hash: 32 or more URL-safe characters. */
const LONG_SECRET = /^[A-Za-z0-9_-]{32,}$/;
const TOKEN_PARENTS = new Set(["with", "continue"]);

export function redactPath(path: string): string {
  const segments = path.split("/");
  return segments
    .map((segment, index) =>
      segment !== "" && (TOKEN_PARENTS.has(segments[index - 1] ?? "") || LONG_SECRET.test(segment)) ? REDACTED : segment,
    )
    .join("/");
}

/**
 * What looks like a secret in a text (a test's net over logs and staff views): a link with a
 * token, or a bare string of a token's length and alphabet.
 */
export const SECRET_LOOKING =
  /\/with\/[A-Za-z0-9_-]{20,}|\/continue\/[A-Za-z0-9_-]{20,}|(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/;
