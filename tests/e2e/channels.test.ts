import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import jsQR from "jsqr";
import sharp from "sharp";
import { insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { logInWithChannel, PUBLISH_TO_CHANNEL_TEXTS, publishToChannel } from "./support/channel.ts";
import { uploadAndRender } from "./support/editor.ts";
import { axeViolations } from "./support/reader-checks.ts";
import { E2E_PORT } from "./support/slot.ts";
import { atOneSize } from "./support/language-size.ts";

// Channels end to end (issue 13; ADR 0039): an ePaper published to a channel from its card, the
// channel workspace with its status and permanent address, the QR code decoded back to that
// address, the reader at the address, a renewed address ending the old one, a cleared channel,
// and 'no channels available' for an account without a free channel. Channels are booked in the
// shop; here the fixture (support/channel.ts) inserts the account's channel as the shop's webhook would.

const LANGUAGES = [
  {
    code: "en",
    locale: "en-US",
    ...PUBLISH_TO_CHANNEL_TEXTS.en,
    channelActions: (name: string) => `Actions for channel ${name}`,
    active: "Active",
    qr: "QR code",
    png: "Download PNG",
    renew: "Renew address",
    clear: "Clear",
    empty: "No ePaper published yet",
    noChannels: "No channels available",
    toOrder: "To order",
    close: "Close",
    tour: ["Your own address", "Give it channels", "Next", "Done"],
    manageSubdomains: "Manage subdomains",
    newSubdomain: "New subdomain",
    subdomainInvalid: "Only letters, digits and hyphens are allowed (no umlauts).",
    create: "Create",
    assignLabel: (name: string) => `Assign a channel to ${name}`,
    assign: "Assign",
    unassign: (channel: string, name: string) => `Remove ${channel} from ${name}`,
  },
  {
    code: "de",
    locale: "de-DE",
    ...PUBLISH_TO_CHANNEL_TEXTS.de,
    channelActions: (name: string) => `Aktionen für Kanal ${name}`,
    active: "Aktiv",
    qr: "QR-Code",
    png: "PNG herunterladen",
    renew: "Adresse erneuern",
    clear: "Leeren",
    empty: "Noch kein ePaper veröffentlicht",
    noChannels: "Keine Kanäle verfügbar",
    toOrder: "Bestellen",
    close: "Schließen",
    tour: ["Ihre eigene Adresse", "Kanäle zuordnen", "Weiter", "Fertig"],
    manageSubdomains: "Subdomains verwalten",
    newSubdomain: "Neue Subdomain",
    subdomainInvalid: "Erlaubt sind nur Buchstaben, Ziffern und Bindestriche (keine Umlaute).",
    create: "Anlegen",
    assignLabel: (name: string) => `Kanal zu ${name} zuordnen`,
    assign: "Zuordnen",
    unassign: (channel: string, name: string) => `${channel} aus ${name} entfernen`,
  },
] as const;

for (const lang of LANGUAGES) {
  test.describe(`channels (${lang.code})`, atOneSize(lang.code), () => {
    test.use({ locale: lang.locale });

    test("publish to a channel, see it at its address and in its QR code, renew the address, clear it", async ({
      page,
      context,
    }, testInfo) => {
      test.setTimeout(180_000);
      const channelName = `Kanal ${lang.code}`;
      await logInWithChannel(context, lang.code, channelName);
      const name = `Channel ${lang.code} ${testInfo.project.name} ${Date.now()}`;
      const { epaper } = await uploadAndRender(page, name, "pypdf__habibi.pdf");

      await publishToChannel(page, {
        epaper,
        name,
        channelName,
        language: lang.code,
        chosen: (dialog) => expect(dialog.getByRole("radio", { name: new RegExp(channelName) })).toBeChecked(),
      });

      await page.goto("/channel");
      const card = page.getByRole("article", { name: channelName });
      await expect(card.getByTestId("channel-status")).toHaveText(lang.active);
      const address = (await card.getByTestId("channel-address").textContent()) as string;
      expect(address).toMatch(/\/c\/[a-z0-9]{10}\/$/);
      await testInfo.attach(`channels-${lang.code}-${testInfo.project.name}.png`, {
        body: await page.screenshot(),
        contentType: "image/png",
      });
      expect(await axeViolations(page)).toEqual([]);

      // The QR code, downloaded as PNG, decodes to the channel's address.
      await card.getByRole("button", { name: lang.channelActions(channelName) }).click();
      await page.getByRole("menuitem", { name: lang.qr }).click();
      const qrDialog = page.getByRole("dialog");
      await expect(qrDialog.getByTestId("qr-code")).toBeVisible();
      const downloading = page.waitForEvent("download");
      await qrDialog.getByRole("link", { name: lang.png }).click();
      const file = await (await downloading).path();
      const { data, info } = await sharp(await readFile(file))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(address);
      await testInfo.attach(`qr-${lang.code}-${testInfo.project.name}.png`, { body: await page.screenshot(), contentType: "image/png" });
      await page.keyboard.press("Escape");

      // The reader at the permanent address.
      const reader = await context.newPage();
      await reader.goto(address);
      await expect(reader.locator(".ep-spread .ep-page[data-page-index='0'] img").first()).toBeVisible({ timeout: 20_000 });

      // A subdomain (ADR 0041), created and given the channel in its dialog: its own address, a
      // *.localhost name that Chromium sends to this machine, shows the reader.
      const subdomain = `news-${lang.code}-${testInfo.project.name}-${Date.now().toString(36)}`;
      // Opened from the channel's own menu (issue 46), not only under Channels.
      await card.getByRole("button", { name: lang.channelActions(channelName) }).click();
      await page.getByRole("menuitem", { name: lang.manageSubdomains }).click();
      const subdomains = page.getByRole("dialog", { name: lang.manageSubdomains });
      // The subdomain tour runs once, a second after the dialog shows.
      const [tourTitle, tourListTitle, tourNext, tourDone] = lang.tour;
      const tour = page.locator(".driver-popover");
      await expect(tour.getByText(tourTitle, { exact: true })).toBeVisible({ timeout: 10_000 });
      await tour.getByRole("button", { name: tourNext }).click();
      await expect(tour.getByText(tourListTitle, { exact: true })).toBeVisible();
      await tour.getByRole("button", { name: tourDone }).click();
      await expect(tour).toBeHidden();
      const field = subdomains.getByRole("textbox", { name: lang.newSubdomain });
      await field.fill("zeitung-möwe");
      await expect(subdomains.getByText(lang.subdomainInvalid)).toBeVisible();
      await field.fill(subdomain);
      await subdomains.getByRole("button", { name: lang.create, exact: true }).click();
      await expect(subdomains.getByRole("heading", { name: subdomain })).toBeVisible();
      await subdomains.getByLabel(lang.assignLabel(subdomain)).selectOption({ label: channelName });
      await subdomains.getByRole("button", { name: lang.assign, exact: true }).click();
      await expect(subdomains.getByRole("button", { name: lang.unassign(channelName, subdomain) })).toBeVisible();
      const subdomainAddress = `http://${subdomain}.localhost:${E2E_PORT + 1}/`;
      await expect(subdomains.getByRole("link", { name: subdomainAddress })).toHaveAttribute("href", subdomainAddress);
      await testInfo.attach(`subdomains-${lang.code}-${testInfo.project.name}.png`, {
        body: await page.screenshot(),
        contentType: "image/png",
      });
      expect(await axeViolations(page)).toEqual([]);
      await subdomains.getByRole("button", { name: lang.close, exact: true }).click();
      await expect(subdomains).toBeHidden();
      await reader.goto(subdomainAddress);
      await expect(reader.locator(".ep-spread .ep-page[data-page-index='0'] img").first()).toBeVisible({ timeout: 20_000 });

      // A new address: the old one shows 'not available', the new one the reader.
      await card.getByRole("button", { name: lang.channelActions(channelName) }).click();
      await page.getByRole("menuitem", { name: lang.renew, exact: true }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: lang.renew }).click();
      await expect(card.getByTestId("channel-address")).not.toHaveText(address);
      const renewed = (await card.getByTestId("channel-address").textContent()) as string;
      expect((await reader.goto(address))?.status()).toBe(404);
      await reader.goto(renewed);
      await expect(reader.locator(".ep-spread .ep-page[data-page-index='0'] img").first()).toBeVisible({ timeout: 20_000 });
      // The subdomain follows the channel to its new address: its root serves it at once (no redirect), from there.
      await reader.goto(subdomainAddress);
      expect(reader.url()).toBe(subdomainAddress);
      await expect(reader.locator("base")).toHaveAttribute("href", new RegExp(`^${new URL(renewed).pathname}[^/]+/$`));
      await expect(reader.locator(".ep-spread .ep-page[data-page-index='0'] img").first()).toBeVisible({ timeout: 20_000 });

      // Cleared: the channel shows nothing.
      await card.getByRole("button", { name: lang.channelActions(channelName) }).click();
      await page.getByRole("menuitem", { name: lang.clear, exact: true }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: lang.clear }).click();
      await expect(card.getByTestId("channel-status")).toHaveText(lang.empty);
      expect((await reader.goto(renewed))?.status()).toBe(404);
      expect((await reader.goto(subdomainAddress))?.status()).toBe(404);
    });

    test("without a free channel the dialog offers to order one", async ({ page, context }, testInfo) => {
      test.setTimeout(120_000);
      const user = await insertUserWithLevel("2", { user: { emailLanguage: lang.code } });
      await logInAs(context, user);
      const name = `No channel ${lang.code} ${testInfo.project.name} ${Date.now()}`;
      const { epaper } = await uploadAndRender(page, name, "pypdf__habibi.pdf");
      await epaper.getByRole("button", { name: lang.actions(name) }).click();
      await page.getByRole("menuitem", { name: lang.publishToChannel }).click();
      const dialog = page.getByRole("dialog", { name: lang.noChannels });
      await expect(dialog.getByRole("link", { name: lang.toOrder })).toBeVisible();
    });
  });
}
