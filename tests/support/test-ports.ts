/**
 * The fixed ports of the integration test files, which Vitest runs side by side: kept in one
 * place so that no two files collide (publish and upload once both took one port and failed each
 * other at random). A render node also listens on its admin port, port + 1000
 * (render-node/src/env.ts): leave those free too. All lie below Linux's ephemeral range
 * (32768–60999, /proc/sys/net/ipv4/ip_local_port_range): the suite's own client connections
 * take their source ports from it, and a listener on such a port failed at random with
 * EADDRINUSE (one full run lost fault-recovery on 50482 and stateless-instances on 50462).
 */
export const TEST_PORTS = {
  renderFarmNodeA: 25261,
  renderFarmNodeB: 25262,
  renderCorpusNode: 25271,
  renderFontsNode: 25331,
  publishNode: 25281,
  uploadNode: 25291,
  uploadWorker: 25293,
  /** tests/security/running-studio.test.ts: a studio (and its content origin, port + 1) in each mode, and a worker. */
  securityStudioDev: 25301,
  securityStudioProd: 25311,
  securityWorker: 25321,
  /** tests/security/authz-matrix.test.ts: a production studio (content origin on port + 1) and a worker. */
  authzStudio: 25341,
  authzWorker: 25351,
  /** tests/integration/page-operations.test.ts: two render nodes. */
  pageOpsNodeA: 25391,
  pageOpsNodeB: 25392,
  /** tests/integration/channel.test.ts: one render node. */
  channelNode: 25401,
  /** tests/setup/global-setup.ts: the suite's local S3-compatible server (ADR 0045). */
  s3: 25421,
  /** tests/integration/stateless-instances.test.ts: two studios (content origins on port + 1), two workers, two render nodes. */
  statelessStudioA: 25431,
  statelessStudioB: 25441,
  statelessWorkerA: 25451,
  statelessWorkerB: 25452,
  statelessNodeA: 25461,
  statelessNodeB: 25462,
  /** tests/integration/fault-recovery.test.ts: its own Redis, a proxy in front of MariaDB, a studio (content origin on port + 1), a worker, a render node, an SMTP server. */
  faultRedis: 25471,
  faultDbProxy: 25472,
  faultStudio: 25481,
  faultWorker: 25491,
  faultNode: 25495,
  faultSmtp: 25497,
  /** tests/integration/studio-cluster.test.ts: a studio of two processes (content origin on port + 1). */
  clusterStudio: 25501,
} as const;
