import { retryTransaction } from "#db/retry-transaction";
import type { Redis } from "ioredis";
import type { BlobStore } from "#app/blob/blob-store.server";
import { markCancelled, signalCancelled } from "#app/lifecycle/epaper-process.server";
import type { Database } from "#db/client";
import { NotAGeneratedUser } from "./generated-account.server.ts";
import { lockAccount } from "./account-lock.server.ts";

/**
 * Removing an account for good: its files, then its rows (docs/decisions/0015-try-it-lifecycle.md).
 * The redis client tells running renders of its ePapers to stop, so that no render writes pages
 * into an ePaper that is going away.
 */
export type RemovalDeps = { db: Database; blobs: BlobStore; redis: Redis };

export type RemovalGuard = {
  /** Remove only a generated (try-it) account: a signup that came first keeps the account. */
  onlyGenerated?: boolean;
  /** Remove only when the storage time (remove_at) is before `now`, or the removal has begun. */
  onlyExpired?: boolean;
  now?: Date;
};

/** removed: gone now; absent: there was no such account (already removed); kept: the guard said no. */
export type RemovalOutcome = "removed" | "absent" | "kept";

/**
 * Removes an account and everything it owns: ePapers with pages, media elements, publications
 * and render processes, uploads, media, galleries, folders, channels, subdomains, subscriptions,
 * licence history, and the users whose base account it is (their sessions, tokens, permissions,
 * memberships and settings go with them through ON DELETE CASCADE). Policy checks (permissions,
 * active channel subscriptions, protected accounts) belong to the caller.
 *
 * Order, and why it is safe to run again after a crash at any point:
 * 1. Claim: deleted_at and remove_at are set (in a transaction that locks the row and checks the
 *    guard). From now on sessions of its users end (their base account is deleted), a signup of
 *    the generated user is refused, and should this run die, the scheduled job picks a
 *    generated account up again, because remove_at is now in the past.
 * 2. Running processes are cancelled (and renders told on Redis).
 * 3. Files first: every blob the rows point to. The rows still exist, so a crash here leaves
 *    rows that name missing files (of an account that is being removed, whose users can no longer
 *    sign in), and the next run reads the same rows and deletes the rest (deleting a missing
 *    file is no error). Rows first would be worse: a crash after the rows leaves files that no
 *    row names any more, orphaned for good.
 * 4. Rows, in one transaction: all or nothing.
 */
export async function removeAccount(deps: RemovalDeps, accountId: string, guard: RemovalGuard = {}): Promise<RemovalOutcome> {
  const { db, blobs, redis } = deps;
  const now = guard.now ?? new Date();

  const claim = await retryTransaction(db, async (trx) => {
    const account = await lockAccount(trx, accountId);
    if (!account) return "absent" as const;
    if (guard.onlyGenerated && !account.isGenerated) return "kept" as const;
    const expired = account.deletedAt !== null || (account.removeAt !== null && account.removeAt < now);
    if (guard.onlyExpired && !expired) return "kept" as const;
    await trx
      .updateTable("account")
      .set({
        deletedAt: account.deletedAt ?? now,
        removeAt: account.removeAt && account.removeAt < now ? account.removeAt : now,
      })
      .where("id", "=", accountId)
      .execute();
    return "claimed" as const;
  });
  if (claim !== "claimed") return claim;

  const epapers = await db
    .selectFrom("epaper")
    .select(["id", "processRunning", "coverBlobKey"])
    .where("accountId", "=", accountId)
    .execute();

  // A running render stops at its worker's next message and discards its own pages; one still
  // queued finds processCancelled (or no ePaper) when it starts and writes nothing.
  const renders = await markCancelled(
    db,
    epapers.filter((epaper) => epaper.processRunning).map((epaper) => epaper.id),
  );
  await signalCancelled(redis, renders);

  for (const prefix of await blobPrefixesOf(db, accountId, epapers)) await blobs.deletePrefix(prefix);

  // Deleting a whole account takes many locks; a deadlock with a user's write elsewhere is
  // retried (the transaction only touches the database).
  await retryTransaction(db, async (trx) => {
    // user.account_id cascades: a support user of another account who switched into this one
    // would be deleted with it. They go back to their own account instead.
    await trx
      .updateTable("user")
      .set((eb) => ({ accountId: eb.ref("baseAccountId") }))
      .where("accountId", "=", accountId)
      .where("baseAccountId", "!=", accountId)
      .execute();
    // The folder tree cascades through parent_id, and InnoDB refuses cascades deeper than 15
    // levels: flatten it first, the account's cascade then deletes every folder directly.
    await trx.updateTable("folder").set({ parentId: null }).where("accountId", "=", accountId).execute();
    // ePapers first (pages, media elements, TOC, settings, publications and render processes
    // cascade from them), then the account with everything else that cascades from it.
    await trx.deleteFrom("epaper").where("accountId", "=", accountId).execute();
    await trx.deleteFrom("account").where("id", "=", accountId).execute();
  });
  return "removed";
}

/**
 * Every blob the account's rows point to, as prefixes for BlobStore.deletePrefix (a whole key is
 * a prefix too: deleting it removes that one blob). Everything of an ePaper lives under
 * `epapers/<id>/` (pages, cover); other keys are listed only where they lie outside of it.
 */
async function blobPrefixesOf(db: Database, accountId: string, epapers: { id: string; coverBlobKey: string | null }[]) {
  const epaperPrefixes = epapers.map((epaper) => `epapers/${epaper.id}/`);
  const keys = new Set<string>(epaperPrefixes);
  const add = (key: string | null) => {
    if (key && !epaperPrefixes.some((prefix) => key.startsWith(prefix))) keys.add(key);
  };
  for (const epaper of epapers) add(epaper.coverBlobKey);
  // Pages keep their files under their ePaper's prefix; only strays need listing one by one.
  const pages = await db
    .selectFrom("page")
    .innerJoin("epaper", "epaper.id", "page.epaperId")
    .select("page.blobPrefix")
    .where("epaper.accountId", "=", accountId)
    .where((eb) => eb("page.blobPrefix", "not like", eb.fn<string>("concat", [eb.val("epapers/"), eb.ref("epaper.id"), eb.val("/%")])))
    .execute();
  for (const page of pages) add(page.blobPrefix);
  const publications = await db
    .selectFrom("publication")
    .innerJoin("epaper", "epaper.id", "publication.epaperId")
    .select("publication.blobPrefix")
    .where("epaper.accountId", "=", accountId)
    .where("publication.blobPrefix", "is not", null)
    .execute();
  for (const publication of publications) add(publication.blobPrefix);
  for (const upload of await db.selectFrom("upload").select("blobKey").where("accountId", "=", accountId).execute()) add(upload.blobKey);
  for (const media of await db.selectFrom("media").select("blobKey").where("accountId", "=", accountId).execute()) add(media.blobKey);
  const channels = await db
    .selectFrom("channel")
    .select(["blobPrefix", "contentCoverBlobKey"])
    .where("accountId", "=", accountId)
    .execute();
  for (const channel of channels) {
    add(channel.blobPrefix);
    add(channel.contentCoverBlobKey);
  }
  return [...keys];
}

/**
 * 'Cancel' in the test-phase-expired dialog (studio-core.md §4): the generated user's account is
 * removed with its ePapers, and the test ends (the user and its sessions are gone; the route
 * clears the cookie). Throws NotAGeneratedUser for any other user, and when a signup of the same
 * user came first.
 */
export async function endTestPhase(deps: RemovalDeps, userId: string, now: Date = new Date()): Promise<{ accountId: string }> {
  const user = await deps.db
    .selectFrom("user")
    .innerJoin("account", "account.id", "user.baseAccountId")
    .select(["user.isGenerated", "account.id as accountId", "account.isGenerated as accountIsGenerated"])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  if (!user?.isGenerated || !user.accountIsGenerated) throw new NotAGeneratedUser(userId);
  const outcome = await removeAccount(deps, user.accountId, { onlyGenerated: true, now });
  if (outcome === "kept") throw new NotAGeneratedUser(userId);
  return { accountId: user.accountId };
}
