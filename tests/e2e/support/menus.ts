import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Presses `button` until its menu is open and answers the menu. A press that lands before the
 * server-rendered page has hydrated opens nothing; a journey that pressed once then waited for a
 * menu item forever (or, worse, found "no such item" in a menu that never opened).
 */
export async function openMenu(page: Page, button: Locator): Promise<Locator> {
  const menu = page.getByRole("menu");
  await expect(async () => {
    if (!(await menu.isVisible())) await button.click();
    await expect(menu).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  return menu;
}
