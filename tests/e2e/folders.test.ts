import { createId } from "@paralleldrive/cuid2";
import { type BrowserContext, expect, type Locator, type Page, type TestInfo, test } from "@playwright/test";
import type { Insertable } from "kysely";
import type { Epaper } from "#db/schema.gen";
import { closeE2eDb, type E2eUser, e2eDb, insertUserWithLevel, logInAs } from "../support/e2e-users.ts";

// The folder tree of the ePaper grid workspace (studio-core.md §2, §5, §6; studio-admin.md §4
// "Folder deletion"). The grid page mounts <FolderTree> in a region named 'Folders' ('Ordner').
// Each test makes its own account (desktop and phone run in parallel) and writes its folders and
// ePapers straight into the e2e database.

const PAGE = "/epaper";

test.afterAll(closeE2eDb);

type Fixture = E2eUser & { rootId: string };

/** A level-2 user (owner or manager: holds `tree`) with the root folder every account gets. */
async function ownerWithRoot(): Promise<Fixture> {
  const user = await insertUserWithLevel("2");
  const rootId = createId();
  await e2eDb().insertInto("folder").values({ id: rootId, accountId: user.accountId, parentId: null, name: "My ePaper" }).execute();
  return { ...user, rootId };
}

async function insertFolder(owner: Fixture, name: string, parentId = owner.rootId) {
  const id = createId();
  await e2eDb().insertInto("folder").values({ id, accountId: owner.accountId, parentId, name }).execute();
  return id;
}

async function insertEpaper(owner: Fixture, name: string, folderId: string, values: Partial<Insertable<Epaper>> = {}) {
  const id = createId();
  await e2eDb()
    .insertInto("epaper")
    .values({ id, accountId: owner.accountId, folderId, name, languageCode: "de", ...values })
    .execute();
  return id;
}

const folderOfEpaper = (id: string) =>
  e2eDb().selectFrom("epaper").select(["folderId", "deletedAt"]).where("id", "=", id).executeTakeFirstOrThrow();
const parentOfFolder = async (id: string) =>
  (await e2eDb().selectFrom("folder").select("parentId").where("id", "=", id).executeTakeFirst())?.parentId;

/** Below 1024 px the tree is a panel behind a button with the current folder's name (issue 15 §2). */
const isNarrow = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/** On a phone or tablet: opens the folder panel (retried until React has hydrated the button). */
async function showTree(page: Page, region: string) {
  if (!isNarrow(page)) return;
  const panel = page.getByRole("dialog", { name: region });
  await expect(async () => {
    // A panel that opened slowly on a busy machine makes the button inert: a click then never lands.
    if (!(await panel.isVisible())) await page.getByRole("button", { name: /^(Folder|Ordner): / }).click({ timeout: 1000 });
    await expect(panel).toBeVisible({ timeout: 1000 });
  }).toPass();
}

/** The tree inside the 'Folders' region. */
async function openTree(page: Page, region: string, treeName: string, rootMenuName: string) {
  await page.goto(PAGE);
  await showTree(page, region);
  const panel = page.getByRole("region", { name: region });
  await expect(panel).toBeVisible();
  const tree = panel.getByRole("treegrid", { name: treeName });
  await expect(tree).toBeVisible();
  // The server-rendered tree shows before React hydrates it: wait until the root's menu opens.
  const rootMenu = tree.getByRole("row").first().getByRole("button", { name: rootMenuName });
  await expect(async () => {
    await rootMenu.click();
    await expect(page.getByRole("menu")).toBeVisible({ timeout: 1000 });
  }).toPass();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  return { panel, tree };
}

/** Opens a row's actions menu and picks `item`. */
async function rowAction(page: Page, menuLabel: string, item: string) {
  await page.getByRole("button", { name: menuLabel, exact: true }).click();
  await page.getByRole("menuitem", { name: item, exact: true }).click();
}

/** Moves the keyboard drop target with ArrowDown until it is "drop on <label>", then drops. */
async function dropWithKeyboard(page: Page, dropLabel: string) {
  const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
  for (let step = 0; step < 15 && (await focusedLabel()) !== dropLabel; step++) await page.keyboard.press("ArrowDown");
  expect(await focusedLabel()).toBe(dropLabel);
  await page.keyboard.press("Enter");
}

function row(tree: Locator, name: string) {
  return tree.getByRole("row", { name, exact: true });
}

type NarrowTexts = { region: string; choose: string; button: (folder: string) => string; root: string };

/**
 * Phone (the project's Pixel 7) and tablet sizes (issue 15 §2): the page opens with the upload
 * card in the first viewport and no tree in the way; a button with the folder's name opens the
 * tree in a panel, choosing a folder closes it and shows that folder. Screenshots go to the report.
 */
async function narrowWorkspace(page: Page, context: BrowserContext, testInfo: TestInfo, texts: NarrowTexts) {
  test.skip(testInfo.project.name !== "phone", "sets its own phone and tablet sizes");
  const owner = await ownerWithRoot();
  const reports = await insertFolder(owner, "Reports 2026");
  await insertFolder(owner, "Archive", reports);
  for (const name of ["Spring", "Summer", "Autumn"]) await insertEpaper(owner, name, owner.rootId);
  await logInAs(context, owner);
  for (const [size, viewport] of [
    ["phone", page.viewportSize() ?? { width: 412, height: 839 }],
    ["tablet", { width: 820, height: 1180 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(PAGE);
    await expect(page.getByRole("button", { name: texts.choose })).toBeInViewport();
    await expect(page.getByRole("treegrid")).toBeHidden();
    await page.screenshot({ path: testInfo.outputPath(`workspace-${size}.png`), fullPage: true });
    await showTree(page, texts.region);
    const panel = page.getByRole("dialog", { name: texts.region });
    await page.screenshot({ path: testInfo.outputPath(`folder-panel-${size}.png`) });
    await panel.getByRole("row", { name: "Reports 2026", exact: true }).click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`folder=${reports}`));
    await expect(page.getByRole("heading", { level: 1, name: "Reports 2026" })).toBeVisible();
    await expect(page.getByRole("button", { name: texts.button("Reports 2026") })).toBeVisible();
    await page.goto(PAGE);
    await expect(page.getByRole("button", { name: texts.button(texts.root) })).toBeVisible();
  }
}

test.describe("folder tree in English", () => {
  test.use({ locale: "en-US" });

  test("on a phone and a tablet the tree is a panel and the upload card comes first", async ({ page, context }, testInfo) => {
    await narrowWorkspace(page, context, testInfo, {
      region: "Folders",
      choose: "Choose PDF",
      button: (folder) => `Folder: ${folder}`,
      root: "My ePaper",
    });
  });

  test("creates and nests folders and renames them; the root cannot be renamed or deleted", async ({ page, context }) => {
    const owner = await ownerWithRoot();
    await logInAs(context, owner);
    const { tree } = await openTree(page, "Folders", "Folder tree", "Actions for folder My ePaper");
    await expect(row(tree, "My ePaper")).toHaveAttribute("aria-selected", "true");

    // The root offers only a new subfolder.
    await page.getByRole("button", { name: "Actions for folder My ePaper", exact: true }).click();
    await expect(page.getByRole("menuitem")).toHaveText(["New subfolder"]);
    await page.keyboard.press("Escape");

    // Create: a name without 1 to 30 characters is refused with the reason, the dialog stays and
    // focus goes back to the name (the button is never disabled, issue 46).
    await page.getByRole("button", { name: "New folder", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "New folder in “My ePaper”" });
    const name = dialog.getByRole("textbox", { name: "Folder name" });
    const create = dialog.getByRole("button", { name: "Create" });
    await expect(name).toBeFocused();
    await name.fill("   ");
    await create.click();
    await expect(dialog.getByText("Please enter a folder name")).toBeVisible();
    await expect(name).toBeFocused();
    await name.fill("x".repeat(31));
    await expect(dialog.getByText("At most 30 characters")).toBeVisible();
    await name.press("Enter");
    await expect(dialog).toBeVisible();
    await name.fill("Invoices");
    await create.click();
    await expect(dialog).toBeHidden();
    await expect(row(tree, "Invoices")).toBeVisible();
    await expect(page.getByText("The folder “Invoices” has been created.")).toBeVisible();

    // Nest a folder inside it; the parent opens to show it.
    await rowAction(page, "Actions for folder Invoices", "New subfolder");
    const nested = page.getByRole("dialog", { name: "New folder in “Invoices”" });
    await nested.getByRole("textbox", { name: "Folder name" }).fill("2026");
    await nested.getByRole("button", { name: "Create" }).click();
    await expect(nested).toBeHidden();
    await expect(row(tree, "2026")).toHaveAttribute("aria-level", "3");
    const invoices = await e2eDb()
      .selectFrom("folder")
      .select("id")
      .where("accountId", "=", owner.accountId)
      .where("name", "=", "Invoices")
      .executeTakeFirstOrThrow();
    const year = await e2eDb()
      .selectFrom("folder")
      .select(["id", "parentId"])
      .where("accountId", "=", owner.accountId)
      .where("name", "=", "2026")
      .executeTakeFirstOrThrow();
    expect(year.parentId).toBe(invoices.id);

    // Rename; Escape closes a dialog without saving.
    await rowAction(page, "Actions for folder 2026", "Rename");
    let rename = page.getByRole("dialog", { name: "Rename folder" });
    await expect(rename.getByRole("textbox", { name: "Folder name" })).toHaveValue("2026");
    await page.keyboard.press("Escape");
    await expect(rename).toBeHidden();
    await rowAction(page, "Actions for folder 2026", "Rename");
    rename = page.getByRole("dialog", { name: "Rename folder" });
    await rename.getByRole("textbox", { name: "Folder name" }).fill("  Year 2026 ");
    await rename.getByRole("button", { name: "Save" }).click();
    await expect(rename).toBeHidden();
    await expect(row(tree, "Year 2026")).toBeVisible();

    // Selecting a folder tells the page (and closes the panel on a phone).
    await row(tree, "Year 2026").click();
    await expect(page).toHaveURL(new RegExp(`folder=${year.id}`));
    await expect(page.getByRole("heading", { level: 1, name: "Year 2026" })).toBeVisible();
    if (isNarrow(page)) {
      await expect(page.getByRole("dialog", { name: "Folders" })).toBeHidden();
      await showTree(page, "Folders");
    }
    await expect(row(tree, "Year 2026")).toHaveAttribute("aria-selected", "true");

    // GET answers the tree as JSON.
    const json = await (await page.request.get("/resources/folders")).json();
    expect(json).toMatchObject({ canManageDemo: false, tree: { id: owner.rootId, name: "My ePaper", children: [{ name: "Invoices" }] } });

    // The server refuses to rename the root even when asked directly.
    const refused = await page.request.post("/resources/folders", { form: { intent: "rename", folderId: owner.rootId, name: "Mine" } });
    expect(refused.status()).toBe(422);
    expect((await e2eDb().selectFrom("folder").select("name").where("id", "=", owner.rootId).executeTakeFirstOrThrow()).name).toBe(
      "My ePaper",
    );
  });

  test("deletes a folder with its content or moves the content to the parent", async ({ page, context }) => {
    const owner = await ownerWithRoot();
    const a = await insertFolder(owner, "Alpha");
    const a1 = await insertFolder(owner, "Alpha inner", a);
    const alphaIssue = await insertEpaper(owner, "Alpha issue", a1);
    const b = await insertFolder(owner, "Beta");
    const betaInner = await insertFolder(owner, "Beta inner", b);
    const betaIssue = await insertEpaper(owner, "Beta issue", b);
    await insertFolder(owner, "Gamma");
    await logInAs(context, owner);
    const { tree } = await openTree(page, "Folders", "Folder tree", "Actions for folder My ePaper");

    // Move content to the parent: Beta's ePaper and subfolder go to the root.
    await rowAction(page, "Actions for folder Beta", "Delete");
    let dialog = page.getByRole("alertdialog", { name: "Delete folder “Beta”?" });
    await expect(dialog.getByText("Delete them with it, or move them to “My ePaper”?")).toBeVisible();
    await dialog.getByRole("button", { name: "Move content to parent" }).click();
    await expect(dialog).toBeHidden();
    await expect(row(tree, "Beta")).toHaveCount(0);
    await expect(row(tree, "Beta issue")).toHaveAttribute("aria-level", "2");
    expect(await folderOfEpaper(betaIssue)).toEqual({ folderId: owner.rootId, deletedAt: null });
    expect(await parentOfFolder(betaInner)).toBe(owner.rootId);

    // Delete content: Alpha, its subfolder and the ePaper in it go. It was selected: the parent is now.
    await row(tree, "Alpha").click();
    await expect(page).toHaveURL(new RegExp(`folder=${a}`));
    await showTree(page, "Folders");
    await expect(row(tree, "Alpha")).toHaveAttribute("aria-selected", "true");
    await rowAction(page, "Actions for folder Alpha", "Delete");
    dialog = page.getByRole("alertdialog", { name: "Delete folder “Alpha”?" });
    await dialog.getByRole("button", { name: "Delete content" }).click();
    await expect(dialog).toBeHidden();
    await expect(row(tree, "Alpha")).toHaveCount(0);
    await expect(row(tree, "My ePaper")).toHaveAttribute("aria-selected", "true");
    expect((await folderOfEpaper(alphaIssue)).deletedAt).not.toBeNull();
    expect(await parentOfFolder(a1)).toBeUndefined();

    // An empty folder asks no question.
    await rowAction(page, "Actions for folder Gamma", "Delete");
    dialog = page.getByRole("alertdialog", { name: "Delete folder “Gamma”?" });
    await expect(dialog.getByRole("button", { name: "Delete content" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Delete folder" }).click();
    await expect(row(tree, "Gamma")).toHaveCount(0);
  });

  test("the tree the server sends looks like the tree that replaces it: same rows, same places", async ({
    page,
    context,
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name === "phone", "on a phone the tree is a panel behind a button");
    const owner = await ownerWithRoot();
    const issues = await insertFolder(owner, "Issues");
    await insertFolder(owner, "Older", issues);
    await insertEpaper(owner, "Loose one", owner.rootId);
    await insertEpaper(owner, "Loose two", owner.rootId);
    /** Each row's text and where its label starts, in the order shown. */
    const rowsOf = (rows: Locator) =>
      rows.evaluateAll((items) =>
        items.map((item) => {
          const label = item.querySelector("span.truncate") as HTMLElement;
          const box = label.getBoundingClientRect();
          return { text: label.textContent, x: Math.round(box.x), y: Math.round(box.y), height: Math.round(box.height) };
        }),
      );
    // Before hydration: what the server sent (no JavaScript runs in this context).
    const still = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize(), locale: "en-US" });
    await logInAs(still, owner);
    const plain = await still.newPage();
    await plain.goto(PAGE);
    const sent = await rowsOf(plain.getByTestId("folder-tree-static").getByRole("listitem"));
    await still.close();
    await logInAs(context, owner);
    await page.goto(PAGE);
    const tree = page.getByRole("treegrid", { name: "Folder tree" });
    await expect(tree.getByRole("row")).toHaveCount(sent.length);
    expect(sent.map((row) => row.text)).toEqual(["My ePaper", "Issues", "Loose one", "Loose two"]);
    expect(await rowsOf(tree.getByRole("row"))).toEqual(sent);
  });

  test("a folder's ePapers load when it is expanded, a page at a time; the page view carries none of them", async ({
    page,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name === "phone", "the same tree on both; the panel has its own test");
    const owner = await ownerWithRoot();
    const archive = await insertFolder(owner, "Archive");
    await insertFolder(owner, "Older", archive);
    await e2eDb()
      .insertInto("epaper")
      .values(
        Array.from({ length: 103 }, (_, i) => ({
          id: createId(),
          accountId: owner.accountId,
          folderId: archive,
          name: `Issue ${String(i).padStart(3, "0")}`,
          languageCode: "de",
        })),
      )
      .execute();
    await logInAs(context, owner);
    // The server-rendered page lists the folder, none of its 103 ePapers.
    const html = await (await page.request.get(PAGE)).text();
    expect(html).toContain("Archive");
    expect(html).not.toContain("Issue 000");

    const { tree } = await openTree(page, "Folders", "Folder tree", "Actions for folder My ePaper");
    const folder = row(tree, "Archive");
    await expect(folder).toHaveAttribute("aria-expanded", "false");
    await folder.locator("[slot=chevron]").click();
    await expect(folder).toHaveAttribute("aria-expanded", "true");
    await expect(row(tree, "Older")).toHaveAttribute("aria-level", "3");
    await expect(row(tree, "Issue 000")).toBeVisible();
    await expect(row(tree, "Issue 099")).toHaveCount(1);
    await expect(row(tree, "Issue 100")).toHaveCount(0);
    await row(tree, "Show 3 more ePapers").click();
    await expect(row(tree, "Issue 102")).toHaveCount(1);
    await expect(row(tree, "Show 3 more ePapers")).toHaveCount(0);
    // Collapsed and opened again, the folder shows what it holds now.
    await folder.locator("[slot=chevron]").click();
    await expect(row(tree, "Issue 000")).toHaveCount(0);
  });

  test("the search filter keeps matches and the folders on the way to them", async ({ page, context }) => {
    const owner = await ownerWithRoot();
    const reports = await insertFolder(owner, "Reports");
    const zurich = await insertFolder(owner, "Zürich", reports);
    await insertEpaper(owner, "Annual Report", zurich);
    const drafts = await insertFolder(owner, "Drafts");
    await insertEpaper(owner, "Draft one", drafts);
    await logInAs(context, owner);
    const { panel, tree } = await openTree(page, "Folders", "Folder tree", "Actions for folder My ePaper");

    const search = panel.getByRole("searchbox", { name: "Search folders and ePapers" });
    await search.fill("annual");
    await expect(tree.getByRole("row")).toHaveCount(4);
    for (const name of ["My ePaper", "Reports", "Zürich", "Annual Report"]) await expect(row(tree, name)).toBeVisible();
    await search.fill("ZURICH");
    await expect(row(tree, "Zürich")).toBeVisible();
    await expect(row(tree, "Annual Report")).toHaveCount(0);
    await search.fill("nothing at all");
    await expect(panel.getByText("No folder or ePaper matches “nothing at all”.")).toBeVisible();
    await expect(tree.getByRole("row")).toHaveCount(1);
    await search.fill("");
    await expect(row(tree, "Drafts")).toBeVisible();
    await expect(row(tree, "Reports")).toBeVisible();
  });
});

test.describe("folder tree in German", () => {
  test.use({ locale: "de-DE" });

  test("on a phone and a tablet the tree is a panel and the upload card comes first", async ({ page, context }, testInfo) => {
    await narrowWorkspace(page, context, testInfo, {
      region: "Ordner",
      choose: "PDF auswählen",
      button: (folder) => `Ordner: ${folder}`,
      root: "Meine ePaper",
    });
  });

  test("moves an ePaper with the mouse and a folder with the keyboard; locked, failed and demo ePapers stay", async ({
    page,
    context,
  }, testInfo) => {
    const owner = await ownerWithRoot();
    const archive = await insertFolder(owner, "Archiv");
    const drafts = await insertFolder(owner, "Entwürfe");
    const spring = await insertEpaper(owner, "Frühjahr", owner.rootId);
    const locked = await insertEpaper(owner, "Gesperrt", owner.rootId, { isLocked: true });
    await insertEpaper(owner, "Kaputt", owner.rootId, { renderingFailed: true });
    const demo = await insertEpaper(owner, "Vorführung", owner.rootId, { isDemo: true });
    await logInAs(context, owner);
    const { tree } = await openTree(page, "Ordner", "Ordnerbaum", "Aktionen für Ordner Meine ePaper");
    await expect(row(tree, "Meine ePaper")).toBeVisible();

    // Locked: no drag handle, no actions; in error: disabled.
    await expect(row(tree, "Gesperrt (Vom Support gesperrt)").getByRole("button")).toHaveCount(0);
    await expect(row(tree, "Kaputt (Fehler)")).toHaveAttribute("aria-disabled", "true");
    await expect(row(tree, "Meine ePaper").getByRole("button", { name: /ziehen/ })).toHaveCount(0);

    // Mouse: drag the ePaper onto a folder (native drag and drop; a phone has no mouse).
    if (!testInfo.project.name.includes("phone")) {
      await row(tree, "Frühjahr").dragTo(row(tree, "Archiv"));
      await expect.poll(async () => (await folderOfEpaper(spring)).folderId).toBe(archive);
      await expect(row(tree, "Frühjahr")).toHaveAttribute("aria-level", "3");
    } else {
      await rowAction(page, "Aktionen für ePaper Frühjahr", "Verschieben nach …");
      const move = page.getByRole("dialog", { name: "„Frühjahr“ verschieben" });
      await move.getByLabel("Zielordner").selectOption({ label: "\u00a0\u00a0Archiv" });
      await move.getByRole("button", { name: "Verschieben" }).click();
      await expect(move).toBeHidden();
      await expect.poll(async () => (await folderOfEpaper(spring)).folderId).toBe(archive);
    }

    // Keyboard: the drag handle starts a drag, arrows choose the folder, Enter drops.
    const handle = row(tree, "Entwürfe").getByRole("button", { name: "Entwürfe ziehen" });
    await expect(async () => {
      await handle.focus();
      await expect(handle).toBeFocused({ timeout: 500 });
    }).toPass();
    await page.keyboard.press("Enter");
    await dropWithKeyboard(page, "Auf Archiv ablegen");
    await expect.poll(() => parentOfFolder(drafts)).toBe(archive);
    await expect(row(tree, "Entwürfe")).toHaveAttribute("aria-level", "3");

    // A demo ePaper without demoManagement is refused with the demo message.
    await rowAction(page, "Aktionen für ePaper Vorführung", "Verschieben nach …");
    await expect(page.getByText("Diese Aktion ist für Demo-Inhalte nicht erlaubt")).toBeVisible();
    const refused = await page.request.post("/resources/folders", { form: { intent: "moveEpaper", epaperId: demo, folderId: archive } });
    expect(refused.status()).toBe(403);
    expect((await folderOfEpaper(demo)).folderId).toBe(owner.rootId);
    const lockedMove = await page.request.post("/resources/folders", {
      form: { intent: "moveEpaper", epaperId: locked, folderId: archive },
    });
    expect(lockedMove.status()).toBe(422);
  });

  test("a generated user sees no folder tree and cannot write one", async ({ page, context }) => {
    const user = await insertUserWithLevel("2", {
      user: { isGenerated: true, isTemporary: true },
      account: { isGenerated: true, isTemporary: true },
    });
    await logInAs(context, user);
    await page.goto(PAGE);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("region", { name: "Ordner" })).toHaveCount(0);
    await expect(page.getByRole("treegrid")).toHaveCount(0);
    expect((await page.request.get("/resources/folders")).status()).toBe(403);
    const created = await page.request.post("/resources/folders", { form: { intent: "create", parentId: "x", name: "Nope" } });
    expect(created.status()).toBe(403);
  });
});
