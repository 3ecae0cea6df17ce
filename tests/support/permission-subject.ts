import type { PermissionSubject } from "#app/rules/permissions";

/** A registered, confirmed level-2 user outside maintenance: tests change only what they are about. */
export function permissionSubject(overrides: Partial<PermissionSubject> = {}): PermissionSubject {
  return {
    id: "user",
    accountId: "account",
    baseAccountId: "account",
    permissions: ["2"],
    isGenerated: false,
    isTemporary: false,
    emailTokenUsed: false,
    demoActive: false,
    accountIsProtected: false,
    accountIsDemoAccount: false,
    maintenanceActive: false,
    emailConfigNames: [],
    ...overrides,
  };
}
