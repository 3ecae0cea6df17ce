/**
 * `npm run backup -- <folder>`: a consistent dump of the database and every file of the blob
 * store (DATA_DIR or the bucket) into a new folder (ADR 0047; README 'Operators'). Runs while the
 * studio runs.
 */
import { createBlobStore } from "#app/blob/blobs.server";
import { getEnv } from "#app/utils/env.server";
import { backup } from "#server/backup/backup";
import { runCli } from "./run-cli.ts";

await runCli(async () => {
  const folder = process.argv[2] ?? `backups/${new Date().toISOString().replace(/[:.]/g, "-")}`;
  const env = getEnv();
  const blobs = createBlobStore(env);
  await blobs.ready();
  const manifest = await backup({ databaseUrl: env.DATABASE_URL, blobs, folder, log: (line) => console.log(line) });
  console.log(
    `backup in ${folder}: database ${manifest.database}, ${manifest.blobs.count} files (${(manifest.blobs.bytes / 1e6).toFixed(1)} MB copied)`,
  );
});
