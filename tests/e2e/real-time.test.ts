import { createId } from "@paralleldrive/cuid2";
import { expect, test } from "@playwright/test";
import { Redis } from "ioredis";
import { revokeUserSessions } from "#app/auth/session.server";
import { publishForcedLogout, publishToAccount } from "#app/events/publish.server";
import { E2E_REDIS_URL } from "./support/slot.ts";
import { e2eDb, insertUserWithLevel, logInAs, readSessionUser } from "../support/e2e-users.ts";

// The /events stream against the real stack: events published on Redis (as the worker, another
// studio instance or a token flow would) reach the open page without any user action.

// Opened per batch: with fullyParallel a worker may run this file's tests in several batches,
// each with its own beforeAll/afterAll, while the module itself is loaded once.
let redis: Redis;
test.beforeAll(() => {
  redis = new Redis(E2E_REDIS_URL);
});
test.afterAll(() => redis.quit());

test.describe("real-time events (en)", () => {
  test.use({ locale: "en-US" });

  test("a forced logout takes an open page to the login with 'Session expired'", async ({ page, context }) => {
    const user = await insertUserWithLevel("2", { user: { emailLanguage: "en" } });
    await logInAs(context, user);
    await page.goto("/epaper");
    await expect(page.getByRole("heading", { level: 1, name: "My ePaper" })).toBeVisible();
    // The stream is open once the page is interactive; wait until the server counts a subscriber.
    await expect.poll(async () => ((await redis.pubsub("NUMSUB", `events:user:${user.userId}`)) as [string, number])[1]).toBe(1);

    await revokeUserSessions(e2eDb(), user.userId, "forcedLogout");
    await publishForcedLogout(redis, { userId: user.userId });
    await expect(page).toHaveURL(/\/login\?.*notice=sessionExpired/);
    await expect(page.getByText("Session expired. Please log in again.")).toBeVisible();
  });

  test("'test phase expired' reaches a try-it user at once and asks to sign up", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "10.77.0.1" });
    await page.goto("/try-it");
    await expect(page).toHaveURL(/\/epaper$/);
    const { accountId } = await readSessionUser(page.context());
    await expect.poll(async () => ((await redis.pubsub("NUMSUB", `events:account:${accountId}`)) as [string, number])[1]).toBe(1);

    await publishToAccount(redis, accountId, { type: "testPhaseExpired", accountId, removeAt: null });
    const dialog = page.getByRole("alertdialog", { name: "Your test phase has ended" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByRole("dialog", { name: "Create your account" })).toBeVisible();
  });
});

test.describe("real-time events (de)", () => {
  test.use({ locale: "de-DE" });

  test("cancelling the ended test phase removes the try-it account", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "10.77.0.2" });
    await page.goto("/try-it");
    await expect(page).toHaveURL(/\/epaper$/);
    const { id, accountId } = await readSessionUser(page.context());
    await expect.poll(async () => ((await redis.pubsub("NUMSUB", `events:account:${accountId}`)) as [string, number])[1]).toBe(1);
    await publishToAccount(redis, accountId, { type: "testPhaseExpired", accountId, removeAt: null });
    const dialog = page.getByRole("alertdialog", { name: "Ihre Testphase ist abgelaufen" });
    await dialog.getByRole("button", { name: "Abbrechen und löschen" }).click();
    // The test ends on the landing page (LANDING_URL; the e2e run has none, so it is a 404 there).
    await expect(page).not.toHaveURL(/\/epaper/);
    expect(await e2eDb().selectFrom("user").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    expect(await e2eDb().selectFrom("account").select("id").where("id", "=", accountId).executeTakeFirst()).toBeUndefined();
    await page.goto("/epaper");
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe("real-time messages (de)", () => {
  test.use({ locale: "de-DE" });

  test("'refresh ePaper list' brings a new ePaper into the grid; a failed render is named in a message", async ({ page, context }) => {
    const user = await insertUserWithLevel("2", { user: { emailLanguage: "de" } });
    await logInAs(context, user);
    await page.goto("/epaper");
    await expect.poll(async () => ((await redis.pubsub("NUMSUB", `events:account:${user.accountId}`)) as [string, number])[1]).toBe(1);
    // Made elsewhere (another tab, support): the open grid learns of it from the event alone.
    const name = `Anderswo angelegt ${Date.now()}`;
    await e2eDb().insertInto("epaper").values({ id: createId(), accountId: user.accountId, name, languageCode: "de" }).execute();
    await publishToAccount(redis, user.accountId, { type: "refreshEpaperList" });
    await expect(page.getByRole("article", { name })).toBeVisible();
    // What the worker sends when a render fails for good: an error message naming the ePaper.
    await publishToAccount(redis, user.accountId, {
      type: "epaperProcess",
      epaperId: "x",
      process: "rendering",
      state: "failed",
      name,
      error: "renderProcessFailed",
    });
    await expect(
      page.getByTestId("toasts-assertive").getByText(`„${name}“ konnte nicht verarbeitet werden.`, { exact: false }),
    ).toBeVisible();
  });
});
