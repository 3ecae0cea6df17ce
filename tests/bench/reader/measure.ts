/**
 * One cold page load in Chromium with phone emulation and a throttled network, watched over the
 * DevTools protocol: when the first page was painted, how many bytes had arrived by then, and how
 * much JavaScript the page loaded in all.
 */
import { type Browser, type CDPSession, devices, type Page } from "@playwright/test";
import { PROBE_SCRIPT, type ProbeState } from "./paint-probe.ts";
import { contentType, type ServedResponse } from "../../support/static-server.ts";

export const DEVICE = "Pixel 7";
/** 1.6 Mbit/s both ways and a 150 ms round trip (the download speed and latency of Lighthouse's slow 4G). */
export const NETWORK = { latency: 150, downloadThroughput: 200_000, uploadThroughput: 200_000 };

export type Side = "ours" | "pdfjs";

export type RequestRecord = {
  id: string;
  url: string;
  mimeType: string;
  status: number;
  /** Seconds on the browser's monotonic clock (CDP timestamps). */
  startedAt: number;
  /** Epoch seconds of the start (requestWillBeSent.wallTime). */
  wallTime: number;
  responseAt: number | null;
  headerBytes: number;
  chunks: { at: number; bytes: number }[];
  finishedAt: number | null;
  /** Bytes on the wire, headers included (loadingFinished.encodedDataLength). */
  totalBytes: number | null;
  failed: string | null;
  /** Completed from Playwright's timing and the server's byte count: a request whose end the
   * page's DevTools session does not see (a dedicated worker's script is loaded by the worker). */
  completedOutside: boolean;
};

export type RunResult = {
  side: Side;
  /** ms after navigation start when the first page was painted. */
  firstPageMs: number;
  /** How that moment was seen (element timing, LCP, rAF polling, or PDF.js's render promise). */
  paintSignal: string;
  /** Bytes received up to that moment: finished responses in full, unfinished ones so far. */
  bytesUntilPaint: number;
  requestsUntilPaint: number;
  /** All responses with a JavaScript MIME type, once the network was quiet after the paint. */
  jsBytes: number;
  totalBytes: number;
  /** Requests relative to navigation start, for the waterfall. */
  requests: {
    path: string;
    mimeType: string;
    startMs: number;
    endMs: number | null;
    bytes: number;
    beforePaint: boolean;
    completedOutside: boolean;
  }[];
};

const isJavaScript = (mimeType: string) => /javascript|ecmascript/i.test(mimeType);

/** Network events of one page, its dedicated workers included (auto-attached, flat sessions). */
class NetworkLog {
  readonly requests = new Map<string, RequestRecord>();

  listen(cdp: CDPSession) {
    const key = (requestId: string) => requestId;
    cdp.on("Network.requestWillBeSent", (event) => {
      const existing = this.requests.get(key(event.requestId));
      if (existing) {
        // A redirect reuses the request id: keep the first start, follow the new URL.
        existing.url = event.request.url;
        return;
      }
      this.requests.set(key(event.requestId), {
        id: key(event.requestId),
        url: event.request.url,
        mimeType: "",
        status: 0,
        startedAt: event.timestamp,
        wallTime: event.wallTime,
        responseAt: null,
        headerBytes: 0,
        chunks: [],
        finishedAt: null,
        totalBytes: null,
        failed: null,
        completedOutside: false,
      });
    });
    cdp.on("Network.responseReceived", (event) => {
      const record = this.requests.get(key(event.requestId));
      if (!record) return;
      record.mimeType = event.response.mimeType;
      record.status = event.response.status;
      record.responseAt = event.timestamp;
      record.headerBytes = event.response.encodedDataLength;
    });
    cdp.on("Network.dataReceived", (event) => {
      this.requests.get(key(event.requestId))?.chunks.push({ at: event.timestamp, bytes: event.encodedDataLength });
    });
    cdp.on("Network.loadingFinished", (event) => {
      const record = this.requests.get(key(event.requestId));
      if (!record) return;
      record.finishedAt = event.timestamp;
      record.totalBytes = event.encodedDataLength;
    });
    cdp.on("Network.loadingFailed", (event) => {
      const record = this.requests.get(key(event.requestId));
      if (!record) return;
      record.finishedAt = event.timestamp;
      record.failed = event.errorText;
    });
  }

  /** Bytes that had arrived by `at` (monotonic seconds). */
  bytesUntil(record: RequestRecord, at: number) {
    if (record.finishedAt !== null && record.finishedAt <= at && record.totalBytes !== null) return record.totalBytes;
    let bytes = record.responseAt !== null && record.responseAt <= at ? record.headerBytes : 0;
    for (const chunk of record.chunks) if (chunk.at <= at) bytes += chunk.bytes;
    return bytes;
  }

  bytesOf(record: RequestRecord) {
    return record.totalBytes ?? this.bytesUntil(record, Number.POSITIVE_INFINITY);
  }

  /** Requests not finished yet, except those whose end was seen elsewhere (worker scripts). */
  inFlight(finishedElsewhere: Set<string>) {
    return [...this.requests.values()].filter((record) => record.finishedAt === null && !finishedElsewhere.has(record.url)).length;
  }
}

async function throttle(cdp: CDPSession) {
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, ...NETWORK });
}

const signed = (ms: number) => `${ms >= 0 ? "+" : ""}${Math.round(ms)} ms`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for the first page paint; throws with what the page said when it never comes. */
async function waitForPaint(page: Page, side: Side, timeoutMs: number, problems: string[]) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (side === "pdfjs") {
      const state = await page.evaluate(() => {
        const w = window as unknown as { __firstPagePaintedAt?: number; __firstPageError?: string };
        return { at: w.__firstPagePaintedAt ?? null, error: w.__firstPageError ?? null, timeOrigin: performance.timeOrigin };
      });
      if (state.error) throw new Error(`PDF.js failed to render page 1: ${state.error}`);
      if (state.at !== null) return { ms: state.at, signal: "page.render() resolved", timeOrigin: state.timeOrigin };
    } else {
      const state = await page.evaluate(() => (window as unknown as { __readerBench?: ProbeState }).__readerBench ?? null);
      if (state?.polled) {
        // Paint entries are queued after the frame; give them a moment to arrive.
        await sleep(300);
        const late = (await page.evaluate(() => (window as unknown as { __readerBench: ProbeState }).__readerBench)) ?? state;
        const best = (type: string) =>
          late.entries.filter((entry) => entry.type === type && entry.time > 0).sort((a, b) => a.time - b.time)[0];
        const element = best("element");
        const lcp = best("largest-contentful-paint");
        const path = (url: string) => new URL(url).pathname.split("/").slice(-3).join("/");
        const polled = late.polled!;
        const chosen = element
          ? { ms: element.time, signal: `element timing (${path(element.url)})` }
          : lcp
            ? { ms: lcp.time, signal: `LCP (${path(lcp.url)})` }
            : { ms: polled.paintedAt, signal: `rAF after decode (${path(polled.url)})` };
        // The other signals, relative to the chosen one, show that they agree.
        const others = [
          element && chosen.ms !== element.time ? `element ${signed(element.time - chosen.ms)}` : "",
          lcp && chosen.ms !== lcp.time ? `LCP ${signed(lcp.time - chosen.ms)}` : "",
          chosen.ms !== polled.paintedAt ? `rAF ${signed(polled.paintedAt - chosen.ms)}` : "",
        ].filter(Boolean);
        return { ...chosen, signal: others.length ? `${chosen.signal}; ${others.join(", ")}` : chosen.signal, timeOrigin: late.timeOrigin };
      }
    }
    await sleep(50);
  }
  const said = problems.length ? `; the page said:\n  ${problems.slice(-10).join("\n  ")}` : "";
  throw new Error(`${side}: the first page was not painted within ${timeoutMs / 1000} s${said}`);
}

export async function measureRun(
  browser: Browser,
  side: Side,
  url: string,
  takeServerLog: () => ServedResponse[],
  options: { paintTimeoutMs?: number; quietMs?: number; settleMaxMs?: number } = {},
): Promise<RunResult> {
  const { paintTimeoutMs = 120_000, quietMs = 1_000, settleMaxMs = 15_000 } = options;
  const context = await browser.newContext({ ...devices[DEVICE] });
  try {
    if (side === "ours") await context.addInitScript({ content: PROBE_SCRIPT });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(`console.${message.type()}: ${message.text()}`);
    });
    page.on("requestfailed", (request) => problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ""}`));
    page.on("response", (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });

    const cdp = await context.newCDPSession(page);
    const log = new NetworkLog();
    log.listen(cdp);
    // Playwright follows dedicated workers: its timing completes what the page's session misses.
    const finishedElsewhere: { url: string; endEpochMs: number }[] = [];
    context.on("requestfinished", (request) => {
      const timing = request.timing();
      if (timing.responseEnd >= 0) finishedElsewhere.push({ url: request.url(), endEpochMs: timing.startTime + timing.responseEnd });
    });
    await throttle(cdp);

    await page.goto(url, { waitUntil: "commit", timeout: paintTimeoutMs });
    const paint = await waitForPaint(page, side, paintTimeoutMs, problems);

    // Let the page finish what it started (worker, lazy images) before totalling JavaScript.
    const settleDeadline = Date.now() + settleMaxMs;
    let quietSince = Date.now();
    while (Date.now() < settleDeadline) {
      if (log.inFlight(new Set(finishedElsewhere.map((entry) => entry.url))) > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= quietMs) break;
      await sleep(100);
    }

    const records = [...log.requests.values()];
    const served = takeServerLog();
    const document = records.find((record) => record.url === url) ?? records[0];
    if (!document) throw new Error(`${side}: no request was seen for ${url}`);
    // CDP timestamps are monotonic seconds; the page's clock is performance.now() from timeOrigin
    // (epoch ms). The document request carries both clocks (wallTime), which links them.
    const navigationStart = document.startedAt - (document.wallTime * 1000 - paint.timeOrigin) / 1000;
    const paintAt = navigationStart + paint.ms / 1000;
    for (const record of records) {
      if (record.finishedAt !== null) continue;
      const pathname = new URL(record.url).pathname;
      const elsewhere = finishedElsewhere.findIndex((entry) => entry.url === record.url);
      const response = served.findIndex((entry) => entry.path === pathname && entry.range === null);
      if (elsewhere < 0 || response < 0) continue;
      record.finishedAt = navigationStart + (finishedElsewhere[elsewhere]!.endEpochMs - paint.timeOrigin) / 1000;
      record.totalBytes = served[response]!.bytes;
      record.completedOutside = true;
      record.mimeType ||= contentType(pathname).replace(/;.*/, "");
      finishedElsewhere.splice(elsewhere, 1);
      served.splice(response, 1);
    }
    const relative = (at: number) => Math.round((at - navigationStart) * 1000);
    const prefix = new URL(url).pathname.replace(/[^/]*$/, "");

    if (process.env.READER_BENCH_DEBUG) {
      // Partial bytes rely on dataReceived chunks adding up to the finished total.
      for (const record of records) {
        if (record.completedOutside) continue;
        const chunks = record.headerBytes + record.chunks.reduce((sum, chunk) => sum + chunk.bytes, 0);
        console.log(`debug ${side} ${record.url}: finished ${record.totalBytes} B, headers + chunks ${chunks} B, failed ${record.failed}`);
      }
    }
    let bytesUntilPaint = 0;
    let requestsUntilPaint = 0;
    for (const record of records) {
      const bytes = log.bytesUntil(record, paintAt);
      bytesUntilPaint += bytes;
      if (record.startedAt <= paintAt) requestsUntilPaint++;
    }
    return {
      side,
      firstPageMs: paint.ms,
      paintSignal: paint.signal,
      bytesUntilPaint,
      requestsUntilPaint,
      jsBytes: records.filter((record) => isJavaScript(record.mimeType)).reduce((sum, record) => sum + log.bytesOf(record), 0),
      totalBytes: records.reduce((sum, record) => sum + log.bytesOf(record), 0),
      requests: records.map((record) => ({
        path: (() => {
          const pathname = new URL(record.url).pathname;
          return pathname.startsWith(prefix) ? pathname.slice(prefix.length) || "(index)" : pathname;
        })(),
        mimeType: record.mimeType,
        startMs: relative(record.startedAt),
        endMs: record.finishedAt === null ? null : relative(record.finishedAt),
        bytes: log.bytesOf(record),
        beforePaint: record.startedAt <= paintAt,
        completedOutside: record.completedOutside,
      })),
    };
  } finally {
    await context.close();
  }
}
