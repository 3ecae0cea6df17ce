/**
 * Readership statistics (issue 31): what readers do with a publication, posted in batches with
 * navigator.sendBeacon to the endpoint the manifest names (`statsEndpoint`). No cookies, no
 * storage, no identifiers: an event says what happened, never who did it. A reader who asks not
 * to be tracked (Global Privacy Control, Do Not Track) is counted as one open and nothing more.
 *
 * Wire contract: a text/plain body `{"v":1,"events":[…]}` of at most 50 events and 16 KiB
 * (app/stats/stats-events.ts; StatEvent below follows it).
 */
import type { Enrichment, ReaderManifest } from "../../src/manifest.ts";

export type StatEvent =
  | { t: "open"; ref: string; w: number }
  | { t: "page"; p: number; ms: number }
  | { t: "media"; id: string; a: "open" | "click" }
  | { t: "search"; q: string }
  | { t: "toc" }
  | { t: "download" }
  | { t: "share"; n: string }
  // Still here: keeps the reader in the studio's 'reading now' (never a view).
  | { t: "live" };

export const BATCH_SIZE = 50;
export const FLUSH_INTERVAL_MS = 15_000;
/** A page shown for less (flipping past it) is not counted. */
export const MIN_PAGE_MS = 300;
export const MAX_PAGE_MS = 1_800_000;
/** A visible reader who sent nothing for this long sends a keepalive on the next beat ('reading now' looks 5 minutes back). */
export const KEEPALIVE_MS = 60_000;
const MAX_BODY_BYTES = 16_384;
const MAX_TERM = 100;

export type Collector = {
  add: (event: StatEvent) => void;
  /** The pages now on screen (1-based): the event of the pages shown before ends here. */
  show: (pages: number[]) => void;
  /** The document was hidden or left: the shown pages' event ends, and everything is sent. */
  hide: () => void;
  /** Visible again: the pages on screen count from now. */
  resume: () => void;
  flush: () => void;
  /** The 15 s beat while visible: sends what is queued, or a keepalive after KEEPALIVE_MS of silence. */
  beat: () => void;
};

export type CollectorOptions = {
  /** Posts one body (navigator.sendBeacon in the browser). */
  send: (body: string) => void;
  now: () => number;
  /** false: only the open is collected (the reader asked not to be tracked). */
  full: boolean;
  visible: boolean;
};

/** The batching and page timing, free of the browser: the clock and the sending come in. */
export function createCollector({ send, now, full, visible }: CollectorOptions): Collector {
  let queue: StatEvent[] = [];
  let pages: number[] = [];
  // When the shown pages' current visible stretch began; -1 while none runs.
  let since = -1;
  let hidden = !visible;
  let lastTerm = "";
  let sentAt = now();
  const post = (body: string) => {
    sentAt = now();
    send(body);
  };

  const flush = () => {
    while (queue.length > 0) {
      let count = Math.min(queue.length, BATCH_SIZE);
      const bodyOf = () => JSON.stringify({ v: 1, events: queue.slice(0, count) });
      let body = bodyOf();
      // Only many long search terms full of escaped characters come near the limit.
      while (count > 1 && new Blob([body]).size > MAX_BODY_BYTES) {
        count >>= 1;
        body = bodyOf();
      }
      queue = queue.slice(count);
      post(body);
    }
  };
  const add = (event: StatEvent) => {
    let item = event;
    if (!full && item.t !== "open") {
      return;
    }
    if (item.t === "search") {
      // The term as settled on: trimmed, cut whole (no half of a surrogate pair), once while it stays the same.
      const q = item.q
        .trim()
        .slice(0, MAX_TERM)
        .replace(/[\ud800-\udbff]$/, "")
        .trimEnd();
      if (!q || q === lastTerm) {
        return;
      }
      lastTerm = q;
      item = { t: "search", q };
    }
    queue.push(item);
    if (queue.length >= BATCH_SIZE) {
      flush();
    }
  };
  const close = () => {
    const ms = Math.round(now() - since);
    if (since >= 0 && ms >= MIN_PAGE_MS) {
      for (const p of pages) {
        add({ t: "page", p, ms: Math.min(ms, MAX_PAGE_MS) });
      }
    }
    since = -1;
  };
  return {
    add,
    show(shown) {
      close();
      pages = shown;
      since = hidden ? -1 : now();
    },
    hide() {
      hidden = true;
      close();
      flush();
    },
    resume() {
      hidden = false;
      if (since < 0) {
        since = now();
      }
    },
    flush,
    beat() {
      flush();
      // Alone in its body: a server that did not know the event would refuse nothing else with it.
      if (full && now() - sentAt >= KEEPALIVE_MS) {
        post('{"v":1,"events":[{"t":"live"}]}');
      }
    },
  };
}

let active: Collector | undefined;

/** Records an event when this reader collects statistics; nothing otherwise. */
export function stat(event: StatEvent): void {
  active?.add(event);
}

/** The pages on screen, by index (0-based). */
export function statPages(indices: number[]): void {
  active?.show(indices.map((index) => index + 1));
}

/**
 * A media element of the studio opened in a layer (`open`) or followed as a link (`click`), by
 * its id (the server takes an integer or an id of this shape; one bad event would cost the whole
 * batch). The PDF's own links are no media elements: not counted.
 */
export function statMedia({ id, source }: Enrichment, a: "open" | "click"): void {
  if (source === "studio" && /^[\w-]{1,64}$/.test(id)) {
    stat({ t: "media", id, a });
  }
}

/** The endpoint statistics go to, or null when this bundle collects none. */
export function statsUrl(manifest: ReaderManifest, baseUri: string): string | null {
  try {
    return manifest.stats !== false && manifest.statsEndpoint ? new URL(manifest.statsEndpoint, baseUri).href : null;
  } catch {
    return null;
  }
}

/** Starts collecting for this page load, when the bundle asks for it; answers whether it did. */
export function startStats(manifest: ReaderManifest, win: Window = window): boolean {
  const { document: doc, navigator: nav } = win;
  const url = statsUrl(manifest, doc.baseURI);
  active = undefined;
  if (!url || !nav.sendBeacon) {
    return false;
  }
  const isVisible = () => doc.visibilityState === "visible";
  const collector = createCollector({
    send: (body) => {
      try {
        nav.sendBeacon(url, body);
      } catch {
        // A refused beacon (a bad endpoint, a full queue) loses that batch, never the reader.
      }
    },
    now: () => win.performance.now(),
    full: (nav as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl !== true && nav.doNotTrack !== "1",
    visible: isVisible(),
  });
  active = collector;
  let ref = "";
  try {
    ref = new URL(doc.referrer).origin.replace(/^null$/, "");
  } catch {
    // No referrer.
  }
  collector.add({ t: "open", ref, w: win.innerWidth });
  doc.addEventListener("visibilitychange", () => (isVisible() ? collector.resume() : collector.hide()));
  win.addEventListener("pagehide", collector.hide);
  win.setInterval(() => {
    if (isVisible()) {
      collector.beat();
    }
  }, FLUSH_INTERVAL_MS);
  return true;
}
