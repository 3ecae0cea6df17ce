import { createId } from "@paralleldrive/cuid2";
import { AppError } from "#app/errors/app-error";
import { isAdmin, type PermissionSubject, requirePermission, requireWriteAllowed } from "#app/rules/permissions";
import { type ChannelDomain, subdomainAddress, subdomainNameSchemaFor, type SubdomainView } from "#app/rules/subdomain";
import type { Database } from "#db/client";
import { retryTransaction } from "#db/retry-transaction";

/**
 * The subdomain management dialog (studio-admin.md §2, §7 subdomain, add/remove-subdomain-channel;
 * ADR 0041): create, rename, delete, assign and unassign channels. Every write checks
 * subdomainManagement and the account (another account's subdomain or channel is 'not found');
 * names follow the subdomain rule and are unique across all accounts.
 */

/** Where the addresses point (channelDomainFor: CHANNEL_DOMAIN, or unset `localhost:<CONTENT_PORT>`). */
export type SubdomainConfig = { channelDomain: ChannelDomain };

class SubdomainNotFound extends AppError {
  constructor(id: string) {
    super("subdomains.errors.notFound", { status: 404, detail: `subdomain ${id}` });
  }
}

function parseName(subject: PermissionSubject, name: string): string {
  const parsed = subdomainNameSchemaFor({ allowLookalike: isAdmin(subject) }).safeParse(name);
  if (!parsed.success) throw new AppError(parsed.error.issues[0]?.message as never, { status: 400 });
  return parsed.data;
}

async function nameTaken(db: Database, name: string, exceptId?: string) {
  let query = db.selectFrom("subdomain").select("id").where("name", "=", name);
  if (exceptId) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

const isDuplicate = (error: unknown) => (error as { code?: string }).code === "ER_DUP_ENTRY";
const taken = () => new AppError("subdomains.errors.nameTaken", { status: 409 });

export async function listSubdomains(db: Database, subject: PermissionSubject, config: SubdomainConfig): Promise<SubdomainView[]> {
  requirePermission(subject, "subdomainManagement");
  const subdomains = await db
    .selectFrom("subdomain")
    .select(["id", "name"])
    .where("accountId", "=", subject.accountId)
    .orderBy("name")
    .limit(200)
    .execute();
  const channels = subdomains.length
    ? await db
        .selectFrom("channel")
        .select(["id", "name", "subdomainId"])
        .where("accountId", "=", subject.accountId)
        .where("deletedAt", "is", null)
        .where(
          "subdomainId",
          "in",
          subdomains.map((subdomain) => subdomain.id),
        )
        .orderBy("name")
        .execute()
    : [];
  return subdomains.map((subdomain) => ({
    id: subdomain.id,
    name: subdomain.name,
    address: subdomainAddress(config.channelDomain, subdomain.name),
    channels: channels.filter((channel) => channel.subdomainId === subdomain.id).map(({ id, name }) => ({ id, name })),
  }));
}

export async function createSubdomain(db: Database, subject: PermissionSubject, name: string): Promise<string> {
  requirePermission(subject, "subdomainManagement");
  requireWriteAllowed(subject, { resource: "subdomain", targetIsDemo: false });
  const clean = parseName(subject, name);
  if (await nameTaken(db, clean)) throw taken();
  const id = createId();
  try {
    await db.insertInto("subdomain").values({ id, accountId: subject.accountId, name: clean }).execute();
  } catch (error) {
    if (isDuplicate(error)) throw taken();
    throw error;
  }
  return clean;
}

async function ownSubdomain(db: Database, subject: PermissionSubject, id: string) {
  requirePermission(subject, "subdomainManagement");
  const subdomain = await db
    .selectFrom("subdomain")
    .select(["id", "name"])
    .where("id", "=", id)
    .where("accountId", "=", subject.accountId)
    .executeTakeFirst();
  if (!subdomain) throw new SubdomainNotFound(id);
  return subdomain;
}

export async function renameSubdomain(db: Database, subject: PermissionSubject, id: string, name: string): Promise<string> {
  await ownSubdomain(db, subject, id);
  requireWriteAllowed(subject, { resource: "subdomain", targetIsDemo: false });
  const clean = parseName(subject, name);
  if (await nameTaken(db, clean, id)) throw taken();
  try {
    await db.updateTable("subdomain").set({ name: clean }).where("id", "=", id).execute();
  } catch (error) {
    if (isDuplicate(error)) throw taken();
    throw error;
  }
  return clean;
}

/** Deleting a subdomain keeps its channels (they stay at their own addresses). */
export async function deleteSubdomain(db: Database, subject: PermissionSubject, id: string) {
  await ownSubdomain(db, subject, id);
  requireWriteAllowed(subject, { resource: "subdomain", targetIsDemo: false });
  await retryTransaction(db, async (trx) => {
    await trx.updateTable("channel").set({ subdomainId: null }).where("subdomainId", "=", id).execute();
    await trx.deleteFrom("subdomain").where("id", "=", id).where("accountId", "=", subject.accountId).execute();
  });
}

/** Assigns (a channel sits on at most one subdomain: it moves) or unassigns the account's channels. */
export async function setSubdomainChannels(
  db: Database,
  subject: PermissionSubject,
  id: string,
  change: { channelIds: string[]; assign: boolean },
) {
  await ownSubdomain(db, subject, id);
  const ids = [...new Set(change.channelIds)].slice(0, 200);
  if (ids.length === 0) throw new AppError("subdomains.errors.noChannel", { status: 400 });
  await retryTransaction(db, async (trx) => {
    const channels = await trx
      .selectFrom("channel")
      .select(["id", "isDemo", "subdomainId"])
      .where("id", "in", ids)
      .where("accountId", "=", subject.accountId)
      .where("deletedAt", "is", null)
      .forUpdate()
      .execute();
    // Another account's channel (or a removed one) is unknown here.
    if (channels.length !== ids.length) throw new AppError("channel.errors.channelNoLongerAvailable", { status: 404 });
    for (const channel of channels) requireWriteAllowed(subject, { resource: "subdomain", targetIsDemo: channel.isDemo });
    if (change.assign) await trx.updateTable("channel").set({ subdomainId: id }).where("id", "in", ids).execute();
    else await trx.updateTable("channel").set({ subdomainId: null }).where("id", "in", ids).where("subdomainId", "=", id).execute();
  });
}

/** The channels the dialog can assign: the account's, by name. */
export async function assignableChannels(db: Database, subject: PermissionSubject) {
  requirePermission(subject, "subdomainManagement");
  return db
    .selectFrom("channel")
    .select(["id", "name", "subdomainId"])
    .where("accountId", "=", subject.accountId)
    .where("deletedAt", "is", null)
    .orderBy("name")
    .limit(500)
    .execute();
}
