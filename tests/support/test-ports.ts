/**
 * The fixed ports of the integration test files, which Vitest runs side by side: kept in one
 * place so that no two files collide (publish and upload once both took 50291 and failed each
 * other at random). A render node also listens on its admin port, port + 1000
 * (render-node/src/env.ts): leave those free too.
 */
export const TEST_PORTS = {
  renderFarmNodeA: 50261,
  renderFarmNodeB: 50262,
  renderCorpusNode: 50271,
  renderFontsNode: 50331,
  publishNode: 50281,
  uploadNode: 50291,
  uploadWorker: 50293,
  /** tests/security/running-studio.test.ts: a studio (and its content origin, port + 1) in each mode, and a worker. */
  securityStudioDev: 50301,
  securityStudioProd: 50311,
  securityWorker: 50321,
  /** tests/security/authz-matrix.test.ts: a production studio (content origin on port + 1) and a worker. */
  authzStudio: 50341,
  authzWorker: 50351,
  /** tests/integration/page-operations.test.ts: two render nodes. */
  pageOpsNodeA: 50391,
  pageOpsNodeB: 50392,
  /** tests/integration/channel.test.ts: one render node. */
  channelNode: 50401,
  /** tests/setup/global-setup.ts: the suite's local S3-compatible server (ADR 0045). */
  s3: 50421,
  /** tests/integration/stateless-instances.test.ts: two studios (content origins on port + 1), two workers, two render nodes. */
  statelessStudioA: 50431,
  statelessStudioB: 50441,
  statelessWorkerA: 50451,
  statelessWorkerB: 50452,
  statelessNodeA: 50461,
  statelessNodeB: 50462,
  /** tests/integration/fault-recovery.test.ts: its own Redis, a proxy in front of MariaDB, a studio (content origin on port + 1), a worker, a render node, an SMTP server. */
  faultRedis: 50471,
  faultDbProxy: 50472,
  faultStudio: 50481,
  faultWorker: 50491,
  faultNode: 50495,
  faultSmtp: 50497,
  /** tests/integration/studio-cluster.test.ts: a studio of two processes (content origin on port + 1). */
  clusterStudio: 50501,
} as const;
