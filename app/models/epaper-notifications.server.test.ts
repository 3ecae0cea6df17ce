import { createId } from "@paralleldrive/cuid2";
import { afterAll, describe, expect, test } from "vitest";
import { insertAccountWithUser } from "#tests/support/fixtures";
import { createDb } from "#db/client";
import { TEST_DATABASE_URL } from "#tests/setup/test-env";
import { sendEpaperReadyMail } from "./epaper-notifications.server.ts";
import type { EmailQueue } from "#app/email/send-email.server";
import { readEmailJobVariables } from "#app/email/send-email.server";

const db = createDb(TEST_DATABASE_URL, { connectionLimit: 2 });
afterAll(() => db.destroy());

function capturingQueue() {
  const added: unknown[] = [];
  const queue: EmailQueue = { add: async (_name, data) => added.push(data) };
  return { queue, added };
}

async function epaperOf(user: { isGenerated?: boolean; emailLanguage?: string } = {}) {
  const { accountId, userId, email } = await insertAccountWithUser(db, { user: { firstname: "Jo", emailLanguage: "de", ...user } });
  const epaperId = createId();
  await db
    .insertInto("epaper")
    .values({ id: epaperId, accountId, createdByUserId: userId, languageCode: "de", name: "Frühjahrskatalog" })
    .execute();
  return { epaperId, userId, email };
}

describe("sendEpaperReadyMail", () => {
  test("mails the creator in their language with the studio link and a working switch-off link", async () => {
    const { epaperId, userId, email } = await epaperOf();
    const { queue, added } = capturingQueue();
    expect(await sendEpaperReadyMail({ db, queue }, epaperId)).toMatchObject({ queued: true });
    expect(added).toHaveLength(1);
    const job = await db.selectFrom("emailJob").selectAll().where("userId", "=", userId).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ recipientEmail: email, type: "epaperReady", language: "de" });
    const variables = (await readEmailJobVariables(db, job.id)) as Record<string, string>;
    expect(variables.epaperName).toBe("Frühjahrskatalog");
    expect(variables.link).toMatch(/\/epaper-ready$/);
    expect(variables.unsubscribeLink).toMatch(/\/deactivate-email\/epaperReady\/with\/[A-Za-z0-9_-]{43}$/);
  });

  test("no mail for a try-it user, nor for a creator who switched it off", async () => {
    const generated = await epaperOf({ isGenerated: true });
    const { queue, added } = capturingQueue();
    expect(await sendEpaperReadyMail({ db, queue }, generated.epaperId)).toBeNull();

    const off = await epaperOf();
    const config = await db.selectFrom("emailConfig").select("id").where("name", "=", "epaperReady").executeTakeFirstOrThrow();
    await db
      .insertInto("userEmailConfig")
      .values({ id: createId(), userId: off.userId, emailConfigId: config.id, active: false })
      .execute();
    expect(await sendEpaperReadyMail({ db, queue }, off.epaperId)).toEqual({ queued: false, reason: "notification-off" });
    expect(added).toHaveLength(0);
  });
});
