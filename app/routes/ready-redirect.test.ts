import { expect, test } from "vitest";
import { loader } from "./ready-redirect.ts";

const target = (path: string) => {
  const answer = loader({ request: new Request(`http://studio.test${path}`) } as Parameters<typeof loader>[0]);
  return { status: answer.status, location: answer.headers.get("Location") };
};

test("the 'ready' mails' links lead to the grid, a channel publication's to the channels; the query is dropped", () => {
  expect(target("/epaper-ready?epaperId=abc")).toEqual({ status: 302, location: "/epaper" });
  expect(target("/zip-ready?x=1")).toEqual({ status: 302, location: "/epaper" });
  expect(target("/channel-publication-ready?channelId=c")).toEqual({ status: 302, location: "/channel" });
});
