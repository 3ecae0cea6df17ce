import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createSession } from "#app/auth/session.server";
import { commitSessionHeader } from "#app/auth/session-cookie.server";
import { studioUserMiddleware } from "#app/auth/studio-user.server";
import { addDays, STATS_DEFAULT_DAYS, utcDayOf } from "#app/rules/readership-stats";
import { db } from "#app/utils/db.server";
import { i18nextMiddleware } from "#app/utils/i18next.server";
import { insertUserWithLevel } from "#tests/support/fixtures";
import { insertStatsEpaper, insertStatsRows } from "#tests/support/readership-stats";
import { loader } from "./statistics.tsx";

// GET /epaper/:epaperId/statistics (issue 31 item 4): the statistics screen's loader behind the
// root's i18n and the studio layout's middleware, as the studio runs it. The numbers themselves:
// app/models/readership-stats.server.test.ts; the screen: app/components/stats/stats-screen.test.tsx;
// who gets what: tests/security/authz-matrix.ts.

afterAll(() => db.destroy());

let owner: { cookie: string; epaperId: string };
let stranger: { cookie: string; epaperId: string };
let generated: { cookie: string };

async function signedIn(options: Parameters<typeof insertUserWithLevel>[2] = {}) {
  const user = await insertUserWithLevel(db, "2", options);
  const session = await createSession(db, { userId: user.userId, remember: false });
  return { ...user, cookie: (await commitSessionHeader(session.id)).split(";")[0] ?? "" };
}

beforeAll(async () => {
  const me = await signedIn();
  const { epaperId } = await insertStatsEpaper(db, me.accountId, { name: "Spring catalogue", pageCount: 2 });
  await insertStatsRows(db, epaperId, {
    daily: [{ day: "2026-03-01", source: "previewlink", channelId: "", opens: 7, views: 30, uniques: 5 }],
    pages: [{ day: "2026-03-01", page: 1, views: 4, readersReached: 3, totalMs: 10_000 }],
  });
  owner = { cookie: me.cookie, epaperId };
  const other = await signedIn();
  stranger = { cookie: other.cookie, epaperId: (await insertStatsEpaper(db, other.accountId)).epaperId };
  generated = await signedIn({ user: { isGenerated: true, isTemporary: true }, account: { isGenerated: true, isTemporary: true } });
});

/** The loader's answer, or what it threw (a refusal's data(), the login's redirect). */
async function load(epaperId: string, query: string, cookie: string | null) {
  const headers: Record<string, string> = { "Accept-Language": "en" };
  if (cookie) headers.Cookie = cookie;
  const request = new Request(`http://studio.test/epaper/${epaperId}/statistics${query}`, { headers });
  const args = { request, context: new RouterContextProvider(), params: { epaperId }, unstable_pattern: "" };
  let answer: Awaited<ReturnType<typeof loader>> | undefined;
  await i18nextMiddleware(args as never, async () => {
    await studioUserMiddleware(db)(args as never, async () => {
      answer = await loader(args as never);
      return new Response(null);
    });
    return new Response(null);
  });
  return answer;
}

describe("the statistics screen's loader", () => {
  test("the range's statistics with the screen's title; today is the server's UTC day", async () => {
    const answer = await load(owner.epaperId, "?from=2026-03-01&to=2026-03-02", owner.cookie);
    expect(answer?.metaTitle).toBe("Statistics: Spring catalogue");
    expect(answer?.rangeProblem).toBeNull();
    expect(answer?.stats.range).toEqual({ from: "2026-03-01", to: "2026-03-02" });
    expect(answer?.stats.totals).toMatchObject({ opens: 7, views: 30, uniques: 5 });
    expect(answer?.stats.pages).toEqual([
      { page: 1, views: 4, readersReached: 3, averageMs: 2_500 },
      { page: 2, views: 0, readersReached: 0, averageMs: 0 },
    ]);
    expect(answer?.today).toBe(utcDayOf(new Date()));
    expect(answer?.locale).toBe("en");
  });

  test("a range the rule refuses is no error: its problem for the form, and the default range", async () => {
    const answer = await load(owner.epaperId, "?from=2026-03-10&to=2026-03-01", owner.cookie);
    expect(answer?.rangeProblem).toEqual({ key: "fromAfterTo", field: "from" });
    const today = utcDayOf(new Date());
    expect(answer?.stats.range).toEqual({ from: addDays(today, -(STATS_DEFAULT_DAYS - 1)), to: today });
    expect((await load(owner.epaperId, "?to=2026-02-30", owner.cookie))?.rangeProblem).toEqual({ key: "invalidDate", field: "to" });
  });

  test("another account's ePaper is 404 and a try-it user 403, as error pages with their message; no session the login", async () => {
    await expect(load(stranger.epaperId, "", owner.cookie)).rejects.toMatchObject({
      type: "DataWithResponseInit",
      data: { messageKey: "epaper.errors.epaperNotFound" },
      init: { status: 404 },
    });
    await expect(load("no-such-epaper", "", owner.cookie)).rejects.toMatchObject({ init: { status: 404 } });
    // The right before the input: a try-it user learns nothing about the range or the ePaper.
    await expect(load(owner.epaperId, "?from=x", generated.cookie)).rejects.toMatchObject({
      data: { messageKey: "errors.forbidden" },
      init: { status: 403 },
    });
    const anonymous = await load(owner.epaperId, "", null).catch((error: unknown) => error);
    expect(anonymous).toBeInstanceOf(Response);
    expect((anonymous as Response).headers.get("Location")).toMatch(/^\/login\?redirectTo=%2Fepaper%2F/);
  });
});
