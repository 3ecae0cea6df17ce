import { expect, test } from "vitest";
import { askPatiently, BUSY_RETRIES, type Outcome } from "./use-password-strength.ts";

// The meter's patience with a busy server (503 + Retry-After, ADR 0048): it asks again after the
// time the server names, a few times, and then leaves the rule to the action.

/** A server that answers the given outcomes in turn; records every wait. */
function scripted(outcomes: Outcome[]) {
  const waits: number[] = [];
  let calls = 0;
  const ask = async () => outcomes[Math.min(calls++, outcomes.length - 1)] as Outcome;
  const wait = async (ms: number) => {
    waits.push(ms);
  };
  return { ask, wait, waits, calls: () => calls };
}

const busy: Outcome = { kind: "busy", retryAfterMs: 1_000 };

test("busy, then an answer: the answer, after waiting what the server asked", async () => {
  const server = scripted([busy, { ...busy, retryAfterMs: 2_000 }, { kind: "answer", strength: 3 }]);
  expect(await askPatiently("{}", new AbortController().signal, server.ask, server.wait)).toEqual({ kind: "answer", strength: 3 });
  expect(server.waits).toEqual([1_000, 2_000]);
});

test("busy every time: failed after BUSY_RETRIES more questions", async () => {
  const server = scripted([busy]);
  expect(await askPatiently("{}", new AbortController().signal, server.ask, server.wait)).toEqual({ kind: "failed" });
  expect(server.calls()).toBe(1 + BUSY_RETRIES);
});

test("a refusal (429) or an answer is passed on at once; a password changed while waiting stops the asking", async () => {
  const refused = scripted([{ kind: "refused", retryAfterMs: 60_000 }]);
  expect(await askPatiently("{}", new AbortController().signal, refused.ask, refused.wait)).toEqual({
    kind: "refused",
    retryAfterMs: 60_000,
  });
  expect(refused.waits).toEqual([]);

  const controller = new AbortController();
  const server = scripted([busy, { kind: "answer", strength: 1 }]);
  const aborting = async (ms: number) => {
    await server.wait(ms);
    controller.abort();
  };
  expect((await askPatiently("{}", controller.signal, server.ask, aborting)).kind).toBe("failed");
  expect(server.calls()).toBe(1);
});
