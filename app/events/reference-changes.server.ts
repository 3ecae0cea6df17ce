import type { Redis } from "ioredis";
import { forgetReference, forgetReferenceEverywhere } from "#app/utils/reference-cache.server";
import type { EventHub } from "./event-hub.server.ts";

/** Redis pub/sub channel on which a studio instance names reference rows it has just written (ADR 0054). */
export const REFERENCE_CHANNEL = "reference:changed";

/**
 * After a write to remembered reference rows (keys starting with `prefix`): this instance forgets
 * them now, every other instance as soon as Redis tells it (`followReferenceChanges`). Announced
 * before any event that makes browsers fetch again (maintenance start and end): Redis delivers a
 * publisher's messages in order, so an instance has forgotten the old state before a browser that
 * heard the event asks it.
 */
export async function announceReferenceChange(deps: { db: object; redis: Redis }, prefix: string) {
  forgetReference(deps.db, prefix);
  await deps.redis.publish(REFERENCE_CHANNEL, prefix);
}

/** Every studio process follows the announcements for its life (server/studio.ts), over its one subscriber connection. */
export function followReferenceChanges(hub: EventHub): Promise<() => Promise<void>> {
  return hub.subscribe([REFERENCE_CHANNEL], (prefix) => forgetReferenceEverywhere(prefix));
}
