import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as germanDictionary } from "@zxcvbn-ts/language-de";
import { dictionary as englishDictionary } from "@zxcvbn-ts/language-en";
import { type PasswordStrength, toSpecStrength } from "./password-strength.ts";

/**
 * The password-strength estimator (studio-core.md §5, §9): zxcvbn-ts with the common, English and
 * German dictionaries, on the spec's scale 0 to 3 (the mapping: ./password-strength.ts). Server
 * only: the dictionaries are about 1.2 MB gzipped. The actions check new passwords with it, and
 * the meter of the signup, password and profile forms asks /resources/password-strength, which
 * answers with it (docs/decisions/0048-password-strength-on-the-server.md).
 */

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

// Ranking the dictionaries takes a few hundred milliseconds: right after the server loads this
// module (at start), not in the first visitor's request.
setTimeout(() => passwordStrength("warm-up"), 0).unref?.();
