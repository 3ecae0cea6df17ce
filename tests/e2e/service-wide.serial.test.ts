import { createId } from "@paralleldrive/cuid2";
import { expect, test } from "@playwright/test";
import { Redis } from "ioredis";
import { closeE2eDb, e2eDb, insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { axeViolations } from "./support/reader-checks.ts";
import { E2E_REDIS_URL } from "./support/slot.ts";
import { openMenu } from "./support/menus.ts";

// Journeys that change the whole service (issue 14), in the Playwright project 'service-wide',
// which starts after desktop and phone have finished; this file's tests run one after the other
// (two of them side by side would see each other's messages too).
//
// Maintenance (studio-admin.md §4): an admin turns it on after ticking the confirmation; a
// customer's open page turns into the maintenance screen at once, without a reload; turning it
// off asks the customer to reload and brings the workspace back.
//
// News (§4 'Tours and news'): the prompt 2 s after the page shows unread news, the carousel
// (position, next, pause), the header's news entries with headlines cut at 50 characters, and the
// single news. Active news appear on every page of their language.
//
// Service notification (studio-core.md §7; issue 30): a supporter's message reaches a customer's
// open page at once, as a message that stays until closed; HTML is refused in the dialog.

test.describe.configure({ mode: "serial" });

const newsIds = [createId(), createId(), createId()];
test.afterAll(async () => {
  await e2eDb()
    .updateTable("systemPreference")
    .set({ json: JSON.stringify({ maintenanceActive: { active: false } }) })
    .where("name", "=", "Maintenance")
    .execute();
  await e2eDb().deleteFrom("news").where("id", "in", newsIds).execute();
  await closeE2eDb();
});

test.use({ locale: "en-US" });

/**
 * Waits until a user's open page listens: its event stream is subscribed to the user's channel.
 * The stream opens once the page has hydrated, so a click after this lands, and an event sent
 * after this arrives (one sent before the page listens would be lost to it, as to a user).
 */
async function listening(userId: string) {
  const redis = new Redis(E2E_REDIS_URL);
  try {
    await expect
      .poll(async () => Number(((await redis.pubsub("NUMSUB", `events:user:${userId}`)) as [string, number])[1]))
      .toBeGreaterThan(0);
  } finally {
    await redis.quit();
  }
}

test("maintenance on and off, seen from a customer's open page", async ({ page, context, browser }, testInfo) => {
  const admin = await insertUserWithLevel("4");
  await logInAs(context, admin);
  const customerContext = await browser.newContext({ locale: "de-DE" });
  const customer = await insertUserWithLevel("2");
  await logInAs(customerContext, customer);
  const customerPage = await customerContext.newPage();
  await customerPage.goto("/epaper");
  await expect(customerPage.getByRole("heading", { level: 1, name: "Meine ePaper" })).toBeVisible();

  await page.goto("/preferences/maintenance");
  await listening(customer.userId);
  await listening(admin.userId);
  const maintenance = page.getByRole("switch", { name: "Maintenance mode" });
  await expect(maintenance).toBeDisabled();
  await page.getByText("I understand that customers cannot use the studio while maintenance is on.").click();
  await page.getByText("Maintenance mode", { exact: true }).last().click();
  // (The admin's page hears the start too; its message may replace the 'saved' one, so the state is checked.)
  await expect(maintenance).toBeChecked();
  // Support and admins keep working, with the banner.
  await expect(page.getByTestId("maintenance-banner")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The customer's open page follows at once.
  await expect(customerPage.getByRole("heading", { level: 1, name: "Wartung" })).toBeVisible();
  await customerPage.screenshot({ path: testInfo.outputPath("maintenance-customer.png"), fullPage: true });
  expect(await axeViolations(customerPage)).toEqual([]);

  await page.getByText("Maintenance mode", { exact: true }).last().click();
  await expect(maintenance).not.toBeChecked();
  await expect(customerPage.getByText("Die Wartung ist beendet. Bitte laden Sie die Seite neu.")).toBeVisible();
  await expect(customerPage.getByRole("heading", { level: 1, name: "Meine ePaper" })).toBeVisible();
  await customerContext.close();
});

test("news: the prompt, the carousel, the menu entries and a single news", async ({ page, context }, testInfo) => {
  const long = "A very long headline about the new reader and its many small improvements";
  const day = 86_400_000;
  await e2eDb()
    .insertInto("news")
    .values([
      {
        id: newsIds[0] as string,
        lang: "en",
        headline: "Welcome to the new studio",
        text: "<p>First <strong>news</strong>.</p>",
        position: 0,
        active: true,
      },
      {
        id: newsIds[1] as string,
        lang: "en",
        headline: long,
        text: "<p>Second news.</p>",
        position: 1,
        active: true,
        startDate: new Date(Date.now() - day),
        endDate: new Date(Date.now() + day),
      },
      // Not shown: its time is over.
      {
        id: newsIds[2] as string,
        lang: "en",
        headline: "Old news",
        text: "<p>Gone.</p>",
        position: 2,
        active: true,
        endDate: new Date(Date.now() - day),
      },
    ])
    .execute();
  await logInAs(context, await insertUserWithLevel("2"));
  await page.goto("/epaper");
  await page.getByRole("button", { name: "Read now" }).click();
  const feed = page.getByRole("dialog", { name: "News" });
  await expect(feed.getByRole("heading", { name: "Welcome to the new studio" })).toBeVisible();
  await expect(feed.getByText("1 of 2")).toBeVisible();
  await feed.getByRole("button", { name: "Pause" }).click();
  await feed.getByRole("button", { name: "Next" }).click();
  await expect(feed.getByRole("heading", { name: long })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("news-feed.png"), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
  await feed.getByRole("button", { name: "Close the news" }).click();

  // Seen: no prompt on the next page.
  await page.reload();
  await page.waitForTimeout(2500);
  await expect(page.getByRole("button", { name: "Read now" })).toHaveCount(0);

  // The header's news entries: headlines cut at 50 characters; one opens on its own.
  const menu = await openMenu(page, page.getByRole("button", { name: /^Main menu/ }));
  await expect(menu.getByRole("menuitem", { name: "Old news" })).toHaveCount(0);
  await expect(menu.getByRole("menuitem", { name: long })).toHaveText(`${long.slice(0, 50)}…`);
  await menu.getByRole("menuitem", { name: long }).click();
  await expect(page.getByRole("dialog", { name: long }).getByText("Second news.")).toBeVisible();
});

const SERVICE_NOTIFICATION = [
  {
    code: "de",
    locale: "de-DE",
    open: "Servicemeldung",
    title: "Servicemeldung senden",
    message: "Meldung",
    plainText: "Nur reiner Text: keine HTML-Tags oder Zeichencodes.",
    warning: "Warnung",
    send: "An alle senden",
    sent: "Die Servicemeldung wurde an alle Angemeldeten gesendet.",
    text: "Heute ab 22 Uhr ist das Studio kurz nicht erreichbar.",
  },
  {
    code: "en",
    locale: "en-US",
    open: "Service notification",
    title: "Send a service notification",
    message: "Message",
    plainText: "Plain text only: no HTML tags or character codes.",
    warning: "Warning",
    send: "Send to everyone",
    sent: "The service notification was sent to everyone signed in.",
    text: "The studio is briefly unavailable from 22:00 tonight.",
  },
] as const;

for (const lang of SERVICE_NOTIFICATION) {
  test(`a service notification reaches a customer's open page (${lang.code})`, async ({ browser }) => {
    const customer = await insertUserWithLevel("2");
    const customerContext = await browser.newContext({ locale: lang.locale });
    await logInAs(customerContext, customer);
    const customerPage = await customerContext.newPage();
    await customerPage.goto("/epaper");
    const supporter = await insertUserWithLevel("3");
    const supportContext = await browser.newContext({ locale: lang.locale });
    await logInAs(supportContext, supporter);
    const page = await supportContext.newPage();
    await page.goto("/support/accounts");
    try {
      await listening(customer.userId);
      await listening(supporter.userId);
      await page.getByRole("button", { name: lang.open }).click();
      const dialog = page.getByRole("dialog", { name: lang.title });
      const field = dialog.getByRole("textbox", { name: lang.message });
      await field.fill("<b>Achtung</b>");
      await expect(dialog.getByText(lang.plainText)).toBeVisible();
      await expect(dialog.getByRole("button", { name: lang.send })).toBeDisabled();
      const text = `${lang.text} ${createId().slice(0, 6)}`;
      await field.fill(text);
      // react-aria keeps the radio's input visually hidden inside its label: a user clicks the label.
      await dialog.getByText(lang.warning, { exact: true }).click();
      await expect(dialog.getByRole("radio", { name: lang.warning })).toBeChecked();
      await page.screenshot({ path: test.info().outputPath(`service-notification-${lang.code}.png`) });
      await dialog.getByRole("button", { name: lang.send }).click();
      await expect(page.getByTestId("toast").filter({ hasText: lang.sent })).toBeVisible();
      // The customer's page shows it at once, without a reload, as a warning.
      await expect(customerPage.getByTestId("toasts-assertive").getByTestId("toast").filter({ hasText: text })).toBeVisible();
      await customerPage.screenshot({ path: test.info().outputPath(`service-notification-received-${lang.code}.png`) });
    } finally {
      await customerContext.close();
      await supportContext.close();
    }
  });
}
