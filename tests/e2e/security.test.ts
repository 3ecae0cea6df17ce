import { expect, test } from "@playwright/test";
import { insertUserWithLevel, logInAs } from "../support/e2e-users.ts";
import { E2E_PORT } from "./support/slot.ts";

// Issue 16, finding 5: opened as localhost:<content port>, the content origin shared the cookies
// of the studio on localhost (cookies are per host, not per port).

test("customer code on the content origin never sees the studio's cookies, under either host name", async ({ page, context }, info) => {
  test.skip(info.project.name !== "desktop", "one browser proves it");
  await logInAs(context, await insertUserWithLevel("1"));
  await page.goto("/epaper");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  expect((await context.cookies(`http://localhost:${E2E_PORT}`)).map((cookie) => cookie.name)).toContain("__Host-ep_session");

  // Its own host name is another host: the browser keeps every studio cookie away from its pages.
  const contentUrl = `http://127.0.0.1:${E2E_PORT + 1}`;
  expect((await page.goto(`${contentUrl}/healthz`))?.status()).toBe(200);
  expect(await page.evaluate(() => document.cookie)).toBe("");
  expect(await context.cookies(contentUrl)).toEqual([]);

  // Under the studio's host name it answers nothing, so no customer code ever runs there.
  expect((await page.goto(`http://localhost:${E2E_PORT + 1}/healthz`))?.status()).toBe(421);
});
