import type { Redis } from "ioredis";
import { sql } from "kysely";
import { publishToAccount } from "#app/events/publish.server";
import type { Database } from "#db/client";

/**
 * A change after publishing (studio-core.md §4, issue "Republishing"): every form the ePaper is
 * published in is marked as requiring republishing, and republishChangesAt records when (the
 * channel list compares it with its publishedAt). Forms not published yet stay unmarked. Callers
 * are the writes that change what a reader sees: name, pages, enrichments, settings, TOC.
 */
export async function markRepublishingRequired(deps: { db: Database; redis: Redis }, epaperId: string, now = new Date()) {
  const { db } = deps;
  const hasForm = (type: "preview" | "zip") =>
    sql<boolean>`exists (select 1 from publication where publication.epaper_id = ${epaperId} and publication.type = ${type})`;
  const hasChannel = sql<boolean>`exists (select 1 from channel where channel.epaper_id = ${epaperId})`;
  await db
    .updateTable("epaper")
    .set({
      republishChangesAt: now,
      republishingRequiredPreview: hasForm("preview"),
      republishingRequiredZip: hasForm("zip"),
      republishingRequiredChannel: hasChannel,
    })
    .where("id", "=", epaperId)
    .execute();
  const epaper = await db.selectFrom("epaper").select("accountId").where("id", "=", epaperId).executeTakeFirst();
  if (epaper) await publishToAccount(deps.redis, epaper.accountId, { type: "republishingChangesDetected", epaperId });
}
