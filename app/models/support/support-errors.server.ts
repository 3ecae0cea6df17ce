import { AppError } from "#app/errors/app-error";

/** A support row action names a target that does not exist (or is gone): 404 with the translated message. */
export class SupportTargetNotFound extends AppError {
  constructor(what: string) {
    super("support.errors.notFound", { status: 404, detail: `support: no such ${what}` });
  }
}
