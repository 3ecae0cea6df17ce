/** A budget of `budgetMs` of work per second: `admit` while some is left, `spent` books what a call took. */
export function createTimeBudget(budgetMs: number, now: () => number = () => performance.now()) {
  let windowStart = Number.NEGATIVE_INFINITY;
  let used = 0;
  const roll = () => {
    const time = now();
    if (time - windowStart >= 1000) {
      windowStart = time;
      used = 0;
    }
  };
  return {
    admit: () => {
      roll();
      return used < budgetMs;
    },
    spent: (ms: number) => {
      roll();
      used += ms;
    },
  };
}
