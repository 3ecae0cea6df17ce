import { TEST_DATABASE_URL, TEST_REDIS_URL } from "./test-env.ts";

// Set before any app module reads its configuration.
process.env.NODE_ENV = "test";
process.env.DATABASE_URL = TEST_DATABASE_URL;
process.env.REDIS_URL = TEST_REDIS_URL;
// Tests write preferences, news and languages behind the app's back: no reference memory (ADR 0054).
process.env.REFERENCE_CACHE_MS = "0";
