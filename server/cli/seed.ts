/** `npm run db:seed`: reference data and the demo account; safe to run any number of times. */
import { createDb } from "#db/client";
import { seed } from "#db/seed";
import { getEnv } from "#app/utils/env.server";
import { hashPassword } from "#app/auth/password.server";
import { demoAdminCredentials } from "#server/demo-admin";
import { runCli } from "./run-cli.ts";

await runCli(async () => {
  const env = getEnv();
  const db = createDb(env.DATABASE_URL, { connectionLimit: 1 });
  try {
    const demoAdmin = demoAdminCredentials(env);
    const report = await seed(db, { studioUrl: env.PUBLIC_URL, demoAdmin, hashPassword });
    console.log("reference data is up to date");
    if (report.demoAdmin === "created") console.log(`demo admin created: ${demoAdmin?.email}`);
    if (report.demoAdmin === "skipped")
      console.log("no demo admin: set DEMO_ADMIN_PASSWORD to create one (production has no default password)");
  } finally {
    await db.destroy();
  }
});
