import { expect, test } from "vitest";
import { deviceClass } from "./device-class.ts";
import { referrerDomain } from "./referrer.ts";
import { StatsBatchSchema } from "./stats-events.ts";
import { decodeEntry, encodeEntry, type StatsEntry } from "./stats-stream.server.ts";

// Issue 31: the pure parts of the statistics: device classes, referrer domains, the wire contract
// and the stream entry's format.

test("the device class comes from the User-Agent, and from the viewport where the User-Agent names no device", () => {
  const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";
  const ipad = "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";
  const androidPhone = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36";
  const androidTablet = "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/131.0 Safari/537.36";
  const desktop = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36";
  expect(deviceClass(iphone, 390)).toBe("phone");
  expect(deviceClass(iphone, 932)).toBe("phone");
  expect(deviceClass(androidPhone)).toBe("phone");
  expect(deviceClass(ipad, 1024)).toBe("tablet");
  expect(deviceClass(androidTablet, 1280)).toBe("tablet");
  expect(deviceClass(desktop, 1920)).toBe("desktop");
  expect(deviceClass(desktop)).toBe("desktop");
  // A phone asking for the desktop site: the narrow viewport tells.
  expect(deviceClass(desktop, 412)).toBe("phone");
});

test("the referrer is a lower-case host without port and www; no referrer, no web address or an own host is direct", () => {
  const own = ["content.example.com:3001", "studio.example.com"];
  expect(referrerDomain("https://www.Google.DE:443/search?q=x", own)).toBe("google.de");
  expect(referrerDomain("http://news.example.org:8080/", own)).toBe("news.example.org");
  expect(referrerDomain("https://bücher.example/", own)).toBe("xn--bcher-kva.example");
  expect(referrerDomain("", own)).toBe("");
  expect(referrerDomain("not a url", own)).toBe("");
  expect(referrerDomain("android-app://com.google.android.gm/", own)).toBe("");
  expect(referrerDomain("http://[::1]:3000/", own)).toBe("");
  expect(referrerDomain("https://content.example.com:3001/c/abc/", own)).toBe("");
  expect(referrerDomain("https://www.studio.example.com/", own)).toBe("");
});

test("the wire contract: version 1, 1 to 50 known events; element ids as the contract's integer or the reader's string", () => {
  const parse = (body: unknown) => StatsBatchSchema.safeParse(body);
  expect(
    parse({
      v: 1,
      events: [
        { t: "media", id: 12, a: "open" },
        { t: "media", id: "clx1abc", a: "click" },
      ],
    }).data?.events,
  ).toEqual([
    { t: "media", id: "12", a: "open" },
    { t: "media", id: "clx1abc", a: "click" },
  ]);
  expect(parse({ v: 1, events: [{ t: "search", q: "  trimmed " }] }).data?.events).toEqual([{ t: "search", q: "trimmed" }]);
  for (const bad of [
    { v: 1, events: [] },
    { v: 1, events: [{ t: "unknown" }] },
    { v: 1, events: [{ t: "open", ref: "", w: -1 }] },
    { v: 1, events: [{ t: "media", id: "../x", a: "open" }] },
    { v: 1, events: [{ t: "media", id: 1.5, a: "open" }] },
    { v: 1, events: [{ t: "search", q: "x".repeat(101) }] },
    { v: 1, events: "open" },
    { events: [{ t: "toc" }] },
  ])
    expect(parse(bad).success, JSON.stringify(bad)).toBe(false);
});

test("a stream entry survives its encoding; anything else read from the stream is no entry", () => {
  const entry: StatsEntry = {
    epaperId: "e1",
    source: "channel",
    channelId: "c1",
    day: "2026-11-27",
    hash: "0123456789abcdef0123456789abcdef",
    gpc: false,
    device: "tablet",
    events: [{ t: "open", ref: "example.org", w: 800 }, { t: "download" }],
  };
  expect(decodeEntry(encodeEntry(entry))).toEqual(entry);
  const gpc: StatsEntry = {
    ...entry,
    source: "preview",
    channelId: null,
    hash: null,
    gpc: true,
    device: null,
    events: [{ t: "open", ref: "", w: 0 }],
  };
  expect(decodeEntry(encodeEntry(gpc))).toEqual(gpc);
  expect(decodeEntry(["epaper", "e1"])).toBeNull();
  const broken = encodeEntry(entry);
  broken[broken.length - 1] = "[{";
  expect(decodeEntry(broken)).toBeNull();
});
