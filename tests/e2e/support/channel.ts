import { createId } from "@paralleldrive/cuid2";
import { type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import { e2eDb, type E2eUser, insertUserWithLevel, logInAs } from "../../support/e2e-users.ts";

/** The texts of publishing to a channel from an ePaper's card, in both languages (a test's own table spreads them in). */
export const PUBLISH_TO_CHANNEL_TEXTS = {
  en: {
    actions: (name: string) => `Actions for ${name}`,
    publishToChannel: "Publish to channel",
    publish: "Publish",
    published: (name: string) => `“${name}” is now published on its channel.`,
  },
  de: {
    actions: (name: string) => `Aktionen für ${name}`,
    publishToChannel: "Im Kanal veröffentlichen",
    publish: "Veröffentlichen",
    published: (name: string) => `„${name}“ ist jetzt auf seinem Kanal veröffentlicht.`,
  },
} as const;

/**
 * A new user (level 2, e-mails in `language`) of an account with one free channel named
 * `channelName`, logged in in `context`. Channels are booked in the shop; the channel is inserted
 * as the shop's webhook would.
 */
export async function logInWithChannel(context: BrowserContext, language: "de" | "en", channelName: string): Promise<E2eUser> {
  const user = await insertUserWithLevel("2", { user: { emailLanguage: language } });
  await e2eDb()
    .insertInto("channel")
    .values({ id: createId(), accountId: user.accountId, name: channelName, shortPath: createId().slice(0, 10) })
    .execute();
  await logInAs(context, user);
  return user;
}

/**
 * Publishes the ePaper of the card `epaper` (named `name`) to the channel `channelName` as a
 * customer does, in the page's `language`: the card's menu, 'Publish to channel', the channel,
 * 'Publish'; waits for the message that it is published. `chosen` runs once the channel is
 * picked, before 'Publish'.
 */
export async function publishToChannel(
  page: Page,
  options: { epaper: Locator; name: string; channelName: string; language: "de" | "en"; chosen?: (dialog: Locator) => Promise<void> },
) {
  const { epaper, name, channelName } = options;
  const texts = PUBLISH_TO_CHANNEL_TEXTS[options.language];
  await epaper.getByRole("button", { name: texts.actions(name) }).click();
  await page.getByRole("menuitem", { name: texts.publishToChannel }).click();
  const dialog = page.getByRole("dialog", { name: texts.publishToChannel });
  await dialog.getByText(channelName, { exact: true }).click();
  await options.chosen?.(dialog);
  await dialog.getByRole("button", { name: texts.publish, exact: true }).click();
  await expect(page.getByText(texts.published(name))).toBeVisible({ timeout: 60_000 });
}
