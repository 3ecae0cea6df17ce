import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { CORPUS } from "../../support/corpus.ts";

/**
 * Uploads a corpus PDF through the upload card under `name`, waits until it is rendered and opens
 * it in the editor; answers the ePaper's id. The editor's e2e tests all start here.
 */
export async function openInEditor(page: Page, name: string, corpusFile: string): Promise<string> {
  const { epaperId } = await uploadAndRender(page, name, corpusFile);
  await page.goto(`/epaper/${epaperId}`);
  return epaperId;
}

/** Uploads a corpus PDF (or a PDF at an absolute path) through the upload card under `name` and waits until its card says rendered. */
export async function uploadAndRender(page: Page, name: string, corpusFile: string) {
  const file = path.resolve(CORPUS, corpusFile);
  await page.goto("/epaper");
  const card = page.getByTestId("upload-card");
  await card.locator("input[type=file]").setInputFiles(file);
  await expect(card.getByRole("textbox").first()).toHaveValue(new RegExp(path.basename(file, ".pdf").split("__").pop() ?? ""), {
    timeout: 30_000,
  });
  await card.getByRole("textbox").first().fill(name);
  await card
    .getByRole("button")
    .filter({ hasText: /Create ePaper|ePaper erstellen/ })
    .click();
  const epaper = page.getByRole("article", { name });
  await expect(epaper).toHaveAttribute("data-state", "ready", { timeout: 90_000 });
  return { epaper, epaperId: (await epaper.getAttribute("data-epaper-id")) as string };
}

/** Opens one of the editor's settings-menu dialogs. */
export async function openSettingsDialog(page: Page, labels: { menu: RegExp; item: string }) {
  await page.getByRole("button", { name: labels.menu }).click();
  await page.getByRole("menuitem", { name: labels.item, exact: true }).click();
}
