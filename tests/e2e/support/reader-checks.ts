import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { contrastRatio } from "../../../publisher/src/contrast.ts";

/**
 * axe-core's violations on the page, as "rule: targets" lines. react-aria's live announcer is left
 * out: it briefly holds a node that points at an announced element's text by id, gone by design
 * once the element is (a transient announcement, not content). `within`: only that part (a CSS selector).
 * It runs once what was fading in has come to rest.
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) {
    await page.addScriptTag({ path: path.resolve("node_modules/axe-core/axe.min.js") });
  }
  // Colours read while something fades in (a tour's popover, a dialog) are not the colours it
  // rests at: every animation and transition that ends is waited for (spinners run for ever).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  return page.evaluate(async (within) => {
    const result = await (
      window as unknown as {
        axe: { run: (context: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe.run({ ...(within ? { include: [[within]] } : {}), exclude: [["[data-live-announcer]"]] });
    return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  }, within);
}

/**
 * The reader's title and every visible control in the header and toolbar reach 4.5:1 against the
 * bar behind them (computed colours as the browser paints them).
 */
export async function expectReadableChrome(page: Page) {
  const pairs = await page.evaluate(() => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number) as [number, number, number];
    const result: { what: string; fg: [number, number, number]; bg: [number, number, number] }[] = [];
    for (const bar of document.querySelectorAll<HTMLElement>(".ep-header, .ep-toolbar")) {
      const background = rgb(getComputedStyle(bar).backgroundColor);
      for (const element of bar.querySelectorAll<HTMLElement>("h1, button, a, [role='status'], span")) {
        if (element.offsetParent === null || (!element.textContent?.trim() && !element.querySelector("svg"))) continue;
        const label = element.getAttribute("aria-label") ?? element.textContent?.trim() ?? element.tagName;
        result.push({ what: `${bar.className} ${label}`, fg: rgb(getComputedStyle(element).color), bg: background });
      }
    }
    return result;
  });
  expect(pairs.length).toBeGreaterThan(3);
  for (const pair of pairs) expect(contrastRatio(pair.fg, pair.bg), pair.what).toBeGreaterThanOrEqual(4.5);
}

/** A one-finger swipe from `fromX` to `toX` at height `y`, as touch events through the DevTools protocol. */
export async function swipe(page: Page, fromX: number, toX: number, y: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: fromX, y }] });
  for (let step = 1; step <= 6; step++) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: fromX + ((toX - fromX) * step) / 6, y }] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}
