import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as germanDictionary } from "@zxcvbn-ts/language-de";
import { dictionary as englishDictionary } from "@zxcvbn-ts/language-en";

/**
 * Password strength on the spec's scale 0 to 3 (studio-core.md §5, §9), estimated by zxcvbn-ts
 * with the common, English and German dictionaries. Works on the server and in the browser, but
 * the dictionaries are large (about 1.2 MB gzipped): a page that shows a meter should load this
 * module with a dynamic `import()` so that it stays out of other routes' bundles.
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

/**
 * Only this many leading characters are estimated: the cost grows steeply with length, and a
 * prefix never scores higher than the whole password, so truncating errs on the safe side.
 */
export const STRENGTH_MAX_CHECKED_LENGTH = 32;

/** Words of this product that make a password easy to guess, whatever the user typed. */
const SITE_WORDS = ["epaper", "studio", "epaperstudio", "passwort", "password", "kennwort", "qwertz", "qwerty"];

let estimator: ZxcvbnFactory | undefined;

function getEstimator(): ZxcvbnFactory {
  // Built on first use: ranking the dictionaries takes a few hundred milliseconds.
  estimator ??= new ZxcvbnFactory({
    dictionary: {
      ...commonDictionary,
      ...englishDictionary,
      // The German package (3.x) names its lists without a language suffix; suffix them so
      // that they never overwrite another package's lists.
      ...Object.fromEntries(Object.entries(germanDictionary).map(([name, words]) => [`${name}-de`, words])),
    },
    graphs: adjacencyGraphs,
    maxLength: STRENGTH_MAX_CHECKED_LENGTH,
    // Trying l33t variants is the expensive part; 20 variants still catch 'P@ssw0rd'-style words.
    l33tMaxSubstitutions: 20,
  });
  return estimator;
}

/** Maps zxcvbn's 0 to 4 onto the spec's 0 to 3 (see the table above). */
export function toSpecStrength(score: ZxcvbnScore): PasswordStrength {
  return Math.max(0, score - 1) as PasswordStrength;
}

/** The user's own data (names, e-mail, company) as words zxcvbn should treat as known. */
function userInputWords(userInputs: readonly string[]): string[] {
  const words = new Set<string>();
  for (const input of userInputs) {
    const value = input.trim().toLowerCase();
    if (!value) continue;
    words.add(value);
    for (const part of value.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/**
 * Estimates how hard a password is to guess, on the spec's scale 0 to 3. `userInputs` are the
 * user's own data (e-mail, first and last name, company): passwords built from them score lower.
 */
export function passwordStrength(password: string, userInputs: readonly string[] = []): PasswordStrength {
  if (!password) return 0;
  const { score } = getEstimator().check(password, [...userInputWords(userInputs), ...SITE_WORDS]);
  return toSpecStrength(score);
}
