import { createId } from "@paralleldrive/cuid2";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createSession } from "#app/auth/session.server";
import { commitSessionHeader } from "#app/auth/session-cookie.server";
import { db } from "#app/utils/db.server";
import { i18nextMiddleware } from "#app/utils/i18next.server";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { insertStatsEpaper, insertStatsRows } from "#tests/support/readership-stats";
import { loader } from "./statistics-csv.ts";

// GET /channel/:channelId/statistics.csv (issue 31 item 4): a channel's statistics as one CSV file
// for Excel in the user's language, only for the channel's account; refusals translated. The
// numbers themselves: app/models/channel-stats.server.test.ts; who gets what: tests/security/authz-matrix.ts.

afterAll(() => db.destroy());

let owner: { cookie: string; channelId: string };
let stranger: { cookie: string; channelId: string };
let editor: { cookie: string };

async function signedIn(level: "1" | "2") {
  const user = await insertUserWithLevel(db, level);
  const session = await createSession(db, { userId: user.userId, remember: false });
  return { ...user, cookie: (await commitSessionHeader(session.id)).split(";")[0] ?? "" };
}

async function insertChannel(accountId: string, name: string) {
  const id = createId();
  await db
    .insertInto("channel")
    .values({ id, accountId, name, shortPath: id.slice(0, 12) })
    .execute();
  return id;
}

beforeAll(async () => {
  const me = await signedIn("2");
  const channelId = await insertChannel(me.accountId, "Kanal Süd");
  const first = await insertStatsEpaper(db, me.accountId, { name: "=Frühjahr", deletedAt: new Date() });
  const second = await insertStatsEpaper(db, me.accountId, { name: 'Sommer "2026"' });
  await insertStatsRows(db, first.epaperId, {
    daily: [{ day: "2026-03-01", source: "channel", channelId, opens: 7, views: 30, uniques: 5, downloads: 1 }],
  });
  await insertStatsRows(db, second.epaperId, {
    daily: [{ day: "2026-03-02", source: "channel", channelId, opens: 2, views: 8, uniques: 2 }],
  });
  owner = { cookie: me.cookie, channelId };
  const other = await signedIn("2");
  stranger = { cookie: other.cookie, channelId: await insertChannel(other.accountId, "Theirs") };
  editor = await signedIn("1");
});

/** The loader behind the root's i18n middleware, as the studio runs it. */
async function get(channelId: string, query: string, headers: Record<string, string>) {
  const request = new Request(`http://studio.test/channel/${channelId}/statistics.csv${query}`, { headers });
  const args = { request, context: new RouterContextProvider(), params: { channelId }, unstable_pattern: "" };
  return (await i18nextMiddleware(args as never, () => loader(args as never))) as Response;
}

const RANGE = "?from=2026-03-01&to=2026-03-02";

describe("the channel statistics CSV", () => {
  test("German: BOM, ';', translated headers, both ePapers the channel showed, an attachment never cached", async () => {
    const response = await get(owner.channelId, RANGE, { Cookie: owner.cookie, "Accept-Language": "de-DE,de;q=0.9" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="Kanal-Sud-statistics-2026-03-01-2026-03-02.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1).split("\r\n");
    expect(lines.slice(0, 3)).toEqual(['"Kanalstatistik"', '"Kanal";"Kanal Süd"', '"Zeitraum";"2026-03-01 bis 2026-03-02"']);
    const section = (title: string) => {
      const start = lines.indexOf(`"${title}"`);
      return lines.slice(start + 1, lines.indexOf("", start));
    };
    expect(section("Übersicht")).toEqual([
      '"Aufrufe";"Seitenansichten";"Eindeutige Leser (pro Tag)";"Aufrufe ohne Tracking (GPC/DNT)";"Nutzungen des Inhaltsverzeichnisses";"Downloads";"Geteilt"',
      "9;38;7;0;0;1;0",
    ]);
    expect(section("Tag für Tag")).toEqual([
      '"Tag";"Aufrufe";"Seitenansichten";"Eindeutige Leser (pro Tag)"',
      '"2026-03-01";7;30;5',
      '"2026-03-02";2;8;2',
    ]);
    // The most recently read first; an editor's name never starts a formula.
    expect(section("Gezeigte ePaper")).toEqual([
      '"ePaper";"Im Papierkorb";"Erster Aufruf";"Letzter Aufruf";"Aufrufe";"Seitenansichten";"Eindeutige Leser (pro Tag)"',
      '"Sommer ""2026""";"nein";"2026-03-02";"2026-03-02";2;8;2',
      `"'=Frühjahr";"ja";"2026-03-01";"2026-03-01";7;30;5`,
    ]);
  });

  test("English: ',' separators; a bad range 400 translated, or the JSON error body to a fetch", async () => {
    const english = await get(owner.channelId, RANGE, { Cookie: owner.cookie, "Accept-Language": "en" });
    expect((await english.text()).replace(/^\uFEFF/, "").split("\r\n")[0]).toBe('"Channel statistics"');
    const text = await get(owner.channelId, "?from=2026-03-02&to=2026-03-01", { Cookie: owner.cookie, "Accept-Language": "en" });
    expect([text.status, text.headers.get("Content-Type"), await text.text()]).toEqual([
      400,
      "text/plain; charset=utf-8",
      "The start date must not be after the end date.",
    ]);
    const json = await get(owner.channelId, "?from=2026-02-30", { Cookie: owner.cookie, Accept: "application/json" });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ error: { messageKey: "stats.validation.invalidDate", params: {} } });
  });

  test("another account's channel is 404, an editor without the workspace 403, no session the login", async () => {
    const foreign = await get(stranger.channelId, RANGE, { Cookie: owner.cookie, "Accept-Language": "en" });
    expect([foreign.status, await foreign.text()]).toEqual([404, "This channel does not exist or is not one of your account's channels."]);
    expect((await get(owner.channelId, RANGE, { Cookie: stranger.cookie })).status).toBe(404);
    expect((await get(owner.channelId, "?from=x", { Cookie: editor.cookie })).status).toBe(403);
    const anonymous = await get(owner.channelId, RANGE, {});
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=%2Fchannel%2F/);
  });
});
