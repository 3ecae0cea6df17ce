import path from "node:path";
import { createId } from "@paralleldrive/cuid2";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { CORPUS } from "../support/corpus.ts";
import { e2eDb, insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { openInEditor, openSettingsDialog } from "./support/editor.ts";
import { axeViolations } from "./support/reader-checks.ts";

// Issue 12, pages order and structure, in a real browser against the real farm: pages added,
// moved, replaced and deleted with live progress, a media element kept on its replaced page, an
// insert cancelled leaving the ePaper as it was, and the delete confirmation by link role.

async function addMediaElement(epaperId: string, pageNumber: number, title: string, linkTo?: number) {
  const db = e2eDb();
  const page = await db
    .selectFrom("page")
    .select("id")
    .where("epaperId", "=", epaperId)
    .where("page", "=", pageNumber)
    .executeTakeFirstOrThrow();
  const kind = linkTo ? "internalLink" : "externalLink";
  const type = await db.selectFrom("pageMediaType").select("id").where("name", "=", kind).executeTakeFirstOrThrow();
  const id = createId();
  await db
    .insertInto("pageMedia")
    .values({ id, pageId: page.id, pageMediaTypeId: type.id, title, frameX1: 0.1, frameX2: 0.4, frameY1: 0.1, frameY2: 0.2 })
    .execute();
  if (linkTo) {
    const target = await db
      .selectFrom("page")
      .select("id")
      .where("epaperId", "=", epaperId)
      .where("page", "=", linkTo)
      .executeTakeFirstOrThrow();
    await db.insertInto("pageMediaInternalLink").values({ pageMediaId: id, internalLinkPageId: target.id }).execute();
  } else await db.insertInto("pageMediaExternalLink").values({ pageMediaId: id, url: "https://example.com/" }).execute();
}

async function pageAction(dialog: Locator, page: Page, number: number, item: string) {
  await dialog.getByRole("button", { name: new RegExp(`^(Actions for page|Aktionen für Seite) ${number}$`) }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

const pageRows = (dialog: Locator) => dialog.getByRole("listitem");

test.describe("pages order and structure in English", () => {
  test.use({ locale: "en-US" });

  test("add, move, replace and delete pages; a media element stays on its replaced page; a cancelled insert changes nothing", async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(300_000);
    await logInAs(context, await insertUserWithLevel("2", { account: { pageExchangeMax: 100 } }));
    const name = `Structure ${testInfo.project.name} ${Date.now()}`;
    const epaperId = await openInEditor(page, name, "opf__webCapture.pdf");
    await addMediaElement(epaperId, 2, "Kept element");
    await page.reload();
    await openSettingsDialog(page, { menu: /^Settings/, item: "Page order and structure" });
    const dialog = page.getByRole("dialog", { name: `Page order and structure of ${name}` });
    await expect(pageRows(dialog)).toHaveCount(3);
    expect(await axeViolations(page)).toEqual([]);

    // Add the two pages of another PDF behind page 1.
    await pageAction(dialog, page, 1, "Add pages after");
    const insert = dialog.getByRole("region", { name: "Add pages" });
    await expect(insert.getByText("At most 100 pages.")).toBeVisible();
    await expect(insert.getByRole("button", { name: "Add pages" })).toBeDisabled();
    await insert.getByLabel("PDF file").setInputFiles(path.join(CORPUS, "plumber__pr-138-example.pdf"));
    await expect(insert.getByText(/pr-138-example\.pdf: 2 page/)).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: testInfo.outputPath("structure-insert.png") });
    await insert.getByRole("button", { name: "Add pages" }).click();
    await expect(dialog.getByText("The pages were added.")).toBeVisible({ timeout: 60_000 });
    await expect(pageRows(dialog)).toHaveCount(5);

    // Move page 1 before page 3: [new 1, page 1, new 2, old 2, old 3].
    await pageAction(dialog, page, 1, "Move");
    const move = dialog.getByRole("region", { name: "Move page 1" });
    await move.getByRole("textbox", { name: "Target page" }).fill("2");
    await expect(move.getByText("The page is already there.")).toBeVisible();
    await expect(move.getByRole("button", { name: "Move page" })).toBeDisabled();
    await move.getByRole("textbox", { name: "Target page" }).fill("3");
    await move.getByText("Before the target page").click();
    await move.getByRole("button", { name: "Move page" }).click();
    await expect(dialog.getByText("The page was moved.")).toBeVisible({ timeout: 60_000 });
    // The panel closed and the menus were disabled while the page moved: focus stayed in the
    // dialog (issue 46: it fell to <body>, and Escape no longer closed the dialog).
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);

    // Replace page 4 (the old page 2, with the media element) by a one-page PDF.
    await pageAction(dialog, page, 4, "Replace");
    const replace = dialog.getByRole("region", { name: "Replace page 4" });
    await replace.getByLabel("PDF file").setInputFiles(path.join(CORPUS, "pypdf__habibi.pdf"));
    await expect(replace.getByText(/Replace page 4 with page 1 of pypdf__habibi\.pdf\?/)).toBeVisible({ timeout: 30_000 });
    await replace.getByRole("button", { name: "Replace page" }).click();
    await expect(dialog.getByText("The page was replaced.")).toBeVisible({ timeout: 60_000 });

    // Delete the last page.
    await pageAction(dialog, page, 5, "Delete");
    const remove = dialog.getByRole("region", { name: "Delete page 5" });
    await expect(remove.getByText("Delete page 5? This cannot be undone.")).toBeVisible();
    await remove.getByRole("button", { name: "Delete page" }).click();
    await expect(dialog.getByText("The page was deleted.")).toBeVisible({ timeout: 60_000 });
    await expect(pageRows(dialog)).toHaveCount(4);

    // Drag and drop (issue 46): page 1 dropped on the lower half of page 2 lands behind it, and is
    // marked in its new place.
    const first = await e2eDb()
      .selectFrom("page")
      .select("id")
      .where("epaperId", "=", epaperId)
      .where("page", "=", 1)
      .executeTakeFirstOrThrow();
    if (testInfo.project.name === "desktop") {
      const second = pageRows(dialog).nth(1);
      const box = await second.boundingBox();
      await pageRows(dialog)
        .nth(0)
        .dragTo(second, { targetPosition: { x: 40, y: (box?.height ?? 74) * 0.8 } });
      await expect(dialog.getByText("The page was moved.")).toBeVisible({ timeout: 60_000 });
      await expect(pageRows(dialog).nth(1).locator("[data-moved]")).toHaveCount(1);
      await page.screenshot({ path: testInfo.outputPath("structure-dragged.png") });
      const moved = await e2eDb().selectFrom("page").select("page").where("id", "=", first.id).executeTakeFirstOrThrow();
      expect(moved.page).toBe(2);
    }

    // A long insert, cancelled while it renders: the ePaper keeps its four pages.
    await pageAction(dialog, page, 1, "Add pages before");
    const long = dialog.getByRole("region", { name: "Add pages" });
    await long.getByLabel("PDF file").setInputFiles(path.join(CORPUS, "plumber__chelsea_pdta.pdf"));
    await expect(long.getByText(/chelsea_pdta\.pdf: 65 page/)).toBeVisible({ timeout: 30_000 });
    await long.getByRole("button", { name: "Add pages" }).click();
    const progress = dialog.getByTestId("structure-process");
    await expect(progress.getByText(/^Adding pages: \d+ of 65 rendered$/)).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: testInfo.outputPath("structure-progress.png") });
    await progress.getByRole("button", { name: "Cancel" }).click();
    await expect(progress).toBeHidden({ timeout: 60_000 });
    await expect(pageRows(dialog)).toHaveCount(4);
    await dialog.getByRole("button", { name: "Close" }).click();

    // The editor shows the new order; the media element is on the replaced page 4.
    await page.goto(`/epaper/${epaperId}?page=4`);
    await expect(page.getByText("Kept element").first()).toBeVisible();
    const rows = await e2eDb().selectFrom("page").select("page").where("epaperId", "=", epaperId).orderBy("page").execute();
    expect(rows.map((row) => row.page)).toEqual([1, 2, 3, 4]);

    // The editor's strip (issue 46): page 4 dropped on the left half of page 3 lands before it.
    if (testInfo.project.name === "desktop") {
      const fourth = await e2eDb()
        .selectFrom("page")
        .select("id")
        .where("epaperId", "=", epaperId)
        .where("page", "=", 4)
        .executeTakeFirstOrThrow();
      const strip = page.getByTestId("page-strip");
      const third = strip.getByRole("listitem").filter({ has: page.getByRole("button", { name: "Page 3", exact: true }) });
      await strip
        .getByRole("listitem")
        .filter({ has: page.getByRole("button", { name: "Page 4", exact: true }) })
        .dragTo(third, { targetPosition: { x: 5, y: 20 } });
      await expect
        .poll(async () => (await e2eDb().selectFrom("page").select("page").where("id", "=", fourth.id).executeTakeFirstOrThrow()).page, {
          timeout: 60_000,
        })
        .toBe(3);
      // The editor shows the moved page in its new place.
      await expect(page).toHaveURL(/\?page=3$/);
      await expect(page.getByText("Kept element").first()).toBeVisible();
    }
  });
});

test.describe("Seitenstruktur auf Deutsch", () => {
  test.use({ locale: "de-DE" });

  test("die Löschbestätigung nennt die internen Links, und zu viele Seiten werden abgelehnt", async ({ page, context }, testInfo) => {
    test.setTimeout(180_000);
    await logInAs(context, await insertUserWithLevel("2", { user: { emailLanguage: "de" } }));
    const name = `Struktur ${testInfo.project.name} ${Date.now()}`;
    const epaperId = await openInEditor(page, name, "opf__webCapture.pdf");
    await addMediaElement(epaperId, 1, "Zu Seite drei", 3);
    await page.reload();
    await openSettingsDialog(page, { menu: /^Einstellungen/, item: "Seitenreihenfolge und -struktur" });
    const dialog = page.getByRole("dialog", { name: `Seitenreihenfolge und -struktur von ${name}` });
    await expect(dialog.getByText("1 interne(r) Link(s) dorthin")).toBeVisible();

    await pageAction(dialog, page, 3, "Löschen");
    const remove = dialog.getByRole("region", { name: "Seite 3 löschen" });
    await expect(remove.getByText(/^1 interne\(r\) Link\(s\) führen zu Seite 3 \(auf Seite\(n\) 1\)/)).toBeVisible();
    await remove.getByRole("button", { name: "Abbrechen" }).click();
    await pageAction(dialog, page, 1, "Löschen");
    await expect(
      dialog.getByRole("region", { name: "Seite 1 löschen" }).getByText(/^Seite 1 enthält 1 interne\(n\) Link\(s\)/),
    ).toBeVisible();

    await pageAction(dialog, page, 2, "Seiten danach einfügen");
    const insert = dialog.getByRole("region", { name: "Seiten hinzufügen" });
    await insert.getByLabel("PDF-Datei").setInputFiles(path.join(CORPUS, "plumber__chelsea_pdta.pdf"));
    await expect(
      insert.getByText("Dieses PDF hat zu viele Seiten. Höchstens 50 Seiten können auf einmal hinzugefügt oder getauscht werden."),
    ).toBeVisible({
      timeout: 30_000,
    });
    await expect(insert.getByRole("button", { name: "Seiten hinzufügen" })).toBeDisabled();
    await page.screenshot({ path: testInfo.outputPath("struktur.png") });
  });
});
