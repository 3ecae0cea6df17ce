import { expect, type Locator, type Page } from "@playwright/test";
import { openMenu } from "./menus.ts";

/**
 * Opens the account drawer from the header's main menu (pressed again until the page has
 * hydrated) and waits for `heading` in it: the API keys' and webhooks' journeys start here.
 */
export async function openAccountDrawer(page: Page, labels: { menu: RegExp; account: string; heading: string }): Promise<Locator> {
  const menu = await openMenu(page, page.getByRole("banner").getByRole("button", { name: labels.menu }));
  await menu.getByRole("menuitem", { name: labels.account, exact: true }).click();
  const drawer = page.getByRole("dialog", { name: labels.account });
  await expect(drawer.getByRole("heading", { name: labels.heading })).toBeVisible();
  return drawer;
}
