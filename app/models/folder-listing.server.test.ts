import { createId } from "@paralleldrive/cuid2";
import { CamelCasePlugin, Kysely, MysqlDialect } from "kysely";
import { createPool } from "mysql2";
import { createPool as createPromisePool } from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { poolOptions } from "#db/client";
import type { DB } from "#db/schema.gen";
import { FOLDER_LEAF_PAGE, FOLDER_SEARCH_LIMIT, type FolderTreeNode } from "#app/rules/folder-tree";
import { db } from "#app/utils/db.server";
import { TEST_DATABASE_URL } from "#tests/setup/test-env";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { createFolder, FolderNotFound, findRootFolder, findRootFolderId } from "./folder.server.ts";
import { listEpaperCards } from "./epaper-grid.server.ts";
import { loadFolderContent, loadFolderOutline, loadFolderTree, searchFolderTree } from "./folder-listing.server.ts";

// Issue 15 §2: the tree is read in parts, every part bounded by what is shown, and every query
// walks an index of the account.

const ACCESS = { demoProcesses: true };
const studioOf = (accountId: string) => ({ user: { accountId }, subject: { permissions: ["2"] }, permissions: new Set(["tree"]) }) as never;

afterAll(() => db.destroy());

async function newAccount() {
  const { accountId } = await insertAccountWithUser(db);
  return { accountId, rootId: await findRootFolderId(db, accountId) };
}

async function insertEpapers(accountId: string, folderId: string | null, names: string[], values: { deletedAt?: Date } = {}) {
  if (names.length === 0) return;
  await db
    .insertInto("epaper")
    .values(names.map((name) => ({ id: createId(), accountId, folderId, name, languageCode: "de", ...values })))
    .execute();
}

const names = (node: FolderTreeNode): unknown => [node.name, node.children.map(names), node.epapers.map((epaper) => epaper.name)];

describe("loadFolderTree (a page view)", () => {
  test("brings the root and the folders on the way to the selected one, each with its subfolders and first ePapers", async () => {
    const { accountId, rootId } = await newAccount();
    const a = await createFolder(db, accountId, rootId, "A");
    const a1 = await createFolder(db, accountId, a.id, "A1");
    const b = await createFolder(db, accountId, rootId, "B");
    await createFolder(db, accountId, b.id, "B1");
    const empty = await createFolder(db, accountId, rootId, "Empty");
    await insertEpapers(accountId, a1.id, ["Deep"]);
    await insertEpapers(accountId, null, ["Loose"]);
    await insertEpapers(accountId, rootId, ["Root paper"]);
    await insertEpapers(accountId, rootId, ["Deleted"], { deletedAt: new Date() });
    // A folder whose only ePaper is deleted holds nothing.
    await insertEpapers(accountId, empty.id, ["Gone"], { deletedAt: new Date() });

    const data = await loadFolderTree(db, studioOf(accountId), a1.id);
    const tree = data!.tree;
    expect(names(tree)).toEqual([
      "My ePaper",
      [
        ["A", [["A1", [], ["Deep"]]], []],
        ["B", [], []],
        ["Empty", [], []],
      ],
      ["Loose", "Root paper"],
    ]);
    expect(tree).toMatchObject({ loaded: true, epaperCount: 2, parentId: null });
    const [nodeA, nodeB, nodeEmpty] = tree.children;
    expect(nodeA).toMatchObject({ loaded: true, hasContent: true, parentId: rootId });
    expect(nodeA?.children[0]).toMatchObject({ id: a1.id, loaded: true, epaperCount: 1 });
    // Not on the way: not loaded, but the chevron knows whether there is something inside.
    expect(nodeB).toMatchObject({ id: b.id, loaded: false, hasContent: true });
    expect(nodeEmpty).toMatchObject({ id: empty.id, loaded: false, hasContent: false });
  });

  test("what the workspace has just read (the root's row, the grid's count of a folder) builds the same tree", async () => {
    const { accountId, rootId } = await newAccount();
    const a = await createFolder(db, accountId, rootId, "A");
    await createFolder(db, accountId, a.id, "A1");
    await insertEpapers(accountId, a.id, ["In A", "Also in A"]);
    await insertEpapers(accountId, null, ["Loose"]);
    for (const selected of [rootId, a.id]) {
      // The count as the workspace's grid reads it for the folder it lists.
      const grid = { accountId, folderId: selected, folderIsRoot: selected === rootId, search: null, size: 24, page: 1 };
      const { total } = await listEpaperCards(db, { ...grid, uploadCard: true, hideDemoProcesses: false });
      const known = { root: await findRootFolder(db, accountId), epaperCount: { folderId: selected, total } };
      expect(await loadFolderTree(db, studioOf(accountId), selected, known)).toEqual(
        await loadFolderTree(db, studioOf(accountId), selected),
      );
    }
  });

  test("a folder of another account selects nothing of it: just the root", async () => {
    const mine = await newAccount();
    const theirs = await newAccount();
    const secret = await createFolder(db, theirs.accountId, theirs.rootId, "Secret");
    const data = await loadFolderTree(db, studioOf(mine.accountId), secret.id);
    expect(names(data!.tree)).toEqual(["My ePaper", [], []]);
  });
});

describe("loadFolderContent (expanding a folder)", () => {
  test("answers its subfolders and ePapers a page at a time, by name", async () => {
    const { accountId, rootId } = await newAccount();
    const folder = await createFolder(db, accountId, rootId, "Many");
    await createFolder(db, accountId, folder.id, "Sub");
    const all = Array.from({ length: FOLDER_LEAF_PAGE + 20 }, (_, i) => `Issue ${String(i).padStart(3, "0")}`);
    await insertEpapers(accountId, folder.id, [...all].reverse());
    const first = await loadFolderContent(db, accountId, folder.id, ACCESS);
    expect(first.children.map((child) => child.name)).toEqual(["Sub"]);
    expect(first.epaperCount).toBe(all.length);
    expect(first.epapers.map((epaper) => epaper.name)).toEqual(all.slice(0, FOLDER_LEAF_PAGE));
    const more = await loadFolderContent(db, accountId, folder.id, { ...ACCESS, offset: FOLDER_LEAF_PAGE });
    expect(more.epapers.map((epaper) => epaper.name)).toEqual(all.slice(FOLDER_LEAF_PAGE));
  });

  test("another account's folder is not found", async () => {
    const mine = await newAccount();
    const theirs = await newAccount();
    await expect(loadFolderContent(db, mine.accountId, theirs.rootId, ACCESS)).rejects.toBeInstanceOf(FolderNotFound);
  });
});

describe("searchFolderTree", () => {
  test("finds folders and ePapers by the beginnings of words, case and accents ignored, with the folders on the way", async () => {
    const { accountId, rootId } = await newAccount();
    const reports = await createFolder(db, accountId, rootId, "Reports");
    const zurich = await createFolder(db, accountId, reports.id, "Zürich");
    await insertEpapers(accountId, zurich.id, ["Annual Report", "Other"]);
    await insertEpapers(accountId, zurich.id, ["Annual deleted"], { deletedAt: new Date() });
    const drafts = await createFolder(db, accountId, rootId, "Drafts");
    await insertEpapers(accountId, drafts.id, ["Draft one"]);
    const other = await newAccount();
    await insertEpapers(other.accountId, other.rootId, ["Annual of another account"]);

    const annual = await searchFolderTree(db, accountId, "annual", ACCESS);
    expect(names(annual.tree)).toEqual(["My ePaper", [["Reports", [["Zürich", [], ["Annual Report"]]], []]], []]);
    expect(annual).toMatchObject({ matches: 1, truncated: false });
    expect(annual.folderIds.sort()).toEqual([rootId, reports.id, zurich.id].sort());

    expect(names((await searchFolderTree(db, accountId, "ZURICH", ACCESS)).tree)).toEqual([
      "My ePaper",
      [["Reports", [["Zürich", [], []]], []]],
      [],
    ]);
    // Every word must begin a word of the name; stopwords and short words count too.
    await insertEpapers(accountId, drafts.id, ["The Times No. 5", "Report 2026 spring"]);
    const found = async (text: string) =>
      (await searchFolderTree(db, accountId, text, ACCESS)).folderIds.length > 0
        ? JSON.stringify(names((await searchFolderTree(db, accountId, text, ACCESS)).tree))
        : "";
    expect(await found("rep 2026")).toContain("Report 2026 spring");
    expect(await found("rep 2026")).not.toContain("Annual Report");
    expect(await found("the")).toContain("The Times No. 5");
    expect(await found("times 5")).toContain("The Times No. 5");
    expect(await found("no")).toContain("The Times No. 5");
    expect(await found("port")).not.toContain("Report");
    const none = await searchFolderTree(db, accountId, "100%", ACCESS);
    expect(none.matches).toBe(0);
    expect(names(none.tree)).toEqual(["My ePaper", [], []]);
  });

  test("answers at most FOLDER_SEARCH_LIMIT matches and says so", async () => {
    const { accountId, rootId } = await newAccount();
    await insertEpapers(
      accountId,
      rootId,
      Array.from({ length: FOLDER_SEARCH_LIMIT + 5 }, (_, i) => `Weekly ${i}`),
    );
    const result = await searchFolderTree(db, accountId, "weekly", ACCESS);
    expect(result).toMatchObject({ matches: FOLDER_SEARCH_LIMIT, truncated: true });
    expect(result.tree.epapers).toHaveLength(FOLDER_SEARCH_LIMIT);
  });
});

test("loadFolderOutline lists every folder, nested, without ePapers", async () => {
  const { accountId, rootId } = await newAccount();
  const a = await createFolder(db, accountId, rootId, "A");
  await createFolder(db, accountId, a.id, "A1");
  await createFolder(db, accountId, rootId, "B");
  await insertEpapers(accountId, a.id, ["Paper"]);
  expect(names(await loadFolderOutline(db, accountId))).toEqual([
    "My ePaper",
    [
      ["A", [["A1", [], []]], []],
      ["B", [], []],
    ],
    [],
  ]);
});

describe("every query of the tree walks an index of the account", () => {
  type Captured = { sql: string; parameters: readonly unknown[] };
  const captured: Captured[] = [];
  const logged = new Kysely<DB>({
    dialect: new MysqlDialect({ pool: createPool(poolOptions(TEST_DATABASE_URL, { connectionLimit: 2 })) }),
    plugins: [new CamelCasePlugin()],
    log: (event) => {
      if (event.level === "query") captured.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  const explain = createPromisePool(poolOptions(TEST_DATABASE_URL, { connectionLimit: 1 }));
  let account: { accountId: string; rootId: string };
  let deep: string;

  beforeAll(async () => {
    // Enough rows in this account and another one that a full scan would be the planner's last choice.
    account = await newAccount();
    const other = await newAccount();
    let parent = account.rootId;
    for (let level = 0; level < 3; level++) {
      const folder = await createFolder(db, account.accountId, parent, `Level ${level}`);
      await insertEpapers(
        account.accountId,
        folder.id,
        Array.from({ length: 300 }, (_, i) => `Paper ${level}-${i}`),
      );
      parent = folder.id;
    }
    deep = parent;
    await insertEpapers(
      other.accountId,
      other.rootId,
      Array.from({ length: 900 }, (_, i) => `Foreign ${i}`),
    );
    await db
      .insertInto("folder")
      .values(
        Array.from({ length: 600 }, (_, i) => ({ id: createId(), accountId: other.accountId, parentId: other.rootId, name: `F${i}` })),
      )
      .execute();
    await explain.query("ANALYZE TABLE epaper, folder");
  }, 60_000);

  afterAll(async () => {
    await logged.destroy();
    await explain.end();
  });

  test("page view, expansion, show more, search and outline", async () => {
    captured.length = 0;
    await loadFolderTree(logged, studioOf(account.accountId), deep);
    await loadFolderContent(logged, account.accountId, deep, { ...ACCESS, offset: FOLDER_LEAF_PAGE });
    await searchFolderTree(logged, account.accountId, "paper 2-1", ACCESS);
    await loadFolderOutline(logged, account.accountId);
    const selects = captured.filter((query) => /^select/i.test(query.sql));
    expect(selects.length).toBeGreaterThan(8);
    const scans: string[] = [];
    for (const query of selects) {
      const [rows] = await explain.query(`EXPLAIN ${query.sql}`, query.parameters as unknown[]);
      for (const row of rows as { table: string; type: string; key: string | null; Extra: string }[]) {
        if (process.env.SHOW_EXPLAIN) console.log(row.table, row.type, row.key, row.Extra, "<=", query.sql.slice(0, 160));
        if ((row.table === "epaper" || row.table === "folder") && (row.type === "ALL" || row.key === null))
          scans.push(`${row.table} ${row.type} in ${query.sql}`);
      }
    }
    expect(scans).toEqual([]);
    // The search reads the FULLTEXT index, not the account's names.
    const [searchPlan] = await explain.query(
      `EXPLAIN ${selects.find((query) => /MATCH\(`epaper`/.test(query.sql))?.sql}`,
      selects.find((query) => /MATCH\(`epaper`/.test(query.sql))?.parameters as unknown[],
    );
    expect((searchPlan as { type: string }[])[0]?.type).toBe("fulltext");
  }, 30_000);
});
