/**
 * Password strength on the spec's scale 0 to 3 (studio-core.md §5, §9): the type, the mapping of
 * zxcvbn's score and the contract of /resources/password-strength, shared by server and browser.
 * The estimator itself (zxcvbn-ts with the common, English and German dictionaries, about 1.2 MB
 * gzipped) runs on the server only: ./password-strength.server.ts. The browser asks the resource
 * route (docs/decisions/0048-password-strength-on-the-server.md).
 *
 * Mapping of zxcvbn's score (0 to 4, by estimated guesses) onto the spec's scale
 * (docs/decisions/0012-account-validation.md):
 *   zxcvbn 0 or 1 (< 10^6 guesses)  -> 0
 *   zxcvbn 2      (< 10^8 guesses)  -> 1
 *   zxcvbn 3      (< 10^10 guesses) -> 2  (the minimum for signup and reset)
 *   zxcvbn 4      (>= 10^10)        -> 3
 */
export type PasswordStrength = 0 | 1 | 2 | 3;
export type ZxcvbnScore = 0 | 1 | 2 | 3 | 4;

/** Maps zxcvbn's 0 to 4 onto the spec's 0 to 3 (see the table above). */
export function toSpecStrength(score: ZxcvbnScore): PasswordStrength {
  return Math.max(0, score - 1) as PasswordStrength;
}

export function isPasswordStrength(value: unknown): value is PasswordStrength {
  return value === 0 || value === 1 || value === 2 || value === 3;
}

/**
 * What POST /resources/password-strength accepts: `password` (at most PASSWORD_MAX_LENGTH
 * characters, as every new password) and up to `maxUserInputs` of the user's own data (e-mail,
 * names, company), each at most `maxUserInputLength` characters (the e-mail's column size), as
 * JSON `{ password, userInputs }` or form fields `password` and `userInputs` (repeated); the body
 * at most `maxBodyBytes`. It answers `{ strength }`.
 */
export const PASSWORD_STRENGTH_REQUEST = {
  maxUserInputs: 8,
  maxUserInputLength: 254,
  maxBodyBytes: 8 * 1024,
} as const;

/**
 * The user inputs as the estimator reads them (trimmed, lower case, each once, empty ones and
 * over-long ones left out), in a fixed order: equal lists give equal requests, so the browser can
 * keep one answer per password and list.
 */
export function strengthUserInputs(userInputs: readonly string[]): string[] {
  const words = new Set<string>();
  for (const input of userInputs) {
    const value = input.trim().toLowerCase();
    if (value && value.length <= PASSWORD_STRENGTH_REQUEST.maxUserInputLength) words.add(value);
  }
  return [...words].sort().slice(0, PASSWORD_STRENGTH_REQUEST.maxUserInputs);
}
