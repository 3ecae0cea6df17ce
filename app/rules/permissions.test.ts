import { permissionSubject } from "#tests/support/permission-subject";
import { describe, expect, test } from "vitest";
import { DemoError, Forbidden, UserNotConfirmed } from "#app/errors/app-error";
import {
  type AccountTarget,
  type PermissionChangeTarget,
  type PermissionKey,
  type PermissionSubject,
  type StaticPermissionKey,
  type UserTarget,
  type WriteResource,
  can,
  computePermissions,
  DEMO_GUARDED_RESOURCES,
  demoWriteBlocked,
  isLockedOutByMaintenance,
  PERMISSION_KEYS,
  requirePermission,
  requireWriteAllowed,
  outranks,
} from "./permissions.ts";

// Expectations are written out by hand from studio-admin.md §6, studio-core.md §6 and
// docs/decisions/0010-permissions.md; nothing here is derived from the module under test.

const SELF = "user-self";
const OWN_ACCOUNT = "account-own";
const CUSTOMER_ACCOUNT = "account-customer";

function subject(overrides: Partial<PermissionSubject>): PermissionSubject {
  return permissionSubject({ id: SELF, accountId: OWN_ACCOUNT, baseAccountId: OWN_ACCOUNT, ...overrides });
}

const PERSONAS = {
  editor: subject({ permissions: ["1"] }),
  manager: subject({ permissions: ["2"] }),
  support: subject({ permissions: ["3"] }),
  admin: subject({ permissions: ["4"] }),
  generated: subject({ permissions: ["2"], isGenerated: true, isTemporary: true }),
  // The generated flag restricts on its own, whatever try-it sets isTemporary to.
  generatedNotTemporary: subject({ permissions: ["2"], isGenerated: true }),
  unconfirmed: subject({ permissions: ["2"], isTemporary: true }),
  demoMember: subject({ permissions: ["2"], accountIsDemoAccount: true }),
  demoAdmin: subject({ permissions: ["4"], accountIsDemoAccount: true }),
  protectedOwner: subject({ permissions: ["2"], accountIsProtected: true }),
  protectedAdmin: subject({ permissions: ["4"], accountIsProtected: true }),
  curatingSupport: subject({ permissions: ["3"], demoActive: true }),
  switchedSupport: subject({ permissions: ["3"], accountId: CUSTOMER_ACCOUNT }),
  maintenanceManager: subject({ permissions: ["2"], maintenanceActive: true }),
  maintenanceSupport: subject({ permissions: ["3"], maintenanceActive: true }),
  maintenanceAdmin: subject({ permissions: ["4"], maintenanceActive: true }),
  tokenSession: subject({ permissions: ["2"], emailTokenUsed: true }),
  unknownLevels: subject({ permissions: ["5", "admin", ""] }),
} satisfies Record<string, PermissionSubject>;
type Persona = keyof typeof PERSONAS;
const ALL_PERSONAS = Object.keys(PERSONAS) as Persona[];

// Groups spelled out once so every table row below reads as the spec's "Who" column.
const STAFF: Persona[] = [
  "support",
  "admin",
  "demoAdmin",
  "protectedAdmin",
  "curatingSupport",
  "switchedSupport",
  "maintenanceSupport",
  "maintenanceAdmin",
];
const CONFIRMED_PAYERS: Persona[] = [...STAFF, "manager", "demoMember", "protectedOwner"];
const CONFIRMED_USERS: Persona[] = [...CONFIRMED_PAYERS, "editor", "unknownLevels"];
const GENERATED: Persona[] = ["generated", "generatedNotTemporary"];

type Row = { row: string; keys: StaticPermissionKey[]; allowed: Persona[] };

/** One entry per row of the capability table in studio-admin.md §6, in its order. */
const CAPABILITY_TABLE: Row[] = [
  {
    row: "support area, support list deletions, search, main menu: level 3 or 4",
    keys: [
      "support",
      "supportAccountListDelete",
      "supportAccountListDeleteAllEpaper",
      "supportChannelListDelete",
      "supportAccountListDeactivate",
      // issue 27: the other account writes and the switch, each also checked against the row's rank
      "supportAccountListEdit",
      "supportAccountListSwitch",
    ],
    allowed: STAFF,
  },
  {
    row: "payment, zip download, publish to channel, ePaper and channel menu and workspace, pages order and structure, switching own account: level 2, 3 or 4, non-temporary",
    keys: [
      "payment",
      "gettingZip",
      "publishToChannel",
      "epaperMenu",
      "channelMenu",
      "channelWorkspace",
      "epaperPagesOrderAndStructure",
      "switchAccount",
    ],
    allowed: CONFIRMED_PAYERS,
  },
  {
    row: "delete account: level 2, 3 or 4, non-temporary, and the account is not protected",
    keys: ["deleteAccount"],
    allowed: [
      "manager",
      "support",
      "admin",
      "demoMember",
      "demoAdmin",
      "curatingSupport",
      "switchedSupport",
      "maintenanceSupport",
      "maintenanceAdmin",
    ],
  },
  {
    row: "subdomain management, pages settings, table of contents, ePaper settings, details, preview link, profile, media: any non-temporary user",
    keys: [
      "subdomainManagement",
      "epaperPagesSettings",
      "epaperTableOfContents",
      "epaperSettings",
      "epaperDetails",
      "createPreviewLink",
      "profile",
      "media",
    ],
    allowed: CONFIRMED_USERS,
  },
  {
    row: "folder tree: not generated users",
    keys: ["tree"],
    allowed: [...CONFIRMED_USERS, "unconfirmed"],
  },
  {
    row: "preferences, renderserver, administration, devKit: level 4 only, and not a demo account",
    keys: ["preferences", "renderserver", "administration", "devKit"],
    allowed: ["admin", "protectedAdmin", "maintenanceAdmin"],
  },
  {
    row: "account drawer: levels 1 to 4",
    keys: ["account"],
    allowed: [...CONFIRMED_PAYERS, "editor", ...GENERATED, "unconfirmed"],
  },
  {
    row: "delete profile button: non-level-4 users of unprotected accounts (in the profile drawer)",
    keys: ["deleteProfileButton"],
    allowed: ["editor", "manager", "support", "demoMember", "curatingSupport", "switchedSupport", "maintenanceSupport", "unknownLevels"],
  },
  {
    row: "delete user: not oneself (support anywhere, paying members in their own account; rows checked below)",
    keys: ["deleteUser"],
    allowed: CONFIRMED_PAYERS,
  },
  {
    row: "edit user as support: level 3 or 4 (not self, not a demo account: rows checked below)",
    keys: ["editUserAsSupport"],
    allowed: STAFF,
  },
  {
    row: "change permissions: level 1 or above (not self, priority, not demo: rows checked below)",
    keys: ["changePermissions"],
    allowed: [...CONFIRMED_PAYERS, "editor"],
  },
  {
    row: "sign-up: generated users only",
    keys: ["signUp"],
    allowed: GENERATED,
  },
];

/** Keys whose rule comes from elsewhere in the specs or from ADR 0010. */
const OTHER_RULES: Row[] = [
  {
    row: "demoManagement: members of demo accounts, and support with demoActive on",
    keys: ["demoManagement"],
    allowed: ["demoMember", "demoAdmin", "curatingSupport"],
  },
  {
    row: "administeredWarning: acting in an account other than the base account",
    keys: ["administeredWarning"],
    allowed: ["switchedSupport"],
  },
  {
    row: "editAccount (the account drawer's company name): level 2, 3 or 4, non-temporary (ADR 0017)",
    keys: ["editAccount"],
    allowed: CONFIRMED_PAYERS,
  },
  {
    row: "affiliate (the account drawer's upload widget code): level 2, 3 or 4, non-temporary, not a demo account (ADR 0052)",
    keys: ["affiliate"],
    allowed: CONFIRMED_PAYERS.filter((persona) => persona !== "demoMember" && persona !== "demoAdmin"),
  },
  {
    row: "apiKeys (the account drawer's API keys): level 2, 3 or 4, non-temporary, not generated, not a demo account (ADR 0056)",
    keys: ["apiKeys"],
    allowed: CONFIRMED_PAYERS.filter((persona) => persona !== "demoMember" && persona !== "demoAdmin"),
  },
  {
    row: "webhooks (the account drawer's webhooks): as apiKeys, level 2, 3 or 4, non-temporary, not generated, not a demo account (ADR 0058)",
    keys: ["webhooks"],
    allowed: CONFIRMED_PAYERS.filter((persona) => persona !== "demoMember" && persona !== "demoAdmin"),
  },
  {
    row: "tutorial reset: any non-temporary user",
    keys: ["tutorial"],
    allowed: CONFIRMED_USERS,
  },
  {
    row: "upload: everyone but unconfirmed users (generated users upload to try the product)",
    keys: ["upload"],
    allowed: [...CONFIRMED_USERS, ...GENERATED],
  },
];

const EXPECTED = new Map<StaticPermissionKey, { row: string; allowed: Set<Persona> }>();
for (const { row, keys, allowed } of [...CAPABILITY_TABLE, ...OTHER_RULES]) {
  for (const key of keys) EXPECTED.set(key, { row, allowed: new Set(allowed) });
}

test("every GUI permission key named in either spec is a permission key", () => {
  const named = [
    "tree",
    "epaperDetails",
    "channelWorkspace",
    "demoManagement",
    "createPreviewLink",
    "gettingZip",
    "publishToChannel",
    "subdomainManagement",
    "epaperSettings",
    "epaperTableOfContents",
    "epaperPagesSettings",
    "epaperPagesOrderAndStructure",
    "administration",
    "support",
    "preferences",
    "switchAccount",
    "supportAccountListDeleteAllEpaper",
    "supportAccountListDelete",
    "supportChannelListDelete",
    "deleteUser",
    "editUserAsSupport",
    "changePermissions",
    "renderserver",
    "deleteAccount",
    "deleteProfileButton",
    "tutorial",
    "devKit",
    "administeredWarning",
  ];
  expect(PERMISSION_KEYS).toEqual(expect.arrayContaining(named));
});

test("the tables below give every permission key exactly one expectation", () => {
  expect([...EXPECTED.keys()].sort()).toEqual([...PERMISSION_KEYS].sort());
});

// Rows of these keys are checked one by one further down; here only the subject's side.
const TARGETED = new Set<string>([
  "deleteUser",
  "editUserAsSupport",
  "changePermissions",
  "supportAccountListDelete",
  "supportAccountListDeactivate",
  "supportAccountListDeleteAllEpaper",
  "supportAccountListEdit",
  "supportAccountListSwitch",
]);
const canWithoutRow = can as (subject: PermissionSubject, key: PermissionKey) => boolean;

describe.each([...EXPECTED.entries()])("%s", (key, { row, allowed }) => {
  test.each(ALL_PERSONAS)(`${row}: %s`, (persona) => {
    const permitted = allowed.has(persona);
    expect(computePermissions(PERSONAS[persona]).has(key)).toBe(permitted);
    if (!TARGETED.has(key)) expect(canWithoutRow(PERSONAS[persona], key)).toBe(permitted);
  });
});

describe("maintenance (each rule is off unless level 3 or 4)", () => {
  test("a level-2 user holds nothing but the e-mail notification switches", () => {
    const user = subject({ permissions: ["2"], maintenanceActive: true, emailConfigNames: ["zipReady"] });
    expect([...computePermissions(user)]).toEqual(["userEmailConfig-zipReady"]);
    expect(isLockedOutByMaintenance(user)).toBe(true);
  });

  test.each([
    [["1"], true],
    [["2"], true],
    [["3"], false],
    [["4"], false],
    [["1", "3"], false],
  ])("levels %j are locked out: %s", (permissions, lockedOut) => {
    expect(isLockedOutByMaintenance(subject({ permissions, maintenanceActive: true }))).toBe(lockedOut);
    expect(isLockedOutByMaintenance(subject({ permissions, maintenanceActive: false }))).toBe(false);
  });
});

test("the highest of several levels counts", () => {
  const user = subject({ permissions: ["1", "3"] });
  expect(can(user, "support")).toBe(true);
  expect(can(user, "preferences")).toBe(false);
});

describe("userEmailConfig-{name}: always allowed for the user's own configurations", () => {
  const names = ["epaperReady", "zipReady"];

  test.each([
    ["a confirmed user", subject({ emailConfigNames: names })],
    ["an e-mail token session", subject({ emailConfigNames: names, emailTokenUsed: true })],
    ["a user during maintenance", subject({ emailConfigNames: names, maintenanceActive: true })],
    ["an unconfirmed user", subject({ emailConfigNames: names, isTemporary: true })],
  ])("%s may switch them", (_, user) => {
    expect(can(user, "userEmailConfig-epaperReady")).toBe(true);
    expect(can(user, "userEmailConfig-zipReady")).toBe(true);
    expect(can(user, "userEmailConfig-channelPublicationReady")).toBe(false);
    expect(computePermissions(user).has("userEmailConfig-zipReady")).toBe(true);
    expect(computePermissions(user).has("userEmailConfig-channelPublicationReady")).toBe(false);
  });

  test("an e-mail token session holds no other key", () => {
    expect([...computePermissions(subject({ permissions: ["4"], emailTokenUsed: true, emailConfigNames: ["zipReady"] }))]).toEqual([
      "userEmailConfig-zipReady",
    ]);
  });
});

const RANK_1 = { highestLevel: 1, isProtected: false };
const colleague: UserTarget = { id: "user-colleague", accountId: OWN_ACCOUNT, accountIsDemoAccount: false, ...RANK_1 };
const customer: UserTarget = { id: "user-customer", accountId: CUSTOMER_ACCOUNT, accountIsDemoAccount: false, ...RANK_1 };
const demoUser: UserTarget = { id: "user-demo", accountId: "account-demo", accountIsDemoAccount: true, ...RANK_1 };
const me: UserTarget = { id: SELF, accountId: OWN_ACCOUNT, accountIsDemoAccount: false, ...RANK_1 };

describe("deleteUser: not oneself", () => {
  test.each([
    ["manager", colleague, true],
    ["manager", me, false],
    ["manager", customer, false],
    ["support", customer, true],
    ["support", colleague, true],
    ["support", me, false],
    ["editor", colleague, false],
    ["unconfirmed", colleague, false],
    ["generated", colleague, false],
    ["maintenanceManager", colleague, false],
  ] as [Persona, UserTarget, boolean][])("%s deleting %o: %s", (persona, target, allowed) => {
    expect(can(PERSONAS[persona], "deleteUser", target)).toBe(allowed);
  });
});

describe("editUserAsSupport: level 3 or 4, not self, not a demo account", () => {
  test.each([
    ["support", customer, true],
    ["admin", colleague, true],
    ["support", me, false],
    ["support", demoUser, false],
    ["manager", colleague, false],
    ["maintenanceSupport", customer, true],
  ] as [Persona, UserTarget, boolean][])("%s editing %o: %s", (persona, target, allowed) => {
    expect(can(PERSONAS[persona], "editUserAsSupport", target)).toBe(allowed);
  });
});

describe("changePermissions: not self, level 1 or above, priority not above own highest, not demo", () => {
  const change = (user: UserTarget, priority: PermissionChangeTarget["priority"], via: PermissionChangeTarget["via"]) => ({
    user,
    priority,
    via,
  });
  test.each([
    // The support list toggles staff roles; buttons below priority 3 are disabled there.
    ["admin", change(customer, "4", "supportList"), true],
    ["admin", change(customer, "3", "supportList"), true],
    ["admin", change(customer, "2", "supportList"), false],
    ["support", change(customer, "3", "supportList"), true],
    ["support", change(customer, "4", "supportList"), false],
    ["support", change(me, "3", "supportList"), false],
    ["admin", change(demoUser, "3", "supportList"), false],
    ["manager", change(customer, "2", "supportList"), false],
    // Members manage the roles of their own account's users.
    ["manager", change(colleague, "2", "account"), true],
    ["manager", change(colleague, "1", "account"), true],
    ["manager", change(colleague, "3", "account"), false],
    ["manager", change(customer, "1", "account"), false],
    ["manager", change(me, "1", "account"), false],
    ["editor", change(colleague, "1", "account"), true],
    ["editor", change(colleague, "2", "account"), false],
    ["generated", change(colleague, "1", "account"), false],
    ["unconfirmed", change(colleague, "1", "account"), false],
    ["demoMember", change(demoUser, "1", "account"), false],
    ["maintenanceManager", change(colleague, "1", "account"), false],
    ["admin", { user: customer, priority: "5" as "4", via: "supportList" }, false],
  ] as [Persona, PermissionChangeTarget, boolean][])("%s changing %o: %s", (persona, target, allowed) => {
    expect(can(PERSONAS[persona], "changePermissions", target)).toBe(allowed);
  });
});

const customerAccount: AccountTarget = { id: CUSTOMER_ACCOUNT, isProtected: false, isDemoAccount: false, highestLevel: 2 };
const protectedAccount: AccountTarget = { id: "account-protected", isProtected: true, isDemoAccount: false, highestLevel: 2 };
const demoAccount: AccountTarget = { id: "account-demo", isProtected: false, isDemoAccount: true, highestLevel: 2 };
const ownAccount: AccountTarget = { id: OWN_ACCOUNT, isProtected: false, isDemoAccount: false, highestLevel: 3 };

describe("support account list", () => {
  test.each([
    // support account delete: not own account and not protected; demo accounts keep their ePapers
    ["supportAccountListDelete", "support", customerAccount, true],
    ["supportAccountListDelete", "support", protectedAccount, false],
    ["supportAccountListDelete", "support", ownAccount, false],
    ["supportAccountListDelete", "support", demoAccount, false],
    ["supportAccountListDelete", "switchedSupport", customerAccount, false],
    ["supportAccountListDelete", "switchedSupport", ownAccount, false],
    ["supportAccountListDelete", "manager", customerAccount, false],
    // protected accounts and the current account cannot be deactivated
    ["supportAccountListDeactivate", "support", customerAccount, true],
    ["supportAccountListDeactivate", "support", demoAccount, true],
    ["supportAccountListDeactivate", "support", protectedAccount, false],
    ["supportAccountListDeactivate", "support", ownAccount, false],
    ["supportAccountListDeactivate", "switchedSupport", customerAccount, false],
    ["supportAccountListDeactivate", "manager", customerAccount, false],
    // demo accounts' ePapers cannot be deleted
    ["supportAccountListDeleteAllEpaper", "support", customerAccount, true],
    // issue 27: a protected account is changed by level 4 only
    ["supportAccountListDeleteAllEpaper", "support", protectedAccount, false],
    ["supportAccountListDeleteAllEpaper", "admin", protectedAccount, true],
    ["supportAccountListDeleteAllEpaper", "support", demoAccount, false],
    ["supportAccountListDeleteAllEpaper", "manager", customerAccount, false],
    ["supportAccountListDeleteAllEpaper", "maintenanceManager", customerAccount, false],
  ] as [
    "supportAccountListDelete" | "supportAccountListDeactivate" | "supportAccountListDeleteAllEpaper",
    Persona,
    AccountTarget,
    boolean,
  ][])("%s by %s on %o: %s", (key, persona, target, allowed) => {
    expect(can(PERSONAS[persona], key, target)).toBe(allowed);
  });
});

/*
 * The hierarchy (issue 27): whoever acts on a user or an account must hold at least its highest
 * level, and only level 4 acts on a protected account or its users. Written out by hand: the
 * takeover it closes was a support user (3) editing the admin (4) of a protected account.
 */
describe("the hierarchy: nobody acts above their own level", () => {
  const userAt = (highestLevel: number, isProtected = false): UserTarget => ({
    id: `user-${highestLevel}-${isProtected}`,
    accountId: CUSTOMER_ACCOUNT,
    accountIsDemoAccount: false,
    highestLevel,
    isProtected,
  });
  const accountAt = (highestLevel: number, isProtected = false): AccountTarget => ({
    id: `account-${highestLevel}-${isProtected}`,
    isDemoAccount: false,
    highestLevel,
    isProtected,
  });
  // [persona, target level, protected, allowed]
  const CASES: [Persona, number, boolean, boolean][] = [
    ["support", 1, false, true],
    ["support", 2, false, true],
    ["support", 3, false, true],
    ["support", 4, false, false],
    ["support", 2, true, false],
    ["support", 4, true, false],
    ["admin", 4, false, true],
    ["admin", 3, true, true],
    ["admin", 4, true, true],
  ];
  test.each(CASES)("%s on a user of level %i (protected: %s): %s", (persona, level, isProtected, allowed) => {
    const user = userAt(level, isProtected);
    expect(can(PERSONAS[persona], "editUserAsSupport", user)).toBe(allowed);
    expect(can(PERSONAS[persona], "deleteUser", user)).toBe(allowed);
    expect(can(PERSONAS[persona], "changePermissions", { user, priority: "3", via: "supportList" })).toBe(allowed);
    expect(outranks(PERSONAS[persona], user)).toBe(allowed);
  });
  test.each(CASES)("%s on an account of level %i (protected: %s): %s", (persona, level, isProtected, allowed) => {
    const account = accountAt(level, isProtected);
    for (const key of ["supportAccountListEdit", "supportAccountListSwitch", "supportAccountListDeleteAllEpaper"] as const) {
      expect(can(PERSONAS[persona], key, account)).toBe(allowed);
    }
    // Deleting and deactivating keep their own rule on top: never a protected account.
    expect(can(PERSONAS[persona], "supportAccountListDelete", account)).toBe(allowed && !isProtected);
  });
  test("the takeover of issue 27 is refused with its reason; a manager cannot act on a support user of the account", () => {
    expect(() => requirePermission(PERSONAS.support, "editUserAsSupport", userAt(4, true))).toThrowError(
      expect.objectContaining({ name: "Forbidden", reason: "higherLevel" }),
    );
    const supportColleague = { ...colleague, highestLevel: 3 };
    expect(can(PERSONAS.manager, "deleteUser", supportColleague)).toBe(false);
    expect(can(PERSONAS.manager, "changePermissions", { user: supportColleague, priority: "1", via: "account" })).toBe(false);
  });
});

test("a targeted key without its row is refused", () => {
  expect(canWithoutRow(PERSONAS.admin, "deleteUser")).toBe(false);
  expect(canWithoutRow(PERSONAS.admin, "supportAccountListDelete")).toBe(false);
});

describe("requirePermission", () => {
  test("passes silently when the key is held", () => {
    expect(() => requirePermission(PERSONAS.manager, "gettingZip")).not.toThrow();
    expect(() => requirePermission(PERSONAS.manager, "deleteUser", colleague)).not.toThrow();
  });

  test("a missing level is Forbidden", () => {
    expect(() => requirePermission(PERSONAS.editor, "gettingZip")).toThrowError(
      expect.objectContaining({ name: "Forbidden", status: 403, permission: "gettingZip", reason: "missingPermission" }),
    );
    expect(() => requirePermission(PERSONAS.manager, "deleteUser", me)).toThrowError(Forbidden);
  });

  test.each(["epaperDetails", "gettingZip", "upload", "profile"] as const)(
    "an unconfirmed user asking for %s is told to confirm the registration",
    (key) => {
      expect(() => requirePermission(PERSONAS.unconfirmed, key)).toThrowError(UserNotConfirmed);
    },
  );

  test("confirming would not help: Forbidden, not UserNotConfirmed", () => {
    expect(() => requirePermission(PERSONAS.unconfirmed, "support")).toThrowError(Forbidden);
    expect(() => requirePermission(PERSONAS.generated, "epaperDetails")).toThrowError(Forbidden);
  });

  test("maintenance and e-mail token sessions say why", () => {
    expect(() => requirePermission(PERSONAS.maintenanceManager, "epaperDetails")).toThrowError(
      expect.objectContaining({ name: "Forbidden", reason: "maintenance" }),
    );
    expect(() => requirePermission(PERSONAS.tokenSession, "tree")).toThrowError(
      expect.objectContaining({ name: "Forbidden", reason: "emailTokenSession" }),
    );
    expect(() => requirePermission(PERSONAS.maintenanceSupport, "support")).not.toThrow();
  });
});

describe("demo content (studio-core.md §6)", () => {
  const demoEpaper = { resource: "epaper", targetIsDemo: true } as const;

  test.each([
    ["manager", true],
    ["editor", true],
    ["generated", true],
    ["support", true],
    ["admin", true],
    ["protectedAdmin", true],
    ["maintenanceManager", true],
    ["demoMember", false],
    ["demoAdmin", false],
    ["curatingSupport", false],
  ] as [Persona, boolean][])("a write to a demo ePaper by %s is blocked: %s", (persona, blocked) => {
    expect(demoWriteBlocked(PERSONAS[persona], demoEpaper)).toBe(blocked);
  });

  test.each(DEMO_GUARDED_RESOURCES)("%s writes on demo content are blocked without demoManagement", (resource) => {
    expect(demoWriteBlocked(PERSONAS.manager, { resource, targetIsDemo: true })).toBe(true);
    expect(demoWriteBlocked(PERSONAS.manager, { resource, targetIsDemo: false })).toBe(false);
  });

  test.each(["authentication", "account", "user", "gallery", "media"] as WriteResource[])(
    "%s writes are exempt from the demo rule",
    (resource) => {
      expect(demoWriteBlocked(PERSONAS.manager, { resource, targetIsDemo: true })).toBe(false);
    },
  );

  test("requireWriteAllowed answers DemoError, or Forbidden for maintenance and token sessions", () => {
    expect(() => requireWriteAllowed(PERSONAS.manager, demoEpaper)).toThrowError(DemoError);
    expect(() => requireWriteAllowed(PERSONAS.manager, { resource: "epaper", targetIsDemo: false })).not.toThrow();
    expect(() => requireWriteAllowed(PERSONAS.demoMember, demoEpaper)).not.toThrow();
    expect(() => requireWriteAllowed(PERSONAS.maintenanceSupport, demoEpaper)).toThrowError(DemoError);
    expect(() => requireWriteAllowed(PERSONAS.maintenanceManager, { resource: "folder", targetIsDemo: false })).toThrowError(
      expect.objectContaining({ name: "Forbidden", reason: "maintenance" }),
    );
    expect(() => requireWriteAllowed(PERSONAS.tokenSession, { resource: "page", targetIsDemo: false })).toThrowError(
      expect.objectContaining({ name: "Forbidden", reason: "emailTokenSession" }),
    );
  });
});
