// NOTE: the error catalogue of issue 3 §8 (status codes, message keys, toasts) should absorb or
// re-export these classes; their `name` values are the server error names both specs handle.

/** Why a permission check refused, so the catalogue can tell maintenance apart from a missing right. */
export type ForbiddenReason = "missingPermission" | "maintenance" | "emailTokenSession";

/** A permission check refused the caller ('This action is not allowed.'). */
export class Forbidden extends Error {
  override readonly name = "Forbidden";
  readonly status = 403;
  readonly permission: string;
  readonly reason: ForbiddenReason;

  constructor(permission: string, reason: ForbiddenReason = "missingPermission") {
    super(`Permission '${permission}' refused: ${reason}`);
    this.permission = permission;
    this.reason = reason;
  }
}

/** The caller would hold the permission once they confirm their registration e-mail. */
export class UserNotConfirmed extends Error {
  override readonly name = "UserNotConfirmed";
  readonly status = 403;
  readonly permission: string;

  constructor(permission: string) {
    super(`Permission '${permission}' needs a confirmed registration`);
    this.permission = permission;
  }
}

/** A write to demo content by someone without demoManagement ('This action cannot be applied to demo content'). */
export class DemoError extends Error {
  override readonly name = "DemoError";
  readonly status = 403;
  readonly resource: string;

  constructor(resource: string) {
    super(`Writing ${resource} demo content needs demoManagement`);
    this.resource = resource;
  }
}
