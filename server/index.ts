/**
 * The studio's entry (`npm start` runs it through run-all; `tsx server/index.ts` alone): one
 * studio process (server/studio.ts: the app and its content origin), or with WEB_CONCURRENCY > 1
 * a primary that runs that many of them on the same ports, one per core (server/cluster.ts,
 * ADR 0054). Studio processes keep no state of their own (issue 28), so any of them answers any
 * request.
 */
import cluster from "node:cluster";
import { getEnv } from "#app/utils/env.server";

const processes = getEnv().WEB_CONCURRENCY;
if (cluster.isPrimary && processes > 1) (await import("./cluster.ts")).runStudioProcesses(processes);
else await import("./studio.ts");
