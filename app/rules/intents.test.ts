import { expect, test } from "vitest";
import { z } from "zod";
import { AppError } from "#app/errors/app-error";
import { bareIntent, intentNames, parseIntent } from "./intents.ts";

const intents = z.discriminatedUnion("intent", [z.object({ intent: z.literal("rename"), name: z.string().min(1) }), bareIntent("delete")]);

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
};

test("a route's intents are listed in declaration order", () => {
  expect(intentNames(intents)).toEqual(["rename", "delete"]);
});

test("the submitted intent comes back with its typed fields; a loose branch keeps the rest for its own form", () => {
  expect(parseIntent(form({ intent: "rename", name: "Spring" }), intents)).toEqual({ intent: "rename", name: "Spring" });
  expect(parseIntent(form({ intent: "delete", extra: "x" }), intents)).toEqual({ intent: "delete", extra: "x" });
  expect(
    parseIntent(form({ name: "x" }), z.discriminatedUnion("intent", [bareIntent("request"), bareIntent("set")]), { fallback: "request" }),
  ).toMatchObject({
    intent: "request",
  });
});

test("a missing or unknown intent, or a field its branch refuses, is a 400 'This request is not valid.'", () => {
  for (const values of [{}, { intent: "publish" }, { intent: "rename", name: "" }] as Record<string, string>[]) {
    let error: unknown;
    try {
      parseIntent(form(values), intents);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 400, messageKey: "errors.invalidRequest" });
  }
});
