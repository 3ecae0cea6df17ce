import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import {
  FolderIntentSchema,
  FolderNameFormSchema,
  type FolderTreeEpaper,
  type FolderTreeNode,
  folderHasContent,
  folderMoveTargets,
  folderPath,
  isEpaperInError,
  isValidFolderName,
  withContents,
} from "./folder-tree.ts";

function epaper(name: string): FolderTreeEpaper {
  return { id: `e-${name}`, name, isDemo: false, isLocked: false, inError: false, inProcess: false };
}

function folder(id: string, parentId: string | null, children: FolderTreeNode[] = [], epapers: FolderTreeEpaper[] = []): FolderTreeNode {
  const hasContent = children.length + epapers.length > 0;
  return {
    id,
    parentId,
    name: id,
    createdAt: "2026-01-01T00:00:00.000Z",
    children,
    epapers,
    hasContent,
    loaded: true,
    epaperCount: epapers.length,
  };
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

test("withContents lays fetched folder contents into the tree the page brought", () => {
  const unloaded = { ...folder("Drafts", "root"), hasContent: true, loaded: false };
  const page = folder("root", null, [unloaded]);
  const inner = { ...folder("Inner", "Drafts"), hasContent: true, loaded: false };
  const contents = new Map([
    ["Drafts", { id: "Drafts", children: [inner], epapers: [epaper("Draft one")], epaperCount: 120 }],
    ["Inner", { id: "Inner", children: [], epapers: [epaper("Deep")], epaperCount: 1 }],
  ]);
  const merged = withContents(page, contents);
  expect(shape(merged)).toEqual(["root", [["Drafts", [["Inner", [], ["Deep"]]], ["Draft one"]]], []]);
  expect(merged.children[0]).toMatchObject({ loaded: true, epaperCount: 120 });
  // The page's own tree is not changed.
  expect(page.children[0]?.loaded).toBe(false);
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
  // Not loaded yet: the server said whether there is anything inside.
  expect(folderHasContent({ ...folder("unloaded", "root"), hasContent: true, loaded: false })).toBe(true);
});
