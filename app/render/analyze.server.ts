import { ConnectError } from "@connectrpc/connect";
import { Encryption, RenderFailureSchema } from "@ep/proto/epaper/render/v1/render_pb";
import { listRenderNodes, pickNode, type RenderNode } from "./node-registry.server.ts";
import { type StoredLink, storedLinkOf } from "./page-store.server.ts";
import { renderClientFor } from "./render-client.server.ts";
import { failureOfReason } from "./render-failure.ts";
import { RenderRefused, type RenderDeps } from "./render-types.server.ts";

export type Analysis = {
  pageCount: number;
  pages: { page: number; widthPt: number; heightPt: number; rotation: number }[];
  ownerEncrypted: boolean;
  outline: { title: string; page: number; level: number; uri: string }[];
  links: { page: number; links: StoredLink[] }[];
  title: string;
};

/**
 * Asks a node (the least-loaded one, unless the caller already picked one) to describe a
 * stored PDF (upload step 1 of architecture.md): page count, sizes, encryption, outline and
 * links. A document nobody can render comes back as RenderRefused with the message key of the
 * reason.
 */
export async function analyzeBlob(
  deps: Pick<RenderDeps, "redis" | "signedUrl" | "token">,
  key: string,
  options: { includeLinks?: boolean; signal?: AbortSignal; node?: RenderNode } = {},
): Promise<Analysis> {
  const node = options.node ?? pickNode(await listRenderNodes(deps.redis), new Map());
  if (!node) throw new Error("no render node is available");
  try {
    const result = await renderClientFor(node.url, deps.token).analyze(
      { sourceUrl: await deps.signedUrl(key), sourceId: key, includeLinks: options.includeLinks ?? false },
      { signal: options.signal, timeoutMs: 120_000 },
    );
    return {
      pageCount: result.pageCount,
      pages: result.pages.map(({ page, widthPt, heightPt, rotation }) => ({ page, widthPt, heightPt, rotation })),
      ownerEncrypted: result.encryption === Encryption.OWNER_ONLY,
      outline: result.outline.map(({ title, page, level, uri }) => ({ title, page, level, uri })),
      links: result.links.map((entry) => ({
        page: entry.page,
        links: entry.links.map(storedLinkOf),
      })),
      title: result.title,
    };
  } catch (error) {
    const detail = ConnectError.from(error).findDetails(RenderFailureSchema)[0];
    const failure = detail ? failureOfReason(detail.reason) : null;
    if (failure) throw new RenderRefused(failure, detail?.detail ?? failure);
    throw error;
  }
}
