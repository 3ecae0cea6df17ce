import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { AggregatorRegistry, type Registry } from "prom-client";
import { studioNodeFlags } from "./studio-node-flags.ts";

/*
 * Several studio processes on one machine (WEB_CONCURRENCY; ADR 0054): Node's cluster module
 * shares the studio's and the content origin's ports between them, the primary only keeps them
 * running and answers for their metrics together.
 */

const METRICS_ASK = "epaper:cluster-metrics-ask";
const METRICS_ANSWER = "epaper:cluster-metrics-answer";

type Ask = { type: typeof METRICS_ASK; id: string };
type Answer = { type: typeof METRICS_ANSWER; id: string; text?: string; error?: string };

/** The primary: `count` studio processes, another one for each that ends unasked, all stopped on SIGINT/SIGTERM. */
export function runStudioProcesses(count: number) {
  let stopping = false;
  const aggregator = new AggregatorRegistry();
  cluster.setupPrimary({ execArgv: [...process.execArgv, ...studioNodeFlags()] });
  for (let index = 0; index < count; index++) cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (!stopping) {
      console.error(`studio process ${worker.process.pid} ended (${signal ?? code}); starting another`);
      cluster.fork();
    } else if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  });
  // GET /metrics of any studio process: the sums over all of them (prom-client's aggregation).
  cluster.on("message", (worker, message: Ask) => {
    if (message?.type !== METRICS_ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: METRICS_ANSWER, id: message.id, text } satisfies Answer),
      (error: unknown) => worker.send({ type: METRICS_ANSWER, id: message.id, error: String(error) } satisfies Answer),
    );
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
      // As each process's own shutdown (server/shutdown.ts): a stuck one must not keep the machine.
      setTimeout(() => process.exit(1), 20_000).unref();
    });
  console.log(`studio primary ${process.pid}: ${count} studio processes`);
}

/** In a studio process of a cluster: its metrics go to the primary's aggregation. */
export function shareMetrics(registry: Registry) {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one installs prom-client's answer to the primary's requests.
  new AggregatorRegistry();
}

/** In a studio process of a cluster: every process's metrics, summed by the primary. */
export function clusterMetrics(timeoutMs = 5_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const id = randomUUID();
    const onMessage = (message: Answer) => {
      if (message?.type !== METRICS_ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      if (message.text !== undefined) resolve(message.text);
      else reject(new Error(message.error ?? "no metrics"));
    };
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("the primary did not answer for the metrics"));
    }, timeoutMs);
    process.on("message", onMessage);
    process.send?.({ type: METRICS_ASK, id } satisfies Ask);
  });
}
