import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import {
  FolderIntentSchema,
  FolderNameFormSchema,
  type FolderTreeEpaper,
  type FolderTreeNode,
  filterFolderTree,
  folderHasContent,
  folderMoveTargets,
  folderPath,
  isEpaperInError,
  isValidFolderName,
} from "./folder-tree.ts";

function epaper(name: string): FolderTreeEpaper {
  return { id: `e-${name}`, name, isDemo: false, isLocked: false, inError: false, inProcess: false };
}

function folder(id: string, parentId: string | null, children: FolderTreeNode[] = [], epapers: FolderTreeEpaper[] = []): FolderTreeNode {
  return { id, parentId, name: id, createdAt: "2026-01-01T00:00:00.000Z", children, epapers };
}

// root ─ Reports ─ Zürich (ePaper "Annual Report")
//      └ Drafts (ePaper "Draft one")
//      ePaper "Loose"
const tree = folder(
  "root",
  null,
  [
    folder("Reports", "root", [folder("Zürich", "Reports", [], [epaper("Annual Report")])]),
    folder("Drafts", "root", [], [epaper("Draft one")]),
  ],
  [epaper("Loose")],
);

function shape(node: FolderTreeNode): unknown {
  return [node.id, node.children.map(shape), node.epapers.map((e) => e.name)];
}

describe("folder names (studio-core.md §5: 1 to 30 characters)", () => {
  test.each([
    ["a", true],
    ["  a  ", true],
    ["x".repeat(30), true],
    ["x".repeat(31), false],
    ["😀".repeat(30), true],
    ["", false],
    ["   ", false],
  ])("%j valid: %s", (name, valid) => {
    expect(isValidFolderName(name)).toBe(valid);
    const submission = parseWithZod(formData({ name }), { schema: FolderNameFormSchema });
    expect(submission.status === "success").toBe(valid);
  });

  test("messages are keys under folders.validation", () => {
    const errors = (name: string) => parseWithZod(formData({ name }), { schema: FolderNameFormSchema }).reply().error;
    expect(errors("")).toEqual({ name: ["nameRequired"] });
    expect(errors("x".repeat(31))).toEqual({ name: ["nameTooLong"] });
  });
});

function formData(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

test("the intent schema reads every write and refuses unknown ones", () => {
  const parse = (values: Record<string, string>) => parseWithZod(formData(values), { schema: FolderIntentSchema });
  expect(parse({ intent: "create", parentId: "p", name: " New " })).toMatchObject({ status: "success", value: { name: "New" } });
  expect(parse({ intent: "delete", folderId: "f", mode: "moveToParent" }).status).toBe("success");
  expect(parse({ intent: "delete", folderId: "f", mode: "everything" }).status).toBe("error");
  expect(parse({ intent: "moveEpaper", epaperId: "e", folderId: "f" }).status).toBe("success");
  expect(parse({ intent: "moveFolder", folderId: "f" }).status).toBe("error");
  expect(parse({ intent: "explode" }).status).toBe("error");
});

test("isEpaperInError: a failed render, or a process error that was not cancelled", () => {
  expect(isEpaperInError({ renderingFailed: true, processError: null, processCancelled: false })).toBe(true);
  expect(isEpaperInError({ renderingFailed: false, processError: "x", processCancelled: false })).toBe(true);
  expect(isEpaperInError({ renderingFailed: false, processError: "x", processCancelled: true })).toBe(false);
  expect(isEpaperInError({ renderingFailed: false, processError: null, processCancelled: false })).toBe(false);
});

describe("filterFolderTree", () => {
  test("an empty query keeps everything", () => {
    const { tree: filtered, folderIds } = filterFolderTree(tree, "  ");
    expect(shape(filtered)).toEqual(shape(tree));
    expect([...folderIds].sort()).toEqual(["Drafts", "Reports", "Zürich", "root"]);
  });

  test("keeps matches and the folders on the way to them, ignoring case and accents", () => {
    const { tree: filtered, folderIds, matches } = filterFolderTree(tree, "annual");
    expect(shape(filtered)).toEqual(["root", [["Reports", [["Zürich", [], ["Annual Report"]]], []]], []]);
    expect(folderIds).toEqual(new Set(["root", "Reports", "Zürich"]));
    expect(matches).toBe(1);
    expect(shape(filterFolderTree(tree, "zuri").tree)).toEqual(["root", [["Reports", [["Zürich", [], []]], []]], []]);
  });

  test("nothing matches: only the root", () => {
    const { tree: filtered, matches } = filterFolderTree(tree, "nothing");
    expect(shape(filtered)).toEqual(["root", [], []]);
    expect(matches).toBe(0);
  });
});

test("folderMoveTargets leaves out the folder, its descendants and its current parent", () => {
  const reports = tree.children[0]!;
  expect(folderMoveTargets(tree, reports).map(({ folder, depth }) => [folder.id, depth])).toEqual([["Drafts", 1]]);
  const zurich = reports.children[0]!;
  expect(folderMoveTargets(tree, zurich).map(({ folder }) => folder.id)).toEqual(["root", "Drafts"]);
});

test("folderPath and folderHasContent", () => {
  expect(folderPath(tree, "Zürich").map((node) => node.id)).toEqual(["root", "Reports", "Zürich"]);
  expect(folderPath(tree, "missing")).toEqual([]);
  expect(folderHasContent(tree.children[1]!)).toBe(true);
  expect(folderHasContent(folder("empty", "root"))).toBe(false);
});
