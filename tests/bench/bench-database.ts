import { hashPassword } from "#app/auth/password.server";
import { ensureDatabase } from "#db/admin";
import { createDb } from "#db/client";
import { migrateToLatest } from "#db/migrator";
import { seed } from "#db/seed";

/** The benchmarks' own database and Redis (never the development or test ones). */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/epaper_bench";
export const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/10";

/** Creates, migrates and seeds the benchmark database (idempotent). */
export async function prepareBenchDatabase() {
  await ensureDatabase(BENCH_DATABASE_URL);
  const db = createDb(BENCH_DATABASE_URL, { connectionLimit: 1 });
  await migrateToLatest(db);
  await seed(db, { studioUrl: "http://localhost:3000", hashPassword });
  await db.destroy();
}
