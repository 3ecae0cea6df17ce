import { blobs } from "#app/blob/blobs.server";
import { queues } from "#app/jobs/producer.server";
import type { ApiWriteDeps } from "#app/models/public-api-writes.server";
import { db } from "#app/utils/db.server";
import { redis } from "#app/utils/redis.server";

/** The services the public API's writes use (the studio's own queues and store). */
export const apiWriteDeps = (): ApiWriteDeps => ({
  db,
  redis,
  blobs,
  queue: queues.render,
  pagesQueue: queues.pages,
  publishQueue: queues.publish,
});
