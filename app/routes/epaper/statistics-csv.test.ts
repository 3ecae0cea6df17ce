import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RouterContextProvider } from "react-router";
import { createSession } from "#app/auth/session.server";
import { commitSessionHeader } from "#app/auth/session-cookie.server";
import { csvText } from "#app/models/readership-stats-csv.server";
import { db } from "#app/utils/db.server";
import { i18nextMiddleware } from "#app/utils/i18next.server";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { insertStatsElement, insertStatsEpaper, insertStatsRows } from "#tests/support/readership-stats";
import { loader } from "./statistics-csv.ts";

// GET /epaper/:epaperId/statistics.csv (issue 31 item 4): the statistics as one CSV file for
// Excel in the user's language, only for the ePaper's account; refusals translated. The numbers
// themselves: app/models/readership-stats.server.test.ts; who gets what: tests/security/authz-matrix.ts.

afterAll(() => db.destroy());

let owner: { cookie: string; epaperId: string };
let stranger: { cookie: string; epaperId: string };
let generated: { cookie: string };

async function signedIn(level: "2", options: Parameters<typeof insertUserWithLevel>[2] = {}) {
  const user = await insertUserWithLevel(db, level, options);
  const session = await createSession(db, { userId: user.userId, remember: false });
  return { ...user, cookie: (await commitSessionHeader(session.id)).split(";")[0] ?? "" };
}

beforeAll(async () => {
  const me = await signedIn("2");
  const { epaperId, pageIds } = await insertStatsEpaper(db, me.accountId, { name: 'Frühjahr / Katalog "2026"', pageCount: 2 });
  const film = await insertStatsElement(db, pageIds[0] as string, "video", { title: '@Intro; "film"' });
  await insertStatsRows(db, epaperId, {
    daily: [{ day: "2026-03-01", source: "preview", channelId: "", opens: 7, views: 30, uniques: 5 }],
    pages: [{ day: "2026-03-01", page: 1, views: 4, readersReached: 3, totalMs: 10_000 }],
    elements: [{ day: "2026-03-01", pageMediaId: film, opens: 2, clicks: 1 }],
    searches: [{ day: "2026-03-01", term: "=cmd|' /c calc'!a0", count: 5 }],
    referrers: [
      { day: "2026-03-01", domain: "", opens: 3 },
      { day: "2026-03-01", domain: "+news.example", opens: 4 },
    ],
    devices: [{ day: "2026-03-01", device: "phone", opens: 7 }],
  });
  owner = { cookie: me.cookie, epaperId };
  const other = await signedIn("2");
  stranger = { cookie: other.cookie, epaperId: (await insertStatsEpaper(db, other.accountId)).epaperId };
  generated = await signedIn("2", { user: { isGenerated: true, isTemporary: true }, account: { isGenerated: true, isTemporary: true } });
});

/** The loader behind the root's i18n middleware, as the studio runs it. */
async function get(epaperId: string, query: string, headers: Record<string, string>) {
  const request = new Request(`http://studio.test/epaper/${epaperId}/statistics.csv${query}`, { headers });
  const context = new RouterContextProvider();
  const args = { request, context, params: { epaperId }, unstable_pattern: "" };
  return (await i18nextMiddleware(args as never, () => loader(args as never))) as Response;
}

const RANGE = "?from=2026-03-01&to=2026-03-02";

describe("the statistics CSV", () => {
  test("German: BOM, ';', decimal comma, translated headers, an attachment that is never cached", async () => {
    const response = await get(owner.epaperId, RANGE, { Cookie: owner.cookie, "Accept-Language": "de-DE,de;q=0.9" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="Fruhjahr-Katalog-2026-statistics-2026-03-01-2026-03-02.csv"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const lines = text.slice(1).split("\r\n");
    expect(lines.slice(0, 4)).toEqual([
      '"Lesestatistik"',
      '"ePaper";"Frühjahr / Katalog ""2026"""',
      '"Zeitraum";"2026-03-01 bis 2026-03-02"',
      '"Eindeutige Leser werden pro Tag gezählt: Wer an zwei Tagen liest, zählt doppelt."',
    ]);
    const section = (title: string) => {
      const start = lines.indexOf(`"${title}"`);
      const end = lines.indexOf("", start);
      return lines.slice(start + 1, end);
    };
    expect(section("Übersicht")).toEqual([
      '"Aufrufe";"Seitenansichten";"Eindeutige Leser (pro Tag)";"Aufrufe ohne Tracking (GPC/DNT)";"Nutzungen des Inhaltsverzeichnisses";"Downloads";"Geteilt"',
      "7;30;5;0;0;0;0",
    ]);
    expect(section("Tag für Tag")).toEqual([
      '"Tag";"Aufrufe";"Seitenansichten";"Eindeutige Leser (pro Tag)"',
      '"2026-03-01";7;30;5',
      '"2026-03-02";0;0;0',
    ]);
    expect(section("Seiten")).toEqual([
      '"Seite";"Seitenansichten";"Erreichte Leser (pro Tag)";"Durchschnittliche Zeit (Sekunden)"',
      '1;4;3;"2,5"',
      '2;0;0;"0,0"',
    ]);
    // Text typed by editors and readers never starts a formula.
    expect(section("Medienelemente")).toEqual(['"Element";"Art";"Seite";"Aufrufe";"Klicks"', `"'@Intro; ""film""";"Video";1;2;1`]);
    expect(section("Suchbegriffe")).toEqual(['"Suchbegriff";"Suchen"', `"'=cmd|' /c calc'!a0";5`]);
    expect(section("Verweisende Seiten")).toEqual(['"Verweisende Seite";"Aufrufe"', `"'+news.example";4`, '"(direkt)";3']);
    expect(section("Geräte")).toEqual(['"Gerät";"Aufrufe"', '"Smartphone";7', '"Tablet";0', '"Desktop";0']);
    expect(section("Adressen")).toEqual(['"Adresse";"Kanal";"Aufrufe"', '"Vorschau";"";7']);
    expect(text.endsWith("\r\n")).toBe(true);
  });

  test("English: ',' and a decimal point; without a range the last 30 days", async () => {
    const response = await get(owner.epaperId, "", { Cookie: owner.cookie, "Accept-Language": "en" });
    expect(response.status).toBe(200);
    const text = (await response.text()).replace(/^\uFEFF/, "");
    expect(text.split("\r\n")[0]).toBe('"Readership statistics"');
    expect(text).toContain('"Day","Opens","Page views","Unique readers (daily)"');
    expect(text.match(/^"\d{4}-\d{2}-\d{2}",/gm)).toHaveLength(30);
    const dated = await get(owner.epaperId, RANGE, { Cookie: owner.cookie, "Accept-Language": "en" });
    expect(await dated.text()).toContain('1,4,3,"2.5"');
  });

  test("a bad range: 400 with the message translated, or the JSON error body to a fetch", async () => {
    const text = await get(owner.epaperId, "?from=2026-03-02&to=2026-03-01", { Cookie: owner.cookie, "Accept-Language": "de" });
    expect(text.status).toBe(400);
    expect(text.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await text.text()).toBe("Das Startdatum darf nicht nach dem Enddatum liegen.");
    const long = await get(owner.epaperId, "?from=2024-01-01&to=2026-01-01", { Cookie: owner.cookie, "Accept-Language": "en" });
    expect([long.status, await long.text()]).toEqual([400, "Please choose at most 366 days."]);
    const json = await get(owner.epaperId, "?from=2026-02-30", { Cookie: owner.cookie, Accept: "application/json" });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ error: { messageKey: "stats.validation.invalidDate", params: {} } });
  });

  test("another account's ePaper is 404, a try-it user 403, no session the login", async () => {
    const foreign = await get(stranger.epaperId, RANGE, { Cookie: owner.cookie, "Accept-Language": "en" });
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await foreign.text()).not.toContain("Lesestatistik");
    expect((await get(owner.epaperId, RANGE, { Cookie: stranger.cookie })).status).toBe(404);
    // Refused before the range is looked at.
    expect((await get(owner.epaperId, "?from=x", { Cookie: generated.cookie })).status).toBe(403);
    const anonymous = await get(owner.epaperId, RANGE, {});
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=%2Fepaper%2F/);
  });
});

describe("csvText", () => {
  test("quotes every text, doubles quotes, defuses formula starts", () => {
    expect(csvText('a "b"; c')).toBe('"a ""b""; c"');
    for (const start of ["=", "+", "-", "@", "\t", "\r", "＝"]) expect(csvText(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(csvText("bär")).toBe('"bär"');
  });
});
