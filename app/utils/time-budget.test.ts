import { expect, test } from "vitest";
import { createTimeBudget } from "./time-budget.ts";

test("a process spends at most its budget of each second on estimates; the next second admits again", () => {
  let now = 0;
  const budget = createTimeBudget(250, () => now);
  expect(budget.admit()).toBe(true);
  budget.spent(130);
  now = 400;
  expect(budget.admit()).toBe(true);
  budget.spent(130);
  now = 600;
  expect(budget.admit()).toBe(false);
  now = 1001;
  expect(budget.admit()).toBe(true);
});
