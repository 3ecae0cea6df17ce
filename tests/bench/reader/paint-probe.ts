/**
 * Injected into the reader's page before any of its own scripts (Playwright init script): finds
 * the moment the first page's image is painted. The first page is identified by the manifest
 * inlined into index.html (pages[0].images, not the thumb); without a manifest, by the bundle's
 * layout (`pages/<n>/w<width>.webp`, the lowest n).
 *
 * Three signals, best first:
 *  1. an `element` timing entry for that image (the probe adds `elementtiming` to every <img> as
 *     the parser inserts it, unless the reader set its own) — its renderTime is the paint;
 *  2. a `largest-contentful-paint` entry for that image URL (renderTime);
 *  3. polling in requestAnimationFrame: the second frame after the image is `complete` with a
 *     natural width and `decode()` has resolved (the frame it was painted in has ended).
 * All times are performance.now() values, relative to the navigation start.
 */
export type ProbeState = {
  timeOrigin: number;
  firstPageUrls: string[];
  entries: { type: string; url: string; time: number; identifier: string }[];
  polled: { url: string; completeAt: number; paintedAt: number } | null;
};

export const PROBE_SCRIPT = `(() => {
  const state = { timeOrigin: performance.timeOrigin, firstPageUrls: [], entries: [], polled: null };
  window.__readerBench = state;
  const MANIFEST_ID = "epaper-manifest";
  const absolute = (src) => new URL(src, location.href).href;
  const firstPageUrls = () => {
    if (state.firstPageUrls.length) return state.firstPageUrls;
    const script = document.getElementById(MANIFEST_ID);
    if (script && script.textContent) {
      try {
        const manifest = JSON.parse(script.textContent);
        const first = manifest.pages && manifest.pages[0];
        if (first && Array.isArray(first.images)) state.firstPageUrls = first.images.map((image) => absolute(image.src));
      } catch {}
    }
    return state.firstPageUrls;
  };
  const layoutIndex = (url) => {
    const match = /\\/pages\\/(\\d+)\\/w\\d+\\.webp(?:$|\\?)/.exec(url);
    return match ? Number(match[1]) : null;
  };
  const isFirstPage = (url) => {
    if (!url) return false;
    const urls = firstPageUrls();
    if (urls.length) return urls.includes(url);
    const index = layoutIndex(url);
    if (index === null) return false;
    const lowest = Math.min(...[...document.images].map((image) => layoutIndex(image.currentSrc || image.src)).filter((n) => n !== null));
    return index === lowest;
  };
  try {
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const url = entry.url || "";
        if (!isFirstPage(url)) continue;
        state.entries.push({
          type: entry.entryType,
          url,
          time: entry.renderTime || entry.loadTime || entry.startTime,
          identifier: entry.identifier || "",
        });
      }
    });
    for (const type of ["element", "largest-contentful-paint"]) {
      try { observer.observe({ type, buffered: true }); } catch {}
    }
  } catch {}
  const tag = (node) => {
    if (node instanceof HTMLImageElement && !node.hasAttribute("elementtiming")) node.setAttribute("elementtiming", "bench-page-image");
    if (node.querySelectorAll) for (const image of node.querySelectorAll("img:not([elementtiming])")) image.setAttribute("elementtiming", "bench-page-image");
  };
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) tag(node);
  }).observe(document, { childList: true, subtree: true });
  let pending = false;
  const poll = () => {
    if (state.polled) return;
    if (!pending) {
      for (const image of document.images) {
        const url = image.currentSrc || image.src;
        if (!image.complete || image.naturalWidth === 0 || !isFirstPage(url)) continue;
        pending = true;
        const completeAt = performance.now();
        image.decode().catch(() => {}).then(() =>
          requestAnimationFrame(() => requestAnimationFrame((paintedAt) => {
            state.polled = { url, completeAt, paintedAt };
          })),
        );
        break;
      }
    }
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
})();`;
