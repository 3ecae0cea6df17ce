import { createId } from "@paralleldrive/cuid2";
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
import { loader } from "./channel-statistics.tsx";

// GET /channel/:channelId/statistics (issue 31 item 4): a channel's statistics screen's loader
// behind the root's i18n and the studio layout's middleware, as the studio runs it. The numbers
// themselves: app/models/channel-stats.server.test.ts; who gets what: tests/security/authz-matrix.ts.

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
  const channelId = await insertChannel(me.accountId, "Newsstand");
  const { epaperId } = await insertStatsEpaper(db, me.accountId, { name: "Spring catalogue" });
  await insertStatsRows(db, epaperId, {
    daily: [
      { day: "2026-03-01", source: "channel", channelId, opens: 7, views: 30, uniques: 5 },
      { day: "2026-03-01", source: "preview", channelId: "", opens: 1, views: 1, uniques: 1 },
    ],
  });
  owner = { cookie: me.cookie, channelId };
  const other = await signedIn("2");
  stranger = { cookie: other.cookie, channelId: await insertChannel(other.accountId, "Theirs") };
  editor = await signedIn("1");
});

/** The loader's answer, or what it threw (a refusal's data(), the login's redirect). */
async function load(channelId: string, query: string, cookie: string | null) {
  const headers: Record<string, string> = { "Accept-Language": "en" };
  if (cookie) headers.Cookie = cookie;
  const request = new Request(`http://studio.test/channel/${channelId}/statistics${query}`, { headers });
  const args = { request, context: new RouterContextProvider(), params: { channelId }, unstable_pattern: "" };
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

describe("the channel statistics screen's loader", () => {
  test("the range's statistics of the channel's reads only, with the screen's title", async () => {
    const answer = await load(owner.channelId, "?from=2026-03-01&to=2026-03-02", owner.cookie);
    expect(answer?.metaTitle).toBe("Channel statistics: Newsstand");
    expect(answer?.rangeProblem).toBeNull();
    expect(answer?.stats.range).toEqual({ from: "2026-03-01", to: "2026-03-02" });
    expect(answer?.stats.totals).toMatchObject({ opens: 7, views: 30, uniques: 5 });
    expect(answer?.stats.epapers.map((epaper) => epaper.name)).toEqual(["Spring catalogue"]);
    expect(answer?.today).toBe(utcDayOf(new Date()));
    expect(answer?.locale).toBe("en");
  });

  test("a range the rule refuses is no error: its problem for the form, and the default range", async () => {
    const answer = await load(owner.channelId, "?from=2026-03-10&to=2026-03-01", owner.cookie);
    expect(answer?.rangeProblem).toEqual({ key: "fromAfterTo", field: "from" });
    const today = utcDayOf(new Date());
    expect(answer?.stats.range).toEqual({ from: addDays(today, -(STATS_DEFAULT_DAYS - 1)), to: today });
  });

  test("another account's or an unknown channel is 404 and an editor without the workspace 403, as error pages; no session the login", async () => {
    await expect(load(stranger.channelId, "", owner.cookie)).rejects.toMatchObject({
      type: "DataWithResponseInit",
      data: { messageKey: "channelStats.errors.channelNotFound" },
      init: { status: 404 },
    });
    await expect(load("no-such-channel", "", owner.cookie)).rejects.toMatchObject({ init: { status: 404 } });
    // The right before the input: an editor learns nothing about the range or the channel.
    await expect(load(owner.channelId, "?from=x", editor.cookie)).rejects.toMatchObject({
      data: { messageKey: "errors.forbidden" },
      init: { status: 403 },
    });
    const anonymous = await load(owner.channelId, "", null).catch((error: unknown) => error);
    expect(anonymous).toBeInstanceOf(Response);
    expect((anonymous as Response).headers.get("Location")).toMatch(/^\/login\?redirectTo=%2Fchannel%2F/);
  });
});
