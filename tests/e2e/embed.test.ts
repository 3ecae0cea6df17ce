import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createId } from "@paralleldrive/cuid2";
import { expect, type Page, test } from "@playwright/test";
import { closeE2eDb } from "../support/e2e-users.ts";
import { logInWithChannel, PUBLISH_TO_CHANNEL_TEXTS, publishToChannel } from "./support/channel.ts";
import { uploadAndRender } from "./support/editor.ts";
import { axeViolations } from "./support/reader-checks.ts";
import { E2E_PORT } from "./support/slot.ts";
import { atOneSize } from "./support/language-size.ts";

// Embedding a channel in another site (issue 32 item 5, ADR 0057): the channel card's 'Embed
// code' dialog, its code copied and pasted into a page of another origin, where a visitor (no
// studio session) sees the reader in the frame; the same channel described by the content
// origin's oEmbed endpoint from its address alone, found through the reader page's discovery
// link, and shown the way WordPress shows an oEmbed frame of a site it does not know (sandboxed,
// without its origin).

const CONTENT = `http://127.0.0.1:${E2E_PORT + 1}`;
const FIRST_PAGE = ".ep-spread .ep-page[data-page-index='0'] img";

/**
 * A site outside the studio, a real server on 127.0.0.1 (another origin than the studio's
 * localhost and the content origin's port; a loopback address that Chrome's private network rules
 * let frame the content origin): /pasted-<id>.html is a page with whatever a test pasted into it.
 */
let outside: { origin: string; close: () => Promise<void> };
const pasted = new Map<string, string>();
test.beforeAll(async () => {
  const server = createServer((request, response) => {
    const id = request.url?.match(/^\/pasted-(\w+)\.html$/)?.[1];
    const html = id === undefined ? undefined : pasted.get(id);
    if (html === undefined) return void response.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Our town</title></head><body><h1>Our town's news</h1>${html}<p>More news below.</p></body></html>`;
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  outside = { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
});
test.afterAll(async () => {
  await outside.close();
  await closeE2eDb();
});

/** Puts `html` into a new page of the outside site; answers its address. */
function pasteIntoOutsidePage(html: string): string {
  const id = createId();
  pasted.set(id, html);
  return `${outside.origin}/pasted-${id}.html`;
}

const LANGUAGES = [
  {
    code: "en",
    locale: "en-US",
    ...PUBLISH_TO_CHANNEL_TEXTS.en,
    channelActions: (name: string) => `Actions for channel ${name}`,
    embed: "Embed code",
    title: (name: string) => `Embed code for ${name}`,
    codeLabel: "HTML code for your website",
    copy: "Copy code",
    copied: "The code has been copied to the clipboard.",
    oembed: /^WordPress and other systems that support oEmbed need no code/,
    address: "Address of the channel",
    close: "Close",
  },
  {
    code: "de",
    locale: "de-DE",
    ...PUBLISH_TO_CHANNEL_TEXTS.de,
    channelActions: (name: string) => `Aktionen für Kanal ${name}`,
    embed: "Einbettungscode",
    title: (name: string) => `Einbettungscode von ${name}`,
    codeLabel: "HTML-Code für Ihre Website",
    copy: "Code kopieren",
    copied: "Der Code wurde in die Zwischenablage kopiert.",
    oembed: /^WordPress und andere Systeme, die oEmbed unterstützen, brauchen keinen Code/,
    address: "Adresse des Kanals",
    close: "Schließen",
  },
] as const;

type Lang = (typeof LANGUAGES)[number];

/** A new user with a channel, logged in, with an ePaper rendered and published to that channel. */
async function publishedChannel(page: Page, lang: Lang, projectName: string) {
  const channelName = `Embed ${lang.code}`;
  await logInWithChannel(page.context(), lang.code, channelName);
  const name = `Embedded ${lang.code} ${projectName} ${Date.now()}`;
  const { epaper } = await uploadAndRender(page, name, "pypdf__habibi.pdf");
  await publishToChannel(page, { epaper, name, channelName, language: lang.code });
  return { name, channelName };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

for (const lang of LANGUAGES) {
  test.describe(`embedding a channel (${lang.code})`, atOneSize(lang.code), () => {
    test.use({ locale: lang.locale });

    test("the embed code, copied from the channel card and pasted into another site, shows the reader; oEmbed describes the channel from its address", async ({
      page,
      context,
      browser,
    }, testInfo) => {
      test.setTimeout(180_000);
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const { name, channelName } = await publishedChannel(page, lang, testInfo.project.name);

      await page.goto("/channel");
      const card = page.getByRole("article", { name: channelName });
      const address = (await card.getByTestId("channel-address").textContent()) as string;
      expect(address).toMatch(new RegExp(`^${escapeRegExp(CONTENT)}/c/[a-z0-9]{10}/$`));

      // The card's menu → Embed code: the code takes the focus, with the explanation of oEmbed.
      await card.getByRole("button", { name: lang.channelActions(channelName) }).click();
      await page.getByRole("menuitem", { name: lang.embed, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: lang.title(channelName) });
      await expect(dialog).toBeVisible();
      const codeField = dialog.getByRole("textbox", { name: lang.codeLabel });
      await expect(codeField).toBeFocused();
      await expect(codeField).toHaveJSProperty("readOnly", true);
      // Named after the published ePaper and shaped by its pages (issue 46): 800 px wide, as tall as a spread needs.
      await expect(codeField).toHaveValue(
        new RegExp(
          `^<iframe src="${escapeRegExp(address)}" title="${escapeRegExp(name)}" width="800" height="\\d+" style="[^"]+" allow="fullscreen" loading="lazy"></iframe>$`,
        ),
      );
      const frameHeight = Number(/ height="(\d+)"/.exec(await codeField.inputValue())?.[1]);
      expect(frameHeight).not.toBe(600);
      await expect(dialog.getByText(lang.oembed)).toBeVisible();
      await expect(dialog.getByRole("textbox", { name: lang.address })).toHaveValue(address);
      // The dialog's entering animation has ended (a screenshot or a check during it sees it half there).
      await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
      await testInfo.attach(`embed-${lang.code}-${testInfo.project.name}.png`, { body: await page.screenshot(), contentType: "image/png" });
      // The dialog itself (a modal hides the page behind it from assistive technology, so a check
      // of the whole page would miss its main landmark while the dialog is open).
      expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

      // Copy code: said in the live region, and on the clipboard exactly as shown.
      await dialog.getByRole("button", { name: lang.copy, exact: true }).click();
      await expect(dialog.getByRole("status").filter({ hasText: lang.copied })).toBeVisible();
      const snippet = await page.evaluate(() => navigator.clipboard.readText());
      expect(snippet).toBe(await codeField.inputValue());
      // Keyboard: Escape closes it.
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();

      // Pasted into a page of another site, seen by a visitor without any studio session (on this project's device).
      const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
      const visitor = await browser.newContext({ locale: lang.locale, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
      try {
        const visit = await visitor.newPage();
        await visit.goto(pasteIntoOutsidePage(snippet));
        const frameElement = visit.locator(`iframe[title="${name}"]`);
        await expect(frameElement).toBeVisible();
        // As wide as the page's column (up to 800 px), never a sliver in height.
        const box = await frameElement.boundingBox();
        expect(box?.width).toBeGreaterThan(250);
        expect(box?.height).toBeGreaterThan(250);
        const reader = visit.frameLocator(`iframe[title="${name}"]`);
        await expect(reader.locator(FIRST_PAGE).first()).toBeVisible({ timeout: 20_000 });
        await testInfo.attach(`embedded-${lang.code}-${testInfo.project.name}.png`, {
          body: await visit.screenshot(),
          contentType: "image/png",
        });

        // The reader page names its oEmbed description (discovery), for CMSs given its link alone.
        const readerPage = await visitor.newPage();
        await readerPage.goto(address);
        const discovery = readerPage.locator('head link[rel="alternate"][type="application/json+oembed"]');
        await expect(discovery).toHaveAttribute("href", `${CONTENT}/oembed?${new URLSearchParams({ url: address, format: "json" })}`);
        const described = await fetch((await discovery.getAttribute("href")) as string);
        expect(described.status).toBe(200);
        expect(described.headers.get("access-control-allow-origin")).toBe("*");
        expect(described.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
        const oembed = (await described.json()) as Record<string, unknown>;
        expect(oembed).toMatchObject({
          type: "rich",
          version: "1.0",
          title: name,
          provider_name: "ePaper Studio",
          width: 800,
          height: frameHeight,
        });
        expect(oembed.html).toContain(`src="${address}"`);
        // maxwidth/maxheight are kept; xml is not implemented; what is no channel is not found.
        const small = (await (await fetch(`${CONTENT}/oembed?${new URLSearchParams({ url: address, maxwidth: "400" })}`)).json()) as {
          width: number;
          height: number;
        };
        expect([small.width, small.height]).toEqual([400, Math.floor(frameHeight / 2)]);
        expect((await fetch(`${CONTENT}/oembed?${new URLSearchParams({ url: address, format: "xml" })}`)).status).toBe(501);
        expect((await fetch(`${CONTENT}/oembed?${new URLSearchParams({ url: `${CONTENT}/c/0000000000/` })}`)).status).toBe(404);

        // As WordPress shows an oEmbed of a site it does not know: only the iframe, sandboxed
        // without its origin, a secret in the fragment. The reader shows there too.
        const frame = /<iframe src="([^"]+)" title="([^"]+)" width="(\d+)" height="(\d+)"/.exec(oembed.html as string);
        expect(frame).not.toBeNull();
        const [, src, title, width, height] = frame as unknown as [string, string, string, string, string];
        const wordpress = `<iframe sandbox="allow-scripts" security="restricted" src="${src}#?secret=Xy12Ab34Cd" data-secret="Xy12Ab34Cd" width="${width}" height="${height}" title="${title}" frameborder="0" marginwidth="0" marginheight="0" scrolling="no"></iframe>`;
        await visit.goto(pasteIntoOutsidePage(wordpress));
        const sandboxed = visit.frameLocator(`iframe[title="${title}"]`);
        await expect(sandboxed.locator(FIRST_PAGE).first()).toBeVisible({ timeout: 20_000 });
      } finally {
        await visitor.close();
      }
    });
  });
}
