/**
 * Several end-to-end runs can share one machine (two engineers, or a run beside CI): E2E_SLOT
 * (default 0) gives each run its own ports, database, Redis database, data folder and mail
 * folder. tests/e2e/serve.sh derives the same values from the same variable.
 */
export const E2E_SLOT = Number(process.env.E2E_SLOT ?? 0);
if (!Number.isInteger(E2E_SLOT) || E2E_SLOT < 0 || E2E_SLOT > 2) throw new Error("E2E_SLOT must be 0, 1 or 2");

export const E2E_PORT = 3100 + E2E_SLOT * 10;
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/**
 * Redis databases 14, 13, 9. The others belong to the Vitest suites, one each, because a suite with
 * render nodes empties its database and lists its nodes there (8 became render-fonts' when it
 * shared 7 with the upload suite, whose studio then met the other suite's node: a CI flake).
 */
export const E2E_REDIS_URL = `redis://127.0.0.1:6379/${[14, 13, 9][E2E_SLOT]}`;
export const E2E_DATABASE_URL = `mysql://root@127.0.0.1:3306/epaper_e2e${E2E_SLOT === 0 ? "" : `_${E2E_SLOT}`}`;
export const E2E_DATA_DIR = `data/e2e${E2E_SLOT === 0 ? "" : `-${E2E_SLOT}`}`;
export const E2E_LANDING_URL = `${E2E_BASE_URL}/landing`;
/** tests/e2e/serve.sh's web site "outside" the studio (an external page with an Open Graph image). */
export const E2E_OUTSIDE_URL = `http://127.0.0.1:${E2E_PORT + 6}`;
/** tests/e2e/webhooks.test.ts's local receiver, which serve.sh lets the worker reach. */
export const E2E_WEBHOOK_RECEIVER_PORT = E2E_PORT + 8;
/**
 * tests/e2e/api-journey.test.ts's outside program: a server of its own that serves a PDF to import
 * and receives the webhooks, which serve.sh lets the studio reach.
 */
export const E2E_API_CLIENT_PORT = E2E_PORT + 9;
