import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test, vi } from "vitest";
import type { Database } from "./client.ts";
import { isRetryableLockError, retryTransaction } from "./retry-transaction.ts";

const deadlock = Object.assign(new Error("Deadlock found when trying to get lock"), { code: "ER_LOCK_DEADLOCK" });

/** A database whose transactions run the callback directly: enough to count the attempts. */
const fakeDb = { transaction: () => ({ execute: <T>(work: (trx: Database) => Promise<T>) => work(fakeDb) }) } as unknown as Database;

describe("retryTransaction", () => {
  test("runs a deadlock victim again and returns its result", async () => {
    const work = vi.fn().mockRejectedValueOnce(deadlock).mockResolvedValueOnce("done");
    expect(await retryTransaction(fakeDb, work)).toBe("done");
    expect(work).toHaveBeenCalledTimes(2);
  });
  test("gives up after the last attempt, and never retries other errors", async () => {
    const always = vi.fn().mockRejectedValue(deadlock);
    await expect(retryTransaction(fakeDb, always, 3)).rejects.toBe(deadlock);
    expect(always).toHaveBeenCalledTimes(3);
    const duplicate = Object.assign(new Error("Duplicate entry"), { code: "ER_DUP_ENTRY" });
    const once = vi.fn().mockRejectedValue(duplicate);
    await expect(retryTransaction(fakeDb, once)).rejects.toBe(duplicate);
    expect(once).toHaveBeenCalledTimes(1);
  });
  test("knows InnoDB's retryable lock errors", () => {
    expect(isRetryableLockError(deadlock)).toBe(true);
    expect(isRetryableLockError({ code: "ER_LOCK_WAIT_TIMEOUT" })).toBe(true);
    expect(isRetryableLockError(new Error("x"))).toBe(false);
    expect(isRetryableLockError(null)).toBe(false);
  });
});

describe("the app's transactions", () => {
  test("all go through retryTransaction, so a deadlock victim never becomes a 500", () => {
    const sources = readdirSync("app", { recursive: true, encoding: "utf8" }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    const bypassing = sources.filter((file) => /\.transaction\(\)\s*\.execute\(/.test(readFileSync(path.join("app", file), "utf8")));
    expect(bypassing).toEqual([]);
  });
});
