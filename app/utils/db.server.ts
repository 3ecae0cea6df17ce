import { createDb } from "#db/client";
import { getEnv } from "./env.server.ts";
import { remember } from "./remember.server.ts";

/** The studio's and worker's one Kysely instance. */
export const db = remember("db", () => createDb(getEnv().DATABASE_URL));
