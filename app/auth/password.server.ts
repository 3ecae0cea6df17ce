import { hash, verify } from "@node-rs/argon2";

// NOTE: @node-rs/argon2's Algorithm is a const enum (unusable under isolatedModules);
// 2 is Argon2id, the variant OWASP recommends for passwords.
const ARGON2ID = 2;

/** Hashes a password with argon2id; the result carries its own salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/** Constant-time check of a password against a stored argon2 hash. */
export function verifyPassword(password: string, passwordHash: string): Promise<boolean> {
  return verify(passwordHash, password);
}
