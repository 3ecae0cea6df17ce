import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, type FrameLocator, type Page, test } from "@playwright/test";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { addEnrichmentsOfEveryKind } from "../support/enrichments.ts";
import { e2eDb, insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { CORPUS } from "../support/render-farm.ts";
import { startStaticServer } from "../support/static-server.ts";
import { linkIn, waitForMail } from "./support/mailbox.ts";
import { axeViolations, expectReadableChrome } from "./support/reader-checks.ts";
import { E2E_DATA_DIR } from "./support/slot.ts";
import { atOneSize } from "./support/language-size.ts";

// Publishing against the real stack: a corpus PDF is uploaded and rendered by a real node,
// media elements are added by the test factories (the editor arrives later), the publish job
// builds the bundle, the studio shows the preview from the content origin, and the zip,
// unpacked and served by a plain static server, works the same.

const FILE = "plumber__pdffill-demo.pdf"; // 7 pages, link annotations, an outline

const LANGUAGES = [
  {
    code: "en",
    locale: "en-US",
    studio: {
      name: "Name",
      language: "ePaper language",
      create: "Create ePaper",
      actions: (name: string) => `Actions for ${name}`,
      preview: "Preview",
      previewOf: (name: string) => `Preview of ${name}`,
      frame: (name: string) => `ePaper ${name}`,
      back: "Back to editing",
      zip: "Zip package",
      zipConfirm: "Publishing uses one zip package. You have 1 left.",
      publishZip: "Publish zip",
      download: "Download zip",
      free: /Publishing again is free until/,
      orderText:
        "You have no zip packages yet. A zip package is this ePaper as a website you host yourself: it runs on any web server and from a folder, with no running costs. The shop lists the packages and their prices; one package publishes one ePaper, and publishing it again is free for a while after that.",
      zipMail: /Your zip package/,
      rename: "Rename",
      outdated: (list: string) => `Changed since published: ${list}`,
      outdatedBoth: "preview and zip",
      outdatedPreview: "preview",
      republishZip: "Publish again",
      previewDone: (name: string) => `The preview of “${name}” is ready.`,
      zipDone: (name: string) => `The zip package of “${name}” is ready to download.`,
    },
    reader: {
      search: "Search",
      searchLabel: "Search in this ePaper",
      thumbnails: "Page overview",
      goToPage: (page: number) => `Go to page ${page}`,
      resultOnPage: (page: number) => new RegExp(`^Page ${page}\\b`),
      textView: "Text view",
    },
  },
  {
    code: "de",
    locale: "de-DE",
    studio: {
      name: "Name",
      language: "ePaper-Sprache",
      create: "ePaper erstellen",
      actions: (name: string) => `Aktionen für ${name}`,
      preview: "Vorschau",
      previewOf: (name: string) => `Vorschau von ${name}`,
      frame: (name: string) => `ePaper ${name}`,
      back: "Zurück zur Bearbeitung",
      zip: "Zip-Paket",
      zipConfirm: "Das Veröffentlichen verbraucht ein Zip-Paket. Sie haben noch 1.",
      publishZip: "Zip veröffentlichen",
      download: "Zip herunterladen",
      free: /Erneutes Veröffentlichen ist bis .* kostenlos/,
      orderText:
        "Sie haben noch keine Zip-Pakete. Ein Zip-Paket ist dieses ePaper als Website, die Sie selbst bereitstellen: Es läuft auf jedem Webserver und aus einem Ordner, ohne laufende Kosten. Der Shop zeigt die Pakete und ihre Preise; ein Paket veröffentlicht ein ePaper, und erneutes Veröffentlichen ist danach eine Zeit lang kostenlos.",
      zipMail: /Ihr Zip-Paket/,
      rename: "Umbenennen",
      outdated: (list: string) => `Geändert seit Veröffentlichung: ${list}`,
      outdatedBoth: "Vorschau und Zip",
      outdatedPreview: "Vorschau",
      republishZip: "Erneut veröffentlichen",
      previewDone: (name: string) => `Die Vorschau von „${name}“ ist fertig.`,
      zipDone: (name: string) => `Das Zip-Paket von „${name}“ steht zum Herunterladen bereit.`,
    },
    reader: {
      search: "Suche",
      searchLabel: "In diesem ePaper suchen",
      thumbnails: "Seitenübersicht",
      goToPage: (page: number) => `Gehe zu Seite ${page}`,
      resultOnPage: (page: number) => new RegExp(`^Seite ${page}\\b`),
      textView: "Textansicht",
    },
  },
] as const;

type Lang = (typeof LANGUAGES)[number];

async function uploadAndRender(page: Page, lang: Lang, name: string) {
  await page.goto("/epaper");
  await page.getByTestId("upload-card").locator("input[type=file]").setInputFiles(path.join(CORPUS, FILE));
  const card = page.getByTestId("upload-card");
  await expect(card.getByLabel(lang.studio.name)).toHaveValue(/pdffill/, { timeout: 30_000 });
  await card.getByLabel(lang.studio.name).fill(name);
  await card.getByLabel(lang.studio.language).selectOption(lang.code);
  await card.getByRole("button", { name: lang.studio.create }).click();
  const epaper = page.getByRole("article", { name });
  await expect(epaper).toHaveAttribute("data-state", "ready", { timeout: 90_000 });
  return { epaper, epaperId: (await epaper.getAttribute("data-epaper-id")) as string };
}

/**
 * What a reader does with a published ePaper, wherever it is served: the first page as a real
 * image, zoom to the larger rendition, turning, search with a highlighted hit, every kind of
 * media element, and the PDF's own links. `reader` is the page or the preview's frame.
 */
async function readPublishedEpaper(page: Page, reader: Page | FrameLocator, lang: Lang, goTo: (hash: string) => Promise<void>) {
  const pageAt = (index: number) => reader.locator(`.ep-spread .ep-page[data-page-index='${index}']`);
  const first = pageAt(0).locator("img").first();
  await expect(first).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // Zoomed (keyboard: phones have no zoom buttons, they pinch), the page shows the larger rendition.
  const overview = reader.getByRole("button", { name: lang.reader.thumbnails }).last();
  await overview.click();
  // Escape closes the overview once it is open (pressed earlier, on a busy machine, it met no panel).
  const panel = reader.getByRole("dialog", { name: lang.reader.thumbnails });
  await expect(panel).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(overview).toBeFocused();
  for (let step = 0; step < 4; step++) await page.keyboard.press("+");
  await expect(first).toHaveAttribute("src", /w1600\.webp$/);
  await page.keyboard.press("Escape");

  // Media elements of the first page (made by the factories).
  await expect(pageAt(0).getByRole("link", { name: "Write to us" })).toHaveAttribute("href", /^mailto:info@example\.com\?subject=Hello/);
  const external = pageAt(0).getByRole("link", { name: "Example website" });
  await expect(external).toHaveAttribute("href", "https://example.com/");
  await expect(external).toHaveAttribute("target", "_blank");
  await pageAt(0).getByRole("button", { name: "Product video" }).click();
  await expect(reader.getByRole("dialog", { name: "Product video" }).locator("iframe")).toHaveAttribute(
    "src",
    /youtube-nocookie\.com\/embed\/aqz-KE-bpKQ/,
  );
  await page.keyboard.press("Escape");
  // The PDF's own link annotations are click areas: page 1 of this PDF links to page 2.
  await expect(
    pageAt(0)
      .getByRole("link", { name: lang.reader.goToPage(2) })
      .or(pageAt(0).getByRole("button", { name: lang.reader.goToPage(2) }))
      .first(),
  ).toBeAttached();
  // An internal link turns to its page, and the address follows (a deep link).
  await pageAt(0)
    .getByRole("link", { name: "Go to page three" })
    .or(pageAt(0).getByRole("button", { name: "Go to page three" }))
    .first()
    .click();
  await expect(pageAt(2).locator("img").first()).toBeVisible();
  await expect.poll(() => currentHash(reader)).toBe("#/page/3");

  // Page 2: the gallery in a lightbox, custom HTML in a sandbox that cannot reach the reader.
  await goTo("#/page/2");
  await pageAt(1).getByRole("button", { name: "Photo gallery" }).click();
  const lightbox = reader.getByRole("dialog", { name: "Photo gallery" });
  await expect(lightbox.getByRole("img", { name: "Gallery image 1" })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(lightbox.getByRole("img", { name: "Gallery image 2" })).toBeVisible();
  await page.keyboard.press("Escape");
  await pageAt(1).getByRole("button", { name: "Custom widget" }).click();
  const widget = reader.getByRole("dialog", { name: "Custom widget" }).locator("iframe");
  await expect(widget).toHaveAttribute("sandbox", "allow-scripts allow-popups");
  await expect(reader.frameLocator(".ep-media-dialog iframe").locator("#widget")).toHaveText("Custom HTML, parent: blocked");
  await page.keyboard.press("Escape");

  // Full-text search over the PDF's text: a result, and the hit highlighted on its page.
  await reader.getByRole("button", { name: lang.reader.search, exact: true }).click();
  const search = reader.getByRole("dialog", { name: lang.reader.search });
  await search.getByRole("searchbox", { name: lang.reader.searchLabel }).fill("Arrow");
  const result = search.getByRole("button", { name: lang.reader.resultOnPage(3) }).first();
  await result.click();
  await expect(reader.locator(".ep-spread .ep-page[data-page-index='2'] .ep-hit").first()).toBeVisible();

  // The text view (issue 47) of page 1: the PDF's heading as a heading, its navigation bar (a
  // running head) left out, the media elements where they sit; the toolbar's button leads back.
  await goTo("#/page/1/text");
  const text = reader.locator("[data-testid='text-view'] article[data-page-index='0']");
  await expect(text.getByRole("heading", { level: 3 })).toHaveText("PDFill: PDF Drawing");
  await expect(text).not.toContainText("Previous Page");
  await expect(text.getByRole("link", { name: "Write to us" })).toHaveAttribute("href", /^mailto:info@example\.com/);
  const toggle = reader.getByRole("button", { name: lang.reader.textView, exact: true });
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await toggle.click();
  await expect(pageAt(0).locator("img").first()).toBeVisible();
}

/** The address of the reader's document (the page itself, or the preview frame's). */
async function currentHash(reader: Page | FrameLocator) {
  return reader.locator("html").evaluate(() => window.location.hash);
}

for (const lang of LANGUAGES) {
  test.describe(`publishing (${lang.code})`, atOneSize(lang.code), () => {
    test.use({ locale: lang.locale });

    test("preview in the studio from the content origin, then a zip that works unpacked on a static server", async ({ page, context }) => {
      // A whole render (and a publish) beside the other worker's tests: ~60 s on a loaded 2-core machine.
      test.setTimeout(180_000);
      const user = await insertUserWithLevel("2", { user: { emailLanguage: lang.code } });
      await e2eDb().updateTable("account").set({ zipContingent: 1 }).where("id", "=", user.accountId).execute();
      await logInAs(context, user);
      const name = `Publish test ${lang.code} ${Date.now()}`;
      const { epaper, epaperId } = await uploadAndRender(page, lang, name);
      await addEnrichmentsOfEveryKind(e2eDb(), new FolderBlobStore(path.resolve(E2E_DATA_DIR)), epaperId, user.accountId);

      // Preview: publishes, then opens inline; the reader comes from the content origin.
      await epaper.getByRole("button", { name: lang.studio.actions(name) }).click();
      await page.getByRole("menuitem", { name: lang.studio.preview, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: lang.studio.previewOf(name) });
      // The worker's 'preview done' opens the preview; its notice would lie over the reader's
      // toolbar, so the open dialog takes it away (issue 46).
      await expect(dialog).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId("toast").filter({ hasText: lang.studio.previewDone(name) })).toHaveCount(0);
      const frameElement = dialog.locator("iframe");
      expect(new URL((await frameElement.getAttribute("src")) as string).origin).not.toBe(new URL(page.url()).origin);
      const preview = page.frameLocator(`iframe[title="${lang.studio.frame(name)}"]`);
      await readPublishedEpaper(page, preview, lang, (hash) =>
        preview.locator("html").evaluate((_, target) => {
          window.location.hash = target;
        }, hash),
      );
      await dialog.getByRole("button", { name: lang.studio.back }).click();
      await expect(dialog).toBeHidden();
      // The editor's preview button in another tab of the same user, on page 3: the server's 'open
      // preview' event opens the preview at that page in this workspace tab too (studio-core.md §4).
      const editorTab = await context.newPage();
      await editorTab.goto(`/epaper/${epaperId}?page=3`);
      const editorPreview = editorTab.getByRole("button", { name: lang.studio.preview, exact: true });
      // Pressed until the editor has hydrated and its press opened its own preview dialog.
      await expect(async () => {
        await editorPreview.click();
        await expect(editorTab.getByRole("dialog", { name: lang.studio.previewOf(name) })).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await expect(dialog).toBeVisible();
      await expect(frameElement).toHaveAttribute("src", /#\/page\/3$/);
      await editorTab.close();
      await dialog.getByRole("button", { name: lang.studio.back }).click();
      await expect(dialog).toBeHidden();

      // Zip: the contingent dialog, the job, the download.
      await epaper.getByRole("button", { name: lang.studio.actions(name) }).click();
      await page.getByRole("menuitem", { name: lang.studio.zip }).click();
      const zipDialog = page.getByRole("dialog");
      await expect(zipDialog.getByText(lang.studio.zipConfirm)).toBeVisible();
      await zipDialog.getByRole("button", { name: lang.studio.publishZip }).click();
      await expect(epaper).toHaveAttribute("data-state", "ready", { timeout: 60_000 });
      const zipToast = page.getByTestId("toast").filter({ hasText: lang.studio.zipDone(name) });
      await expect(zipToast).toHaveCount(1, { timeout: 60_000 });
      // The notice of finished work carries its action (issue 46): the zip downloads from the toast.
      const downloading = page.waitForEvent("download");
      await zipToast.getByRole("link", { name: lang.studio.download }).click();
      // Finished before the page reloads below (a reload would cancel a download in flight).
      const download = await downloading;
      expect(await download.failure()).toBeNull();
      await expect
        .poll(
          async () =>
            (await e2eDb().selectFrom("publication").select("id").where("epaperId", "=", epaperId).where("type", "=", "zip").execute())
              .length,
          {
            timeout: 60_000,
          },
        )
        .toBe(1);
      await page.reload();
      await page
        .getByRole("article", { name })
        .getByRole("button", { name: lang.studio.actions(name) })
        .click();
      await page.getByRole("menuitem", { name: lang.studio.zip }).click();
      await expect(page.getByRole("dialog").getByText(lang.studio.free)).toBeVisible();
      await expect(page.getByRole("dialog").getByRole("link", { name: lang.studio.download })).toHaveAttribute(
        "href",
        `/epaper/${epaperId}/zip`,
      );
      const folder = await mkdtemp(path.join(os.tmpdir(), "epaper-zip-e2e-"));
      try {
        const zipPath = path.join(folder, "epaper.zip");
        await download.saveAs(zipPath);
        execFileSync("unzip", ["-q", zipPath, "-d", path.join(folder, "site")]);
        const site = await startStaticServer([{ prefix: "/", target: path.join(folder, "site") }]);
        try {
          const reader = await context.newPage();
          await reader.goto(`${site.origin}/index.html`);
          // Untouched settings: the title and the toolbar read (4.5:1), and axe finds nothing.
          await expect(reader.locator(".ep-app")).toBeVisible();
          await expectReadableChrome(reader);
          expect(await axeViolations(reader)).toEqual([]);
          await readPublishedEpaper(reader, reader, lang, async (hash) => {
            await reader.goto(`${site.origin}/index.html${hash}`);
          });
          // A deep link survives a reload.
          await reader.goto(`${site.origin}/index.html#/page/3`);
          await reader.reload();
          await expect(reader).toHaveURL(/#\/page\/3$/);
          // Opened straight from the unpacked folder (file://): no server at all.
          await reader.goto(pathToFileURL(path.join(folder, "site", "index.html")).href);
          const cover = reader.locator(".ep-spread .ep-page[data-page-index='0'] img").first();
          await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
          await reader.keyboard.press("End");
          await expect(reader).toHaveURL(/#\/page\/\d+$/);
          // The text view reads its page's text from the folder too (a classic script, no fetch).
          await reader.goto(`${pathToFileURL(path.join(folder, "site", "index.html")).href}#/page/1/text`);
          await expect(reader.locator("[data-testid='text-view'] h3").first()).toHaveText("PDFill: PDF Drawing");
          await reader.close();
        } finally {
          await site.close();
        }
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
      // The 'zip ready' mail reached the user who asked, in their language, and links the studio.
      const mail = await waitForMail(user.email, { subject: lang.studio.zipMail });
      expect(linkIn(mail, "/zip-ready")).toContain("/zip-ready");

      // A change after publishing: the card says the ePaper must be published again.
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();
      await page
        .getByRole("article", { name })
        .getByRole("button", { name: lang.studio.actions(name) })
        .click();
      await page.getByRole("menuitem", { name: lang.studio.rename }).click();
      await page.getByRole("dialog").getByLabel(lang.studio.name).fill(`${name} v2`);
      await page.getByRole("dialog").getByRole("button", { name: lang.studio.rename }).click();
      // Which publications are out of date (issue 46); the zip published again (free, within its
      // post-processing time) leaves only the preview named.
      const renamed = page.getByRole("article", { name: `${name} v2` });
      await expect(renamed.getByTestId("republish-required")).toHaveText(lang.studio.outdated(lang.studio.outdatedBoth));
      await renamed.getByRole("button", { name: lang.studio.actions(`${name} v2`) }).click();
      await page.getByRole("menuitem", { name: lang.studio.zip }).click();
      await page.getByRole("dialog").getByRole("button", { name: lang.studio.republishZip }).click();
      await expect(renamed.getByTestId("republish-required")).toHaveText(lang.studio.outdated(lang.studio.outdatedPreview), {
        timeout: 60_000,
      });

      // The contingent is used up now: the account's header says 0 and the licence history has the entry.
      const history = await e2eDb().selectFrom("licenceHistory").select("action").where("accountId", "=", user.accountId).execute();
      expect(history.map((row) => row.action)).toEqual(["licence_decrement"]);
    });
  });
}

test.describe("zip contingent and permission (en)", () => {
  test.use({ locale: "en-US" });

  test("at 0 the zip dialog offers to order and the server refuses; an editor (level 1) has no zip at all", async ({
    page,
    context,
    browser,
  }) => {
    test.slow();
    const lang = LANGUAGES[0];
    const payer = await insertUserWithLevel("2", { user: { emailLanguage: "en" } });
    await e2eDb().updateTable("account").set({ zipContingent: 0 }).where("id", "=", payer.accountId).execute();
    await logInAs(context, payer);
    const name = `Contingent test ${Date.now()}`;
    const { epaper, epaperId } = await uploadAndRender(page, lang, name);
    await epaper.getByRole("button", { name: lang.studio.actions(name) }).click();
    await page.getByRole("menuitem", { name: lang.studio.zip }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText(lang.studio.orderText)).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Order zip packages" })).toHaveAttribute("href", `/shop/epaper?epaperId=${epaperId}`);
    await expect(dialog.getByRole("button", { name: lang.studio.publishZip })).toHaveCount(0);
    const refused = await page.request.post(`/epaper/${epaperId}/action`, { form: { intent: "publishZip", confirmCharge: "true" } });
    expect(refused.status()).toBe(422);
    expect(
      (await e2eDb().selectFrom("account").select("zipContingent").where("id", "=", payer.accountId).executeTakeFirstOrThrow())
        .zipContingent,
    ).toBe(0);

    // The same ePaper in an editor's account: preview yes, zip neither shown nor accepted.
    const editor = await insertUserWithLevel("1", { user: { emailLanguage: "en" }, account: { zipContingent: 5 } });
    await e2eDb().updateTable("epaper").set({ accountId: editor.accountId, folderId: null }).where("id", "=", epaperId).execute();
    const editorContext = await browser.newContext({ locale: "en-US" });
    try {
      await logInAs(editorContext, editor);
      const editorPage = await editorContext.newPage();
      await editorPage.goto("/epaper");
      await editorPage
        .getByRole("article", { name })
        .getByRole("button", { name: lang.studio.actions(name) })
        .click();
      await expect(editorPage.getByRole("menuitem", { name: lang.studio.preview, exact: true })).toBeVisible();
      await expect(editorPage.getByRole("menuitem", { name: lang.studio.zip })).toHaveCount(0);
      const forbidden = await editorPage.request.post(`/epaper/${epaperId}/action`, {
        form: { intent: "publishZip", confirmCharge: "true" },
      });
      expect(forbidden.status()).toBe(403);
    } finally {
      await editorContext.close();
    }
  });
});
