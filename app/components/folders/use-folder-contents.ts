import { useCallback, useEffect, useRef, useState } from "react";
import { showToast } from "#app/components/hooks/toast-store";
import type { FolderContent, FolderSearchResult, FolderTreeNode } from "#app/rules/folder-tree";
import { FOLDERS_RESOURCE } from "./folder-tree-dialogs.tsx";

/** How long the search waits for the user to stop typing. */
const SEARCH_DELAY_MS = 250;

async function getJson<T>(query: string, signal?: AbortSignal): Promise<T | null> {
  const response = await fetch(`${FOLDERS_RESOURCE}?${query}`, { signal, headers: { Accept: "application/json" } });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`folders ${query}: ${response.status}`);
  return (await response.json()) as T;
}

const failed = (error: unknown) => {
  if ((error as Error).name !== "AbortError") showToast({ type: "error", messageKey: "errors.unexpected" });
};

/**
 * The parts of the tree fetched since the page loaded (issue 15 §2): a folder's content when it
 * is expanded, the next page of its ePapers on 'show more'. When the page's own tree comes again
 * (after a write, or a real-time event), expanded folders are fetched again and the others
 * forgotten, so nothing stale stays on screen.
 */
export function useFolderContents(tree: FolderTreeNode, isExpanded: (folderId: string) => boolean) {
  const [contents, setContents] = useState<ReadonlyMap<string, FolderContent>>(() => new Map());
  const [loading, setLoading] = useState<ReadonlySet<string>>(() => new Set());
  const latest = useRef({ contents, isExpanded });
  latest.current = { contents, isExpanded };

  const load = useCallback(async (folderId: string, offset = 0) => {
    setLoading((ids) => new Set([...ids, folderId]));
    try {
      const body = await getJson<{ content: FolderContent }>(`folder=${encodeURIComponent(folderId)}&offset=${offset}`);
      setContents((current) => {
        const next = new Map(current);
        if (!body) next.delete(folderId);
        else {
          const before = current.get(folderId);
          const epapers = offset > 0 && before ? [...before.epapers, ...body.content.epapers] : body.content.epapers;
          next.set(folderId, { ...body.content, epapers });
        }
        return next;
      });
    } catch (error) {
      failed(error);
    } finally {
      setLoading((ids) => new Set([...ids].filter((id) => id !== folderId)));
    }
  }, []);

  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page brings its tree again
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const { contents: current, isExpanded: expanded } = latest.current;
    const keep = [...current.keys()].filter(expanded);
    setContents((map) => new Map([...map].filter(([id]) => keep.includes(id))));
    for (const id of keep) void load(id);
  }, [tree, load]);

  return { contents, loading, load };
}

/** The server's search for the tree's search field, a moment after the last keystroke; null while there is no query. */
export function useFolderSearch(query: string, tree: FolderTreeNode) {
  const [result, setResult] = useState<(FolderSearchResult & { query: string }) | null>(null);
  const [pending, setPending] = useState(false);
  const text = query.trim();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page tree (after a write) searches again
  useEffect(() => {
    if (!text) {
      setResult(null);
      setPending(false);
      return;
    }
    const controller = new AbortController();
    setPending(true);
    const timer = setTimeout(() => {
      getJson<{ search: FolderSearchResult }>(`search=${encodeURIComponent(text)}`, controller.signal)
        .then((body) => {
          if (body) setResult({ ...body.search, query: text });
          setPending(false);
        })
        .catch(failed);
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, tree]);
  return { result: text ? result : null, pending };
}
