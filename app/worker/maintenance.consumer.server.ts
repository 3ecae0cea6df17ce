import type { Redis } from "ioredis";
import type { BlobStore } from "#app/blob/blob-store.server";
import type { Consumer } from "#app/jobs/consumer.server";
import type { Database } from "#db/client";
import { purgeDeletedEpapers } from "./purge-deleted-epapers.handler.server.ts";
import { purgeExpiredAuth } from "./purge-expired-auth.handler.server.ts";
import { removeExpiredGeneratedAccounts } from "./remove-expired-generated-accounts.handler.server.ts";
import { removeExpiredUploads } from "./remove-expired-uploads.handler.server.ts";
import { removeExpiredChannels } from "./remove-expired-channels.handler.server.ts";

/** The scheduled clean-ups, one at a time (they sweep in batches and may touch the same rows). */
export function createMaintenanceConsumer(deps: { db: Database; blobs: BlobStore; redis: Redis }): Consumer<"maintenance"> {
  return {
    handlers: {
      "purge-expired-auth": () => purgeExpiredAuth(deps.db),
      "remove-expired-generated-accounts": () => removeExpiredGeneratedAccounts(deps),
      "remove-expired-uploads": () => removeExpiredUploads(deps),
      "purge-deleted-epapers": () => purgeDeletedEpapers(deps),
      "remove-expired-channels": () => removeExpiredChannels(deps),
    },
    options: { concurrency: 1 },
  };
}
