import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Enrichment, MANIFEST_VERSION, type ReaderManifest, SERVED_STATS_ENDPOINT } from "../../src/manifest.ts";
import {
  BATCH_SIZE,
  createCollector,
  FLUSH_INTERVAL_MS,
  KEEPALIVE_MS,
  MAX_PAGE_MS,
  type StatEvent,
  startStats,
  stat,
  statMedia,
  statPages,
  statsUrl,
} from "./stats.ts";

const BASE = "https://content.example/preview/abcdefghijklmnop1234/rev42/";

function manifest(overrides: Partial<ReaderManifest> = {}): ReaderManifest {
  return {
    version: MANIFEST_VERSION,
    name: "Test",
    language: "en",
    direction: "ltr",
    publishedAt: "2026-03-01T10:00:00.000Z",
    pages: [],
    toc: [],
    settings: {} as ReaderManifest["settings"],
    galleries: {},
    search: "search.js",
    statsEndpoint: SERVED_STATS_ENDPOINT,
    ...overrides,
  };
}

type Body = { v: number; events: StatEvent[] };

function element(id: string, source: Enrichment["source"] = "studio"): Enrichment {
  return { id, source, action: { kind: "gallery", galleryId: "g1" } } as Enrichment;
}

/** A window with what startStats touches: the clock is the fake timers', beacons are recorded. */
function fakeWindow(options: { baseURI?: string; referrer?: string; gpc?: boolean; dnt?: string; visible?: boolean } = {}) {
  const beacons: { url: string; body: Body }[] = [];
  const documentListeners: Record<string, () => void> = {};
  const windowListeners: Record<string, () => void> = {};
  const document = {
    baseURI: options.baseURI ?? BASE,
    referrer: options.referrer ?? "",
    visibilityState: options.visible === false ? "hidden" : "visible",
    addEventListener: (type: string, listener: () => void) => {
      documentListeners[type] = listener;
    },
  };
  const win = {
    document,
    navigator: {
      sendBeacon: (url: string, body: string) => {
        beacons.push({ url, body: JSON.parse(body) as Body });
        return true;
      },
      globalPrivacyControl: options.gpc,
      doNotTrack: options.dnt ?? null,
    },
    performance: { now: () => Date.now() },
    innerWidth: 390,
    addEventListener: (type: string, listener: () => void) => {
      windowListeners[type] = listener;
    },
    setInterval: (handler: () => void, ms: number) => setInterval(handler, ms),
  };
  const setVisibility = (state: "visible" | "hidden") => {
    document.visibilityState = state;
    documentListeners.visibilitychange?.();
  };
  return {
    win: win as unknown as Window,
    beacons,
    events: () => beacons.flatMap((beacon) => beacon.body.events),
    hide: () => setVisibility("hidden"),
    show: () => setVisibility("visible"),
    pagehide: () => windowListeners.pagehide?.(),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the collector", () => {
  function collector(full = true) {
    const bodies: Body[] = [];
    let clock = 0;
    const stats = createCollector({ send: (body) => bodies.push(JSON.parse(body) as Body), now: () => clock, full, visible: true });
    return { stats, bodies, advance: (ms: number) => (clock += ms) };
  }

  it("sends a batch as soon as it holds 50 events, and keeps the 51st for the next", () => {
    const { stats, bodies } = collector();
    for (let n = 0; n < BATCH_SIZE - 1; n++) stats.add({ t: "toc" });
    expect(bodies).toHaveLength(0);
    stats.add({ t: "download" });
    expect(bodies).toHaveLength(1);
    expect(bodies[0]?.v).toBe(1);
    expect(bodies[0]?.events).toHaveLength(BATCH_SIZE);
    stats.add({ t: "toc" });
    expect(bodies).toHaveLength(1);
    stats.flush();
    expect(bodies[1]?.events).toEqual([{ t: "toc" }]);
  });

  it("never sends an empty body", () => {
    const { stats, bodies } = collector();
    stats.flush();
    stats.hide();
    expect(bodies).toHaveLength(0);
  });

  it("splits a batch that would pass 16 KiB", () => {
    const { stats, bodies } = collector();
    // 100 characters that JSON escapes to 6 bytes each: 50 of them make about 30 KB.
    for (let n = 0; n < BATCH_SIZE; n++) stats.add({ t: "search", q: `${String(n).padStart(2, "0")}${"\u0001".repeat(98)}` });
    expect(bodies.length).toBeGreaterThan(1);
    expect(bodies.flatMap((body) => body.events)).toHaveLength(BATCH_SIZE);
    for (const body of bodies) expect(new Blob([JSON.stringify(body)]).size).toBeLessThanOrEqual(16_384);
  });

  it("counts the pages shown, not those flipped past in under 300 ms", () => {
    const { stats, bodies, advance } = collector();
    stats.show([1]);
    advance(299);
    stats.show([2]);
    advance(300);
    stats.show([3]);
    advance(5000);
    stats.hide();
    expect(bodies.flatMap((body) => body.events)).toEqual([
      { t: "page", p: 2, ms: 300 },
      { t: "page", p: 3, ms: 5000 },
    ]);
  });

  it("gives each page of a spread its own event with the spread's time", () => {
    const { stats, bodies, advance } = collector();
    stats.show([2, 3]);
    advance(4200.4);
    stats.show([4, 5]);
    stats.flush();
    expect(bodies[0]?.events).toEqual([
      { t: "page", p: 2, ms: 4200 },
      { t: "page", p: 3, ms: 4200 },
    ]);
  });

  it("caps a page's time at 30 minutes", () => {
    const { stats, bodies, advance } = collector();
    stats.show([1]);
    advance(MAX_PAGE_MS * 3);
    stats.hide();
    expect(bodies[0]?.events).toEqual([{ t: "page", p: 1, ms: MAX_PAGE_MS }]);
  });

  it("sends a search term trimmed, at most 100 characters, once while it stays the same", () => {
    const { stats, bodies } = collector();
    stats.add({ t: "search", q: "  zebra " });
    stats.add({ t: "search", q: "zebra" });
    stats.add({ t: "search", q: "   " });
    stats.add({ t: "search", q: "x".repeat(150) });
    stats.add({ t: "search", q: `${"y".repeat(99)}😀` });
    stats.flush();
    expect(bodies[0]?.events).toEqual([
      { t: "search", q: "zebra" },
      { t: "search", q: "x".repeat(100) },
      { t: "search", q: "y".repeat(99) },
    ]);
  });

  it("keeps only the open when collection is limited", () => {
    const { stats, bodies, advance } = collector(false);
    stats.add({ t: "open", ref: "", w: 800 });
    stats.show([1]);
    advance(5000);
    stats.add({ t: "toc" });
    stats.add({ t: "search", q: "zebra" });
    stats.hide();
    expect(bodies).toEqual([{ v: 1, events: [{ t: "open", ref: "", w: 800 }] }]);
  });

  it("sends a keepalive, alone, on the beat after a minute without sending anything, and not before", () => {
    const { stats, bodies, advance } = collector();
    advance(KEEPALIVE_MS - 1);
    stats.beat();
    expect(bodies).toHaveLength(0);
    advance(1);
    stats.beat();
    expect(bodies).toEqual([{ v: 1, events: [{ t: "live" }] }]);
    // The keepalive counts as sent: the next one a minute later.
    advance(KEEPALIVE_MS - 1);
    stats.beat();
    expect(bodies).toHaveLength(1);
    advance(1);
    stats.beat();
    expect(bodies).toHaveLength(2);
  });

  it("sends no keepalive while events go out anyway", () => {
    const { stats, bodies, advance } = collector();
    for (let minute = 0; minute < 3; minute++) {
      advance(KEEPALIVE_MS - 1000);
      stats.add({ t: "toc" });
      stats.beat();
    }
    advance(KEEPALIVE_MS - 1000);
    stats.beat();
    expect(bodies.flatMap((body) => body.events)).toEqual([{ t: "toc" }, { t: "toc" }, { t: "toc" }]);
  });

  it("sends no keepalive when collection is limited", () => {
    const { stats, bodies, advance } = collector(false);
    advance(KEEPALIVE_MS * 5);
    stats.beat();
    expect(bodies).toEqual([]);
  });
});

describe("startStats", () => {
  it("records the open with the referrer's origin and the window width, sent on the 15 s beat", () => {
    const page = fakeWindow({ referrer: "https://news.example.com/articles/42?utm=x" });
    expect(startStats(manifest(), page.win)).toBe(true);
    expect(page.beacons).toHaveLength(0);
    vi.advanceTimersByTime(FLUSH_INTERVAL_MS);
    expect(page.beacons).toEqual([
      {
        url: "https://content.example/preview/abcdefghijklmnop1234/_stats",
        body: { v: 1, events: [{ t: "open", ref: "https://news.example.com", w: 390 }] },
      },
    ]);
    vi.advanceTimersByTime(FLUSH_INTERVAL_MS);
    expect(page.beacons).toHaveLength(1);
  });

  it("sends nothing on the beat while hidden", () => {
    const page = fakeWindow();
    startStats(manifest(), page.win);
    page.hide();
    expect(page.beacons).toHaveLength(1);
    stat({ t: "toc" });
    vi.advanceTimersByTime(FLUSH_INTERVAL_MS * 2);
    expect(page.beacons).toHaveLength(1);
    page.show();
    vi.advanceTimersByTime(FLUSH_INTERVAL_MS);
    expect(page.beacons[1]?.body.events).toEqual([{ t: "toc" }]);
  });

  it("keeps a reader who stays on one page in 'reading now': a keepalive every minute while visible, none while hidden", () => {
    const page = fakeWindow();
    startStats(manifest(), page.win);
    statPages([0]);
    vi.advanceTimersByTime(FLUSH_INTERVAL_MS); // the open
    vi.advanceTimersByTime(KEEPALIVE_MS);
    expect(page.events()).toEqual([{ t: "open", ref: "", w: 390 }, { t: "live" }]);
    vi.advanceTimersByTime(KEEPALIVE_MS);
    expect(page.events().filter((event) => event.t === "live")).toHaveLength(2);
    page.hide(); // sends the page's time
    const sent = page.beacons.length;
    vi.advanceTimersByTime(KEEPALIVE_MS * 5);
    expect(page.beacons).toHaveLength(sent);
    // Back after a while: counted again on the next beat.
    page.show();
    vi.advanceTimersByTime(FLUSH_INTERVAL_MS);
    expect(page.beacons).toHaveLength(sent + 1);
    expect(page.beacons.at(-1)?.body).toEqual({ v: 1, events: [{ t: "live" }] });
  });

  it("closes the shown page's event and sends everything when the page is hidden", () => {
    const page = fakeWindow();
    startStats(manifest(), page.win);
    statPages([0]);
    vi.advanceTimersByTime(2000);
    stat({ t: "toc" });
    page.hide();
    expect(page.events()).toEqual([{ t: "open", ref: "", w: 390 }, { t: "toc" }, { t: "page", p: 1, ms: 2000 }]);
    // pagehide after hidden has nothing left to send.
    page.pagehide();
    expect(page.beacons).toHaveLength(1);
  });

  it("closes the shown page's event and sends everything on pagehide", () => {
    const page = fakeWindow();
    startStats(manifest(), page.win);
    statPages([4, 5]);
    vi.advanceTimersByTime(1000);
    page.pagehide();
    expect(page.events()).toEqual([
      { t: "open", ref: "", w: 390 },
      { t: "page", p: 5, ms: 1000 },
      { t: "page", p: 6, ms: 1000 },
    ]);
  });

  it("does not count the time the document is hidden", () => {
    const page = fakeWindow();
    startStats(manifest(), page.win);
    statPages([0]);
    vi.advanceTimersByTime(1000);
    page.hide();
    vi.advanceTimersByTime(600_000);
    page.show();
    vi.advanceTimersByTime(1500);
    statPages([1]);
    page.pagehide();
    expect(page.events().filter((event) => event.t === "page")).toEqual([
      { t: "page", p: 1, ms: 1000 },
      { t: "page", p: 1, ms: 1500 },
    ]);
  });

  it("starts counting a page loaded in a background tab only once it is seen", () => {
    const page = fakeWindow({ visible: false });
    startStats(manifest(), page.win);
    statPages([0]);
    vi.advanceTimersByTime(10_000);
    page.show();
    vi.advanceTimersByTime(700);
    page.hide();
    expect(page.events().filter((event) => event.t === "page")).toEqual([{ t: "page", p: 1, ms: 700 }]);
  });

  it("counts media, search, table of contents, downloads and shares", () => {
    const page = fakeWindow();
    startStats(manifest(), page.win);
    statMedia(element("g7tqfm2a0b1c2d3e4f5g6h7i"), "open");
    statMedia(element("k2z9x8w7v6u5t4s3r2q1p0o9"), "click");
    // A link of the PDF itself is no media element; an id the server would refuse is left out.
    statMedia(element("g7tqfm2a0b1c2d3e4f5g6h7i-pdf-0", "pdf"), "click");
    statMedia(element("<script>"), "open");
    stat({ t: "search", q: "zebra" });
    stat({ t: "toc" });
    stat({ t: "download" });
    stat({ t: "share", n: "whatsapp" });
    page.pagehide();
    expect(page.events().slice(1)).toEqual([
      { t: "media", id: "g7tqfm2a0b1c2d3e4f5g6h7i", a: "open" },
      { t: "media", id: "k2z9x8w7v6u5t4s3r2q1p0o9", a: "click" },
      { t: "search", q: "zebra" },
      { t: "toc" },
      { t: "download" },
      { t: "share", n: "whatsapp" },
    ]);
  });

  it.each([
    ["Global Privacy Control", { gpc: true }],
    ["Do Not Track", { dnt: "1" }],
  ])("sends only the open under %s", (_name, privacy) => {
    const page = fakeWindow(privacy);
    startStats(manifest(), page.win);
    statPages([0]);
    vi.advanceTimersByTime(5000);
    stat({ t: "toc" });
    statMedia(element("g7tqfm2a0b1c2d3e4f5g6h7i"), "open");
    page.pagehide();
    expect(page.events()).toEqual([{ t: "open", ref: "", w: 390 }]);
  });

  it("collects nothing when the ePaper's statistics are off", () => {
    const page = fakeWindow();
    expect(startStats(manifest({ stats: false }), page.win)).toBe(false);
    statPages([0]);
    vi.advanceTimersByTime(5000);
    stat({ t: "toc" });
    page.pagehide();
    vi.advanceTimersByTime(FLUSH_INTERVAL_MS);
    expect(page.beacons).toEqual([]);
  });

  it("collects nothing in a zip package without an endpoint of the customer's", () => {
    const page = fakeWindow({ baseURI: "file:///home/me/epaper/index.html" });
    expect(startStats(manifest({ statsEndpoint: undefined }), page.win)).toBe(false);
    stat({ t: "toc" });
    page.pagehide();
    vi.advanceTimersByTime(FLUSH_INTERVAL_MS);
    expect(page.beacons).toEqual([]);
  });

  it("sends to the customer's own endpoint from a zip package that names one", () => {
    const page = fakeWindow({ baseURI: "https://customer.example/epapers/spring/" });
    startStats(manifest({ statsEndpoint: "https://stats.customer.example/collect" }), page.win);
    page.pagehide();
    expect(page.beacons[0]?.url).toBe("https://stats.customer.example/collect");
  });
});

describe("statsUrl", () => {
  it.each([
    [
      "preview",
      "https://content.example/preview/abcdefghijklmnop1234/rev42/",
      "https://content.example/preview/abcdefghijklmnop1234/_stats",
    ],
    [
      "preview link",
      "https://content.example/previewlink/abcdefghijklmnop1234/rev42/",
      "https://content.example/previewlink/abcdefghijklmnop1234/_stats",
    ],
    ["channel", "https://content.example/c/spring-sale/rev42/", "https://content.example/c/spring-sale/_stats"],
    ["subdomain", "https://acme.epaper.example/c/spring-sale/rev42/", "https://acme.epaper.example/c/spring-sale/_stats"],
  ])("names the publication root's _stats in the %s form, not the revision's", (_form, base, expected) => {
    expect(statsUrl(manifest(), base)).toBe(expected);
    // The same from a page opened at the revision's index.html (the redirect of an old revision, a preview link).
    expect(statsUrl(manifest(), `${base}index.html`)).toBe(expected);
  });
  it("is null when statistics are off or no endpoint is named", () => {
    expect(statsUrl(manifest({ stats: false }), BASE)).toBeNull();
    expect(statsUrl(manifest({ statsEndpoint: undefined }), BASE)).toBeNull();
  });
});
