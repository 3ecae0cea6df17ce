/**
 * Server errors of the §8 catalogue that have no home module yet (permission errors live in
 * permission-error.ts, rate limits in auth/errors.ts). Their `name` is what error-messages.ts
 * maps to a status and a message.
 */

/** The request is valid but the studio cannot do it yet ('This function has not been implemented yet'). */
export class NotImplemented extends Error {
  override readonly name = "NotImplemented";
  readonly status = 501;

  constructor(what: string) {
    super(`Not implemented yet: ${what}`);
  }
}
