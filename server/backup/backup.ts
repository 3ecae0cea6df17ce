import { spawn } from "node:child_process";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { sql } from "kysely";
import type { BlobStore } from "#app/blob/blob-store.server";
import { copyBlobs } from "#app/blob/copy-blobs.server";
import { FolderBlobStore } from "#app/blob/folder-store.server";
import { databaseName, ensureDatabase } from "#db/admin";
import { createDb } from "#db/client";
import { migrateToLatest } from "#db/migrator";

/*
 * Backup and restore of an installation (issue 33 §5, ADR 0047): a consistent dump of the
 * database (mariadb-dump / mysqldump --single-transaction: one snapshot, no locks on InnoDB
 * tables) and every blob of the store (folder or bucket) copied into the backup's folder, in three
 * steps: the blobs, then the dump, then the blobs again (only what is new). Every file a row of the
 * dump names was there at the first copy or was written before the dump, so it is in the backup,
 * unless it was written and deleted again between the two copies; files deleted after the first
 * copy stay in the backup as orphans the clean-ups remove. Restore copies the blobs first (a copy
 * that stopped can be run again), then loads the dump into an empty database and migrates it (a
 * backup of an earlier release gets the current schema).
 */

export const BACKUP_FILES = { database: "database.sql.gz", blobs: "blobs", manifest: "manifest.json" } as const;

export type BackupManifest = {
  createdAt: string;
  database: string;
  blobs: { count: number; bytes: number; from: string };
};

/** The first of these client programs that exists (MariaDB's names first, then MySQL's). */
async function program(names: string[]): Promise<string> {
  for (const name of names) {
    const found = await new Promise<boolean>((resolve) => {
      const probe = spawn(name, ["--version"], { stdio: "ignore" });
      probe.on("error", () => resolve(false));
      probe.on("exit", (code) => resolve(code === 0));
    });
    if (found) return name;
  }
  throw new Error(`none of ${names.join(", ")} is installed (the MariaDB or MySQL client programs)`);
}

/**
 * Connection arguments of a mysql:// URL. The password goes into an option file only the owner
 * can read, named first (--defaults-extra-file), never onto the command line; removed afterwards.
 */
async function clientArgs(url: string): Promise<{ args: string[]; cleanup: () => Promise<void> }> {
  const parsed = new URL(url);
  const folder = await mkdtemp(path.join(os.tmpdir(), "epaper-db-client-"));
  const options = path.join(folder, "client.cnf");
  const password = decodeURIComponent(parsed.password).replace(/\\/g, "\\\\").replace(/"/g, '\\"');
  await writeFile(options, `[client]\npassword="${password}"\n`, { mode: 0o600 });
  return {
    args: [
      `--defaults-extra-file=${options}`,
      `--host=${parsed.hostname}`,
      `--port=${parsed.port || "3306"}`,
      `--user=${decodeURIComponent(parsed.username || "root")}`,
      "--default-character-set=utf8mb4",
    ],
    cleanup: () => rm(folder, { recursive: true, force: true }),
  };
}

function finished(child: ReturnType<typeof spawn>, what: string): Promise<void> {
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    // 'close', not 'exit': the whole of stderr has arrived by then.
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${what} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

export async function backup(options: { databaseUrl: string; blobs: BlobStore; folder: string; log?: (line: string) => void }) {
  const log = options.log ?? (() => {});
  await mkdir(options.folder, { recursive: true });
  if ((await readdir(options.folder)).length > 0) throw new Error(`${options.folder} is not empty: a backup goes into a new folder`);
  const dump = await program(["mariadb-dump", "mysqldump"]);
  const copy = new FolderBlobStore(path.join(options.folder, BACKUP_FILES.blobs));
  log(`copying the ${options.blobs.driver} store`);
  await copyBlobs(options.blobs, copy);
  log(`dumping database ${databaseName(options.databaseUrl)}`);
  const client = await clientArgs(options.databaseUrl);
  try {
    const child = spawn(
      dump,
      [...client.args, "--single-transaction", "--quick", "--routines", "--triggers", "--hex-blob", databaseName(options.databaseUrl)],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    await Promise.all([
      finished(child, dump),
      pipeline(child.stdout as NodeJS.ReadableStream, createGzip(), createWriteStream(path.join(options.folder, BACKUP_FILES.database))),
    ]);
  } finally {
    await client.cleanup();
  }
  log("copying what was written meanwhile");
  const copied = await copyBlobs(options.blobs, copy);
  const manifest: BackupManifest = {
    createdAt: new Date().toISOString(),
    database: databaseName(options.databaseUrl),
    blobs: { count: copied.copied + copied.skipped, bytes: copied.bytes, from: options.blobs.driver },
  };
  await writeFile(path.join(options.folder, BACKUP_FILES.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function restore(options: { databaseUrl: string; blobs: BlobStore; folder: string; log?: (line: string) => void }) {
  const log = options.log ?? (() => {});
  const manifest = JSON.parse(await readFile(path.join(options.folder, BACKUP_FILES.manifest), "utf8")) as BackupManifest;
  await ensureDatabase(options.databaseUrl);
  const db = createDb(options.databaseUrl, { connectionLimit: 1 });
  try {
    const { rows } = await sql<{
      count: number;
    }>`SELECT COUNT(*) AS count FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()`.execute(db);
    if (Number(rows[0]?.count ?? 0) > 0)
      throw new Error(`database ${databaseName(options.databaseUrl)} is not empty: restore into a new, empty database`);
    // Files first: a copy that stopped is simply run again (the database is still empty then).
    log(`copying ${manifest.blobs.count} files into the ${options.blobs.driver} store`);
    await options.blobs.ready();
    const copied = await copyBlobs(new FolderBlobStore(path.join(options.folder, BACKUP_FILES.blobs)), options.blobs);
    const loader = await program(["mariadb", "mysql"]);
    log(`loading the database of ${manifest.createdAt}`);
    const client = await clientArgs(options.databaseUrl);
    try {
      const child = spawn(loader, [...client.args, databaseName(options.databaseUrl)], { stdio: ["pipe", "ignore", "pipe"] });
      await Promise.all([
        finished(child, loader),
        pipeline(createReadStream(path.join(options.folder, BACKUP_FILES.database)), createGunzip(), child.stdin as NodeJS.WritableStream),
      ]);
    } finally {
      await client.cleanup();
    }
    await migrateToLatest(db);
    return { manifest, blobs: copied.copied + copied.skipped };
  } finally {
    await db.destroy();
  }
}
