import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { requireStudioUser, type StudioUser } from "#app/auth/studio-user.server";
import { RENDER_CANCEL_CHANNEL } from "#app/jobs/render";
import { createFolder, deleteFolder, FolderNotFound, moveEpaper, moveFolder, renameFolder } from "#app/models/folder.server";
import { loadFolderContent, loadFolderOutline, loadFolderTree, searchFolderTree } from "#app/models/folder-listing.server";
import { withErrorToasts } from "#app/errors/responses.server";
import { db } from "#app/utils/db.server";
import { type FolderIntent, FolderIntentSchema } from "#app/rules/folder-tree";
import { can, requirePermission, requireWriteAllowed } from "#app/rules/permissions";
import { redis } from "#app/utils/redis.server";
import { toastSetCookie } from "#app/utils/toast.server";
import type { ToastInput } from "#app/utils/toast";
import type { Route } from "./+types/folders";
import { readForm } from "#app/utils/read-form.server";

/**
 * The folder tree's data and writes (studio-core.md §2 "Folder tree", §6; studio-admin.md §4
 * "Folder deletion"). GET answers JSON, in parts (issue 15 §2): without parameters the root with
 * its subfolders and first ePapers ({ tree, canManageDemo }); ?folder=<id>&offset=<n> a folder's
 * subfolders and a page of its ePapers ({ content }); ?search=<text> the matches with the folders
 * on the way ({ search }); ?outline every folder without ePapers, for 'Move to …' ({ outline });
 * POST takes one `intent`: create (parentId, name), rename (folderId, name), delete (folderId,
 * mode deleteContent | moveToParent), moveFolder (folderId, parentId), moveEpaper (epaperId,
 * folderId). Every request needs the permission `tree` (generated users never hold it); the
 * model scopes every id by the account. Messages are toasts. Decisions: docs/decisions/0019-folders.md.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const studio = await requireStudioUser(db, request);
  if (!studio.permissions.has("tree")) throw data({ ok: false, error: "Forbidden" }, { status: 403 });
  const url = new URL(request.url);
  const accountId = studio.user.accountId;
  const access = { demoProcesses: can(studio.subject, "demoManagement") };
  const headers = { "Cache-Control": "no-store" };
  try {
    const folder = url.searchParams.get("folder");
    if (folder) {
      const offset = Number(url.searchParams.get("offset") ?? 0);
      return data({ content: await loadFolderContent(db, accountId, folder, { ...access, offset }) }, { headers });
    }
    const search = url.searchParams.get("search");
    if (search?.trim()) return data({ search: await searchFolderTree(db, accountId, search, access) }, { headers });
    if (url.searchParams.has("outline")) return data({ outline: await loadFolderOutline(db, accountId) }, { headers });
    return data(await loadFolderTree(db, studio), { headers });
  } catch (error) {
    if (error instanceof FolderNotFound) throw data({ ok: false, error: error.name }, { status: 404 });
    throw error;
  }
}

/** Every write of the tree, by `intent` (app/rules/folder-tree.ts). */
export const intents = FolderIntentSchema;

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") throw data({ ok: false, error: "MethodNotAllowed" }, { status: 405, headers: { Allow: "GET, POST" } });
  return withErrorToasts(async () => {
    const studio = await requireStudioUser(db, request);
    requirePermission(studio.subject, "tree");
    // Maintenance and e-mail token sessions; the demo rule is the model's, it knows what moves.
    requireWriteAllowed(studio.subject, { resource: "folder", targetIsDemo: false });
    const formData = await readForm(request);
    const submission = parseWithZod(formData, { schema: FolderIntentSchema });
    if (submission.status !== "success") {
      // The form's own intent, echoed so the dialog that sent it shows the field errors.
      const intent = String(formData.get("intent") ?? "unknown");
      return data({ ok: false as const, intent, result: submission.reply() }, { status: 400 });
    }
    const { toast, ...outcome } = await write(studio, submission.value);
    return data(
      { ok: true as const, intent: submission.value.intent, result: submission.reply({ resetForm: true }), ...outcome },
      { headers: { "Set-Cookie": await toastSetCookie(toast) } },
    );
  });
}

async function write({ user, subject }: StudioUser, intent: FolderIntent): Promise<{ toast: ToastInput; folderId?: string }> {
  const accountId = user.accountId;
  const access = { demoManagement: can(subject, "demoManagement") };
  switch (intent.intent) {
    case "create": {
      const folder = await createFolder(db, accountId, intent.parentId, intent.name);
      return { folderId: folder.id, toast: { type: "success", messageKey: "folders.created", params: { name: folder.name } } };
    }
    case "rename": {
      const folder = await renameFolder(db, accountId, intent.folderId, intent.name);
      return { folderId: folder.id, toast: { type: "success", messageKey: "folders.renamed", params: { name: folder.name } } };
    }
    case "delete": {
      const result = await deleteFolder(db, accountId, intent.folderId, intent.mode, access);
      // Renders of deleted ePapers stop, as with any ePaper deletion (try-it-epapers.server.ts).
      for (const epaperId of result.cancelledRenderIds) await redis.publish(RENDER_CANCEL_CHANNEL, epaperId);
      return { folderId: result.parentId, toast: { type: "success", messageKey: "folders.deleted" } };
    }
    case "moveFolder": {
      const folder = await moveFolder(db, accountId, intent.folderId, intent.parentId);
      return { folderId: folder.id, toast: { type: "success", messageKey: "folders.moved" } };
    }
    case "moveEpaper": {
      const epaper = await moveEpaper(db, accountId, intent.epaperId, intent.folderId, access);
      return { folderId: epaper.folderId, toast: { type: "success", messageKey: "folders.moved" } };
    }
  }
}
