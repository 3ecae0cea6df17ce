import { createId } from "@paralleldrive/cuid2";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { hashPassword } from "#app/auth/password.server";
import { closeE2eDb, type E2eUser, e2eDb, insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { linkIn, waitForMail } from "./support/mailbox.ts";
import { atOneSize } from "./support/language-size.ts";
import { openMenu } from "./support/menus.ts";

// The account and profile drawers (studio-admin.md §4 "Account and profile", §5, §6, §8) in
// English and German against the real stack: every write goes through the resource routes, the
// mails over SMTP to the e2e mail catcher. Users are created per test (the desktop and phone
// projects run in parallel and must not share state).

test.afterAll(closeE2eDb);
// Each test walks a whole flow (mails over SMTP, token pages, a second browser); on a busy
// two-core machine that takes longer than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const LANGUAGES = [
  {
    code: "en",
    locale: "en-US",
    menu: { main: /^Main menu/, account: "Account", profile: "Profile" },
    profile: {
      firstname: "First name",
      lastname: "Last name",
      email: "E-mail address",
      save: "Save",
      saved: "Your profile has been saved.",
      requested: /We have sent a link to (\S+)\. Your new e-mail address applies once you confirm it\./,
      pending: "New e-mail address, waiting for confirmation",
      current: "Current password",
      newPassword: "New password",
      confirmation: "Repeat new password",
      changePassword: "Change password",
      wrongCurrent: "This is not your current password",
      passwordChanged: "Your password has been changed. Your other devices have been logged out.",
      notification: "Zip ready",
      notificationsSaved: "Your e-mail notifications have been saved.",
      deleteProfile: "Delete profile",
      sendLink: "Send link",
      deleteProfileCached: "We have sent you an e-mail. Your profile is deleted once you confirm with the link in it.",
      lastUser: "You are the only user of this account, so your profile cannot be deleted on its own. Please delete the account instead.",
      deleteAccountInstead: "Delete account instead",
    },
    account: {
      company: "Company",
      save: "Save",
      saved: "The account has been saved.",
      readOnly: "Only owners and managers can change the company name.",
      deleteAccount: "Delete account",
      deleteAccountCached: "We have sent you an e-mail. The account is deleted once you confirm with the link in it.",
      activeChannels: "Active channel subscriptions",
      manageChannels: "Manage channels",
      contactSupport: "Contact support",
    },
    mail: {
      emailReset: /Confirm your new e-mail address/,
      deleteUser: /deletion of your profile/,
      deleteAccount: /deletion of your account/,
    },
    done: {
      emailChanged: (email: string) => `Your e-mail address has been changed to ${email}. Please log in with it.`,
      userDeleted: "Your user has been deleted.",
      deleteUserTitle: "Delete your user",
      deleteUserPress: "Delete my user",
    },
    login: { email: "E-mail address", password: "Password", submit: "Log in", notFound: /There is no account with the e-mail address/ },
    toasts: "Notifications",
    startHeading: "My ePaper",
  },
  {
    code: "de",
    locale: "de-DE",
    menu: { main: /^Hauptmenü/, account: "Konto", profile: "Profil" },
    profile: {
      firstname: "Vorname",
      lastname: "Nachname",
      email: "E-Mail-Adresse",
      save: "Speichern",
      saved: "Ihr Profil wurde gespeichert.",
      requested: /Wir haben einen Link an (\S+) gesendet\. Ihre neue E-Mail-Adresse gilt, sobald Sie sie bestätigen\./,
      pending: "Neue E-Mail-Adresse, wartet auf Bestätigung",
      current: "Aktuelles Passwort",
      newPassword: "Neues Passwort",
      confirmation: "Neues Passwort wiederholen",
      changePassword: "Passwort ändern",
      wrongCurrent: "Das ist nicht Ihr aktuelles Passwort",
      passwordChanged: "Ihr Passwort wurde geändert. Ihre anderen Geräte wurden abgemeldet.",
      notification: "Zip fertig",
      notificationsSaved: "Ihre E-Mail-Benachrichtigungen wurden gespeichert.",
      deleteProfile: "Profil löschen",
      sendLink: "Link senden",
      deleteProfileCached: "Wir haben Ihnen eine E-Mail geschickt. Ihr Profil wird gelöscht, sobald Sie mit dem Link darin bestätigen.",
      lastUser:
        "Sie sind der einzige Benutzer dieses Kontos, deshalb kann Ihr Profil nicht allein gelöscht werden. Bitte löschen Sie stattdessen das Konto.",
      deleteAccountInstead: "Stattdessen Konto löschen",
    },
    account: {
      company: "Firma",
      save: "Speichern",
      saved: "Das Konto wurde gespeichert.",
      readOnly: "Nur Inhaber und Manager können den Firmennamen ändern.",
      deleteAccount: "Konto löschen",
      deleteAccountCached: "Wir haben Ihnen eine E-Mail geschickt. Das Konto wird gelöscht, sobald Sie mit dem Link darin bestätigen.",
      activeChannels: "Aktive Kanal-Abonnements",
      manageChannels: "Kanäle verwalten",
      contactSupport: "Support kontaktieren",
    },
    mail: {
      emailReset: /Bestätigen Sie Ihre neue E-Mail-Adresse/,
      deleteUser: /Löschen Ihres Profils/,
      deleteAccount: /Löschen Ihres Kontos/,
    },
    done: {
      emailChanged: (email: string) => `Ihre E-Mail-Adresse wurde in ${email} geändert. Bitte melden Sie sich damit an.`,
      userDeleted: "Ihr Benutzer wurde gelöscht.",
      deleteUserTitle: "Benutzer löschen",
      deleteUserPress: "Meinen Benutzer löschen",
    },
    login: { email: "E-Mail-Adresse", password: "Passwort", submit: "Anmelden", notFound: /Es gibt kein Konto mit der E-Mail-Adresse/ },
    toasts: "Benachrichtigungen",
    startHeading: "Meine ePaper",
  },
] as const;

type Language = (typeof LANGUAGES)[number];

/** A studio page inside the app shell, for every level; the drawers open over it. */
const START = "/epaper";

const OLD_PASSWORD = "Alt&Passwort-2020x";
const NEW_PASSWORD = "Mond&Segel77-Hafen";

/** A visitor's own address (serve.sh trusts X-Forwarded-For), so per-IP limits count per test. */
function visitorHeaders() {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return { "X-Forwarded-For": `10.${byte()}.${byte()}.${byte()}` };
}

async function freshPage(browser: Browser, lang: Language) {
  const context = await browser.newContext({ locale: lang.locale, extraHTTPHeaders: visitorHeaders() });
  return context.newPage();
}

/** A confirmed user with a password, in the page's language, with their notifications on. */
async function userWithPassword(lang: Language, level: "1" | "2" = "2", account: { name?: string } = {}): Promise<E2eUser> {
  const user = await insertUserWithLevel(level, {
    user: { emailLanguage: lang.code, firstname: "Jana", lastname: "Profil", passwordHash: await hashPassword(OLD_PASSWORD) },
    account,
  });
  const db = e2eDb();
  for (const config of await db.selectFrom("emailConfig").select("id").execute()) {
    await db
      .insertInto("userEmailConfig")
      .values({ id: createId(), userId: user.userId, emailConfigId: config.id, active: true })
      .execute();
  }
  return user;
}

async function openDrawer(page: Page, lang: Language, which: "account" | "profile") {
  const menuButton = page.getByRole("button", { name: lang.menu.main });
  const item = page.getByRole("menuitem", { name: lang.menu[which], exact: true });
  // A press before hydration opens nothing: press again until the menu is there.
  await expect(async () => {
    if (!(await item.isVisible())) await menuButton.click();
    await expect(item).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await item.click();
  const drawer = page.getByRole("dialog", { name: lang.menu[which], exact: true });
  await expect(drawer).toBeVisible();
  return drawer;
}

function toasts(page: Page, lang: Language) {
  return page.getByRole("region", { name: lang.toasts });
}

async function logInWithForm(page: Page, lang: Language, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel(lang.login.email).fill(email);
  await page.getByLabel(lang.login.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: lang.login.submit, exact: true }).click();
}

for (const lang of LANGUAGES) {
  test.describe(`profile drawer (${lang.code})`, atOneSize(lang.code), () => {
    test.use({ locale: lang.locale, extraHTTPHeaders: visitorHeaders() });

    test("names are saved and shown again after a reload", async ({ page, context }) => {
      const user = await userWithPassword(lang);
      await logInAs(context, user);
      await page.goto(START);
      const drawer = await openDrawer(page, lang, "profile");
      await drawer.getByLabel(lang.profile.firstname).fill("Johanna");
      await drawer.getByLabel(lang.profile.lastname).fill("Schmitz");
      await drawer.getByRole("button", { name: lang.profile.save, exact: true }).click();
      await expect(toasts(page, lang)).toContainText(lang.profile.saved);

      await page.reload();
      const again = await openDrawer(page, lang, "profile");
      await expect(again.getByLabel(lang.profile.firstname)).toHaveValue("Johanna");
      await expect(again.getByLabel(lang.profile.lastname)).toHaveValue("Schmitz");
      const row = await e2eDb()
        .selectFrom("user")
        .select(["firstname", "lastname"])
        .where("id", "=", user.userId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ firstname: "Johanna", lastname: "Schmitz" });
    });

    test("an e-mail change is mailed to the new address; its link changes the login and ends the sessions", async ({
      page,
      context,
      browser,
    }) => {
      const user = await userWithPassword(lang);
      await logInAs(context, user);
      await page.goto(START);
      const drawer = await openDrawer(page, lang, "profile");
      // An address another user has is refused on the field.
      const other = await insertUserWithLevel("1");
      await drawer.getByLabel(lang.profile.email).fill(other.email);
      await drawer.getByRole("button", { name: lang.profile.save, exact: true }).click();
      await expect(
        drawer.getByText(
          lang.code === "en" ? /already in use or has already been requested/ : /bereits verwendet oder wurde bereits angefordert/,
        ),
      ).toBeVisible();

      const newEmail = `changed-${lang.code}-${createId()}@example.com`;
      await drawer.getByLabel(lang.profile.email).fill(newEmail);
      await drawer.getByRole("button", { name: lang.profile.save, exact: true }).click();
      await expect(toasts(page, lang)).toContainText(lang.profile.requested);
      await expect(drawer.getByTestId("requested-email")).toContainText(`${lang.profile.pending}: ${newEmail}`);
      // Until confirmed the login stays the old address.
      await expect(drawer.getByLabel(lang.profile.email)).toHaveValue(user.email);

      const mail = await waitForMail(newEmail, { subject: lang.mail.emailReset });
      expect(mail.text).toContain(newEmail);
      const other2 = await freshPage(browser, lang);
      // The token page waits 2 s ("your request is checked"), then posts.
      await other2.goto(linkIn(mail, "/auth/email-reset/with/"));
      await expect(other2.getByText(lang.done.emailChanged(newEmail))).toBeVisible({ timeout: 15_000 });
      await other2.context().close();

      const row = await e2eDb()
        .selectFrom("user")
        .select(["email", "requestedEmail"])
        .where("id", "=", user.userId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ email: newEmail, requestedEmail: null });
      // The session that asked for it has ended too.
      await page.goto(START);
      await expect(page).toHaveURL(/\/login/);
    });

    test("change password: a wrong current password is refused; the new one logs in, other devices are logged out", async ({
      page,
      context,
      browser,
    }) => {
      const user = await userWithPassword(lang);
      const otherDevice = await freshPage(browser, lang);
      await logInAs(otherDevice.context(), user);
      await logInAs(context, user);
      await page.goto(START);
      const drawer = await openDrawer(page, lang, "profile");
      await drawer.getByLabel(lang.profile.current, { exact: true }).fill("Falsch&Passwort-99");
      await drawer.getByLabel(lang.profile.newPassword, { exact: true }).fill(NEW_PASSWORD);
      await drawer.getByLabel(lang.profile.confirmation, { exact: true }).fill(NEW_PASSWORD);
      await expect(drawer.getByTestId("password-strength")).toHaveAttribute("data-strength", "3");
      await drawer.getByRole("button", { name: lang.profile.changePassword, exact: true }).click();
      await expect(drawer.getByText(lang.profile.wrongCurrent)).toBeVisible();

      await drawer.getByLabel(lang.profile.current, { exact: true }).fill(OLD_PASSWORD);
      await drawer.getByLabel(lang.profile.newPassword, { exact: true }).fill(NEW_PASSWORD);
      await drawer.getByLabel(lang.profile.confirmation, { exact: true }).fill(NEW_PASSWORD);
      await drawer.getByRole("button", { name: lang.profile.changePassword, exact: true }).click();
      // Two argon2 hashes (check the current password, hash the new one) are slow on purpose; on
      // a busy two-core machine they take more than the default 5 s.
      await expect(toasts(page, lang)).toContainText(lang.profile.passwordChanged, { timeout: 15_000 });
      // The drawer is still open: the message must not be inert, or screen readers never hear it.
      await expect(toasts(page, lang)).not.toHaveAttribute("inert");
      await expect(drawer.getByLabel(lang.profile.current, { exact: true })).toHaveValue("");

      // This session goes on; the other device's has ended.
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: lang.startHeading })).toBeVisible();
      await otherDevice.goto(START);
      await expect(otherDevice).toHaveURL(/\/login/);
      await otherDevice.context().close();

      const login = await freshPage(browser, lang);
      await logInWithForm(login, lang, user.email, NEW_PASSWORD);
      await expect(login).toHaveURL(/\/epaper(\?|$)/);
      await login.context().close();
    });

    test("a notification switched off stays off after a reload", async ({ page, context }) => {
      const user = await userWithPassword(lang);
      await logInAs(context, user);
      await page.goto(START);
      const drawer = await openDrawer(page, lang, "profile");
      const zipReady = drawer.getByRole("switch", { name: lang.profile.notification });
      await expect(zipReady).toBeChecked();
      // The visible label switches it, as a person does.
      await drawer.getByText(lang.profile.notification, { exact: true }).click();
      await expect(toasts(page, lang)).toContainText(lang.profile.notificationsSaved);
      await expect(zipReady).not.toBeChecked();

      await page.reload();
      const again = await openDrawer(page, lang, "profile");
      await expect(again.getByRole("switch", { name: lang.profile.notification })).not.toBeChecked();
      const settings = await e2eDb()
        .selectFrom("userEmailConfig")
        .innerJoin("emailConfig", "emailConfig.id", "userEmailConfig.emailConfigId")
        .select(["emailConfig.name", "userEmailConfig.active"])
        .where("userEmailConfig.userId", "=", user.userId)
        .orderBy("emailConfig.name")
        .execute();
      expect(settings.map((s) => [s.name, Boolean(s.active)])).toEqual([
        ["channelPublicationReady", true],
        ["epaperReady", true],
        ["zipReady", false],
      ]);
    });

    test("delete profile of a user with a colleague: mail, link, the user is gone and cannot log in", async ({
      page,
      context,
      browser,
    }) => {
      const user = await userWithPassword(lang);
      const colleagueId = createId();
      await e2eDb()
        .insertInto("user")
        .values({ id: colleagueId, accountId: user.accountId, baseAccountId: user.accountId, email: `${colleagueId}@e2e.epaper.test` })
        .execute();
      await logInAs(context, user);
      await page.goto(START);
      const drawer = await openDrawer(page, lang, "profile");
      await drawer.getByRole("button", { name: lang.profile.deleteProfile, exact: true }).click();
      const confirm = page.getByRole("alertdialog");
      await expect(confirm).toBeVisible();
      await confirm.getByRole("button", { name: lang.profile.sendLink }).click();
      await expect(confirm).toBeHidden();
      await expect(toasts(page, lang)).toContainText(lang.profile.deleteProfileCached);

      const mail = await waitForMail(user.email, { subject: lang.mail.deleteUser });
      const other = await freshPage(browser, lang);
      // Opening the link deletes nothing (a mail scanner opens links too): the press does.
      await other.goto(linkIn(mail, "/auth/delete-user/with/"));
      await expect(other.getByRole("heading", { level: 1, name: lang.done.deleteUserTitle })).toBeVisible();
      expect(
        (await e2eDb().selectFrom("user").select("deletedAt").where("id", "=", user.userId).executeTakeFirstOrThrow()).deletedAt,
      ).toBeNull();
      await other.getByRole("button", { name: lang.done.deleteUserPress }).click();
      await expect(other.getByText(lang.done.userDeleted)).toBeVisible();
      await other.context().close();

      const row = await e2eDb().selectFrom("user").select("deletedAt").where("id", "=", user.userId).executeTakeFirstOrThrow();
      expect(row.deletedAt).not.toBeNull();
      await page.goto(START);
      await expect(page).toHaveURL(/\/login/);
      const login = await freshPage(browser, lang);
      await logInWithForm(login, lang, user.email, OLD_PASSWORD);
      await expect(login.getByRole("alert")).toContainText(lang.login.notFound);
      await expect(login).toHaveURL(/\/login/);
      await login.context().close();
    });

    test("the last user is told to delete the account instead, and can ask for that mail", async ({ page, context }) => {
      const user = await userWithPassword(lang, "2", { name: `Letzte GmbH ${lang.code}` });
      await logInAs(context, user);
      await page.goto(START);
      const drawer = await openDrawer(page, lang, "profile");
      await drawer.getByRole("button", { name: lang.profile.deleteProfile, exact: true }).click();
      const lastUser = page.getByRole("alertdialog");
      await expect(lastUser).toContainText(lang.profile.lastUser);
      await lastUser.getByRole("button", { name: lang.profile.deleteAccountInstead }).click();
      const confirm = page.getByRole("alertdialog");
      await expect(confirm).toContainText(`Letzte GmbH ${lang.code}`);
      await confirm.getByRole("button", { name: lang.profile.sendLink }).click();
      await expect(toasts(page, lang)).toContainText(lang.account.deleteAccountCached);
      const mail = await waitForMail(user.email, { subject: lang.mail.deleteAccount });
      expect(linkIn(mail, "/auth/delete-account/with/")).toMatch(/^http/);
      // Nothing is deleted before the link is used.
      const user2 = await e2eDb().selectFrom("user").select("deletedAt").where("id", "=", user.userId).executeTakeFirstOrThrow();
      expect(user2.deletedAt).toBeNull();
    });
  });

  test.describe(`account drawer (${lang.code})`, atOneSize(lang.code), () => {
    test.use({ locale: lang.locale, extraHTTPHeaders: visitorHeaders() });

    test("an owner renames the account", async ({ page, context }) => {
      const user = await userWithPassword(lang, "2", { name: "Alt GmbH" });
      await logInAs(context, user);
      await page.goto(START);
      const drawer = await openDrawer(page, lang, "account");
      const company = drawer.getByLabel(lang.account.company);
      await expect(company).toHaveValue("Alt GmbH");
      await company.fill("Neu & Söhne GmbH");
      await drawer.getByRole("button", { name: lang.account.save, exact: true }).click();
      await expect(toasts(page, lang)).toContainText(lang.account.saved);
      await page.reload();
      const again = await openDrawer(page, lang, "account");
      await expect(again.getByLabel(lang.account.company)).toHaveValue("Neu & Söhne GmbH");
      const row = await e2eDb().selectFrom("account").select("name").where("id", "=", user.accountId).executeTakeFirstOrThrow();
      expect(row.name).toBe("Neu & Söhne GmbH");
    });

    test("an editor (level 1) sees the name read-only, and the server refuses a rename posted directly", async ({ page, context }) => {
      const editor = await userWithPassword(lang, "1", { name: "Redaktion GmbH" });
      await logInAs(context, editor);
      await page.goto(START);
      const drawer = await openDrawer(page, lang, "account");
      await expect(drawer.getByText(lang.account.readOnly)).toBeVisible();
      await expect(drawer.getByText("Redaktion GmbH")).toBeVisible();
      await expect(drawer.getByRole("textbox")).toHaveCount(0);
      await expect(drawer.getByRole("button", { name: lang.account.deleteAccount })).toHaveCount(0);

      for (const path of ["/resources/account-settings", "/resources/account-settings.data"]) {
        const post = await page.request.post(path, { form: { intent: "rename", name: "Gekapert GmbH" }, maxRedirects: 0 });
        expect(post.status(), path).toBe(403);
        expect(post.headers()["set-cookie"], path).toMatch(/^ep_toast=/);
      }
      const deletion = await page.request.post("/resources/account-settings", { form: { intent: "deleteAccount" }, maxRedirects: 0 });
      expect(deletion.status()).toBe(403);
      const row = await e2eDb().selectFrom("account").select("name").where("id", "=", editor.accountId).executeTakeFirstOrThrow();
      expect(row.name).toBe("Redaktion GmbH");
    });

    test("with an active channel subscription, deleting the account offers manage channels or contact support", async ({
      page,
      context,
    }) => {
      const user = await userWithPassword(lang);
      const channelId = createId();
      await e2eDb()
        .insertInto("channel")
        .values({ id: channelId, accountId: user.accountId, name: "Kanal", shortPath: channelId })
        .execute();
      await logInAs(context, user);
      await page.goto(START);
      const drawer = await openDrawer(page, lang, "account");
      await drawer.getByRole("button", { name: lang.account.deleteAccount, exact: true }).click();
      const dialog = page.getByRole("alertdialog", { name: lang.account.activeChannels });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("link", { name: lang.account.contactSupport })).toHaveAttribute("href", "mailto:support@epaper.test");
      // The server refuses the mail as well.
      const post = await page.request.post("/resources/account-settings", { form: { intent: "deleteAccount" }, maxRedirects: 0 });
      expect(post.status()).toBe(409);
      await dialog.getByRole("link", { name: lang.account.manageChannels }).click();
      // It opens the channel subscriptions (the shop channels dialog) over the page.
      await expect(page).toHaveURL(/\?dialog=shopChannels$/);
      await expect(page.getByRole("alertdialog")).toHaveCount(0);
      await expect(page.getByRole("dialog", { name: /^(Channel subscriptions|Kanal-Abonnements)$/ })).toBeVisible();
    });
  });
}

test.describe("generated (try-it) users", () => {
  test.use({ locale: "en-US" });

  test("have no profile to edit: the menu has none and the server refuses a direct post", async ({ page, context }) => {
    const user = await insertUserWithLevel("2", {
      user: { isGenerated: true, isTemporary: true },
      account: { isGenerated: true, isTemporary: true },
    });
    await logInAs(context, user);
    await page.goto(START);
    // The menu is open (pressed until hydrated), and holds no profile.
    const menu = await openMenu(page, page.getByRole("button", { name: /^Main menu/ }));
    await expect(menu.getByRole("menuitem", { name: "Profile", exact: true })).toHaveCount(0);
    await page.keyboard.press("Escape");
    const post = await page.request.post("/resources/profile", {
      form: { intent: "profile", firstname: "A", lastname: "B", email: user.email },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(403);
  });
});
