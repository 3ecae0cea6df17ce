import { listRenderNodes, pickNode } from "#app/render/node-registry.server";
import { renderClientFor } from "#app/render/render-client.server";
import type { RenderDeps } from "#app/render/render-types.server";

/**
 * Single-page PDFs for the pages whose download is allowed, cut by the least-loaded render node
 * from the stored source (the worker is the only caller of render nodes; architecture.md).
 */
export function splitPagesWith(deps: Pick<RenderDeps, "redis" | "signedUrl" | "token">) {
  return async function* splitPages(sourceBlobKey: string, pages: number[]) {
    const node = pickNode(await listRenderNodes(deps.redis), new Map());
    if (!node) throw new Error("no render node is available to cut page PDFs");
    const stream = renderClientFor(node.url, deps.token).splitDocument(
      { sourceUrl: await deps.signedUrl(sourceBlobKey), sourceId: sourceBlobKey, pages },
      { timeoutMs: 120_000 },
    );
    for await (const cut of stream) yield { page: cut.page, pdf: cut.pdf };
  };
}
