import { getFormProps, getInputProps } from "@conform-to/react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { useFetcher, href } from "react-router";
import type { action as foldersAction } from "#app/routes/resources/folders";
import {
  type FolderDeleteMode,
  type FolderTreeEpaper,
  type FolderTreeNode,
  FolderNameFormSchema,
  findFolder,
  flattenFolders,
  folderHasContent,
  folderMoveTargets,
} from "#app/rules/folder-tree";
import { useErrorText } from "#app/components/hooks/use-error-text";
import { Button } from "#app/components/ui/button";
import { Dialog } from "#app/components/ui/dialog";
import { TextField } from "#app/components/ui/text-field";
import { useSchemaForm } from "#app/components/hooks/use-schema-form";
import { Spinner } from "./folder-tree-icons.tsx";

/** Every folder of the account (GET ?outline), fetched when 'Move to …' opens: the page holds only part of the tree. */
function useFolderOutline(): FolderTreeNode | null {
  const [outline, setOutline] = useState<FolderTreeNode | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch(`${FOLDERS_RESOURCE}?outline`, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<{ outline: FolderTreeNode }>) : null))
      .then((body) => body && setOutline(body.outline))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return outline;
}

/*
 * The folder tree's dialogs (studio-core.md §2, §5; studio-admin.md §2 "Dialogs", §4 "Folder
 * deletion"): name (create and rename), delete, and "move to …" (the touch and alternative
 * keyboard path to drag and drop). Each posts to the folders resource route with a fetcher of
 * its own and closes once the server answered ok; refusals come back as toasts, field errors
 * as Conform's result. Like every studio dialog they close with Escape, never by a click outside.
 */

/** The resource route every write of the tree posts to (app/routes/resources/folders.ts). */
export const FOLDERS_RESOURCE = href("/resources/folders");

const DIALOG_WIDTH = "28rem";
/** Buttons in a row on wide screens (cancel first); stacked on phones with the main action on top. */
const DIALOG_BUTTONS = "flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end";

type FoldersFetcherData = NonNullable<ReturnType<typeof useFetcher<typeof foldersAction>>["data"]>;
/** What a dialog hands back when the server has saved its change. */
export type FolderWriteResult = { folderId?: string; deleteMode?: FolderDeleteMode };

function useCloseOnSuccess(fetcher: ReturnType<typeof useFetcher<typeof foldersAction>>, onDone: (result: FolderWriteResult) => void) {
  const { state, data } = fetcher;
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (state !== "idle" || !data?.ok || reported.current === data) return;
    reported.current = data;
    onDone({ folderId: "folderId" in data ? data.folderId : undefined });
  }, [state, data, onDone]);
}

function resultOf(data: FoldersFetcherData | undefined) {
  return data && "result" in data ? data.result : undefined;
}

export type FolderNameDialogProps = {
  mode: "create" | "rename";
  /** create: the parent; rename: the folder itself. */
  folder: FolderTreeNode;
  /** The folder's name as shown (the root's is translated). */
  folderLabel: string;
  onClose: () => void;
  onDone: (result: FolderWriteResult) => void;
};

/** Name field 1–30 characters; confirming a wrong name says why and keeps the dialog (ADR 0063). */
export function FolderNameDialog({ mode, folder, folderLabel, onClose, onDone }: FolderNameDialogProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof foldersAction>();
  useCloseOnSuccess(fetcher, onDone);
  const initial = mode === "rename" ? folder.name : "";
  const [form, fields] = useSchemaForm({
    id: `folder-${mode}-${folder.id}`,
    schema: FolderNameFormSchema,
    lastResult: fetcher.state === "idle" ? resultOf(fetcher.data) : undefined,
    defaultValue: { name: initial },
    constraint: false,
  });
  const errorText = useErrorText();
  const hintId = useId();
  const pending = fetcher.state !== "idle";
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      maxWidth={DIALOG_WIDTH}
      title={mode === "create" ? t("folders.createTitle", { parent: folderLabel }) : t("folders.renameTitle")}
    >
      <fetcher.Form method="POST" action={FOLDERS_RESOURCE} {...getFormProps(form)} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value={mode} />
        <input type="hidden" name={mode === "create" ? "parentId" : "folderId"} value={folder.id} />
        <div className="flex flex-col gap-1">
          <TextField
            id={fields.name.id}
            label={t("folders.nameLabel")}
            errors={errorText(fields.name.errors, "folders.validation.")}
            inputProps={{
              ...getInputProps(fields.name, { type: "text" }),
              id: undefined,
              autoComplete: "off",
              autoFocus: true,
              "aria-describedby": hintId,
            }}
          />
          <p id={hintId} className="text-sm text-slate-600">
            {t("folders.nameHint")}
          </p>
        </div>
        <div className={DIALOG_BUTTONS}>
          <Button variant="secondary" onPress={onClose}>
            {t("folders.cancel")}
          </Button>
          <Button type="submit" isPending={pending}>
            {mode === "create" ? t("folders.create") : t("folders.save")}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}

export type FolderDeleteDialogProps = {
  folder: FolderTreeNode;
  parentLabel: string;
  onClose: () => void;
  onDone: (result: FolderWriteResult) => void;
};

/** An empty folder is simply deleted; one with content asks 'delete content' or 'move content to parent'. */
export function FolderDeleteDialog({ folder, parentLabel, onClose, onDone }: FolderDeleteDialogProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof foldersAction>();
  const chosen = useRef<FolderDeleteMode>("deleteContent");
  const done = useCallback((result: FolderWriteResult) => onDone({ ...result, deleteMode: chosen.current }), [onDone]);
  useCloseOnSuccess(fetcher, done);
  const pendingMode = fetcher.state !== "idle" ? fetcher.formData?.get("mode") : null;
  const submit = (mode: FolderDeleteMode) => {
    chosen.current = mode;
    void fetcher.submit({ intent: "delete", folderId: folder.id, mode }, { method: "POST", action: FOLDERS_RESOURCE });
  };
  const hasContent = folderHasContent(folder);
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      maxWidth={DIALOG_WIDTH}
      role="alertdialog"
      title={t("folders.deleteTitle", { name: folder.name })}
    >
      <p className="mb-5 text-slate-800">
        {hasContent ? t("folders.deleteWithContent", { parent: parentLabel }) : t("folders.deleteEmpty")}
      </p>
      <div className={DIALOG_BUTTONS}>
        <Button variant="secondary" onPress={onClose}>
          {t("folders.cancel")}
        </Button>
        {hasContent ? (
          <>
            <Button
              variant="secondary"
              onPress={() => submit("moveToParent")}
              isPending={pendingMode === "moveToParent"}
              isDisabled={Boolean(pendingMode)}
            >
              {t("folders.moveContentToParent")}
            </Button>
            <Button onPress={() => submit("deleteContent")} isPending={pendingMode === "deleteContent"} isDisabled={Boolean(pendingMode)}>
              {t("folders.deleteContent")}
            </Button>
          </>
        ) : (
          <Button onPress={() => submit("deleteContent")} isPending={Boolean(pendingMode)}>
            {t("folders.deleteFolder")}
          </Button>
        )}
      </div>
    </Dialog>
  );
}

export type MoveSubject = { kind: "folder"; folder: FolderTreeNode } | { kind: "epaper"; epaper: FolderTreeEpaper; folderId: string };

export type FolderMoveDialogProps = {
  subject: MoveSubject;
  /** A folder's name as shown (the root's is translated). */
  labelOf: (folder: FolderTreeNode) => string;
  onClose: () => void;
  onDone: (result: FolderWriteResult) => void;
};

/**
 * "Move to …": the same move as drag and drop, chosen from a list. Offers every folder the item
 * may go to (a folder never into itself or below, never where it already is).
 */
export function FolderMoveDialog({ subject, labelOf, onClose, onDone }: FolderMoveDialogProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof foldersAction>();
  useCloseOnSuccess(fetcher, onDone);
  const selectId = useId();
  const outline = useFolderOutline();
  const targets = !outline
    ? []
    : subject.kind === "folder"
      ? folderMoveTargets(outline, findFolder(outline, subject.folder.id) ?? subject.folder)
      : flattenFolders(outline).filter(({ folder }) => folder.id !== subject.folderId);
  const [chosen, setTarget] = useState("");
  const target = chosen || (targets[0]?.folder.id ?? "");
  const name = subject.kind === "folder" ? subject.folder.name : subject.epaper.name;
  const submit = () => {
    const values: Record<string, string> =
      subject.kind === "folder"
        ? { intent: "moveFolder", folderId: subject.folder.id, parentId: target }
        : { intent: "moveEpaper", epaperId: subject.epaper.id, folderId: target };
    void fetcher.submit(values, { method: "POST", action: FOLDERS_RESOURCE });
  };
  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} maxWidth={DIALOG_WIDTH} title={t("folders.moveTitle", { name })}>
      {!outline ? (
        <p role="status" className="mb-5 flex items-center gap-2 text-slate-800">
          <Spinner />
          {t("folders.loading")}
        </p>
      ) : targets.length === 0 ? (
        <p className="mb-5 text-slate-800">{t("folders.noMoveTargets")}</p>
      ) : (
        <div className="mb-5 flex flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
            {t("folders.moveTarget")}
          </label>
          <select
            id={selectId}
            value={target}
            onChange={(event) => setTarget(event.currentTarget.value)}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base"
          >
            {targets.map(({ folder, depth }) => (
              <option key={folder.id} value={folder.id}>
                {`${"\u00a0\u00a0".repeat(depth)}${labelOf(folder)}`}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className={DIALOG_BUTTONS}>
        <Button variant="secondary" onPress={onClose}>
          {t("folders.cancel")}
        </Button>
        <Button onPress={submit} isDisabled={!target} isPending={fetcher.state !== "idle"}>
          {t("folders.move")}
        </Button>
      </div>
    </Dialog>
  );
}
