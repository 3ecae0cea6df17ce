/**
 * `npm run restore -- <folder>`: loads a backup (npm run backup) into the database DATABASE_URL
 * names, which must be empty or missing, and into the blob store, then migrates it to this
 * release's schema (ADR 0047; README 'Operators'). Start the studio and worker afterwards.
 */
import { createBlobStore } from "#app/blob/blobs.server";
import { getEnv } from "#app/utils/env.server";
import { restore } from "#server/backup/backup";
import { runCli } from "./run-cli.ts";

await runCli(async () => {
  const folder = process.argv[2];
  if (!folder) throw new Error("usage: npm run restore -- <backup folder>");
  const env = getEnv();
  const restored = await restore({ databaseUrl: env.DATABASE_URL, blobs: createBlobStore(env), folder, log: (line) => console.log(line) });
  console.log(`restored the backup of ${restored.manifest.createdAt}: database and ${restored.blobs} files`);
});
