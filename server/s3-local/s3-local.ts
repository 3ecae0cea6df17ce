import type { AddressInfo } from "node:net";
import S3rver from "s3rver";

/**
 * A local S3-compatible server for tests and development (ADR 0045): s3rver over a folder, the
 * only S3 server installable here from npm or Debian. It speaks the protocol our driver uses
 * (put, ranged get, head, ListObjectsV2 with delimiters, multipart, presigned GET, DeleteObjects)
 * but does not check signatures as S3 does: never a proof that a forged URL is refused, and
 * never for production (docker-compose runs MinIO; operators bring their own store).
 */
export type LocalS3 = { endpoint: string; accessKeyId: string; secretAccessKey: string; close(): Promise<void> };

/** s3rver's one known key pair. */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

export async function startLocalS3(options: { port: number; directory: string; host?: string }): Promise<LocalS3> {
  const server = new S3rver({
    address: options.host ?? "127.0.0.1",
    port: options.port,
    directory: options.directory,
    silent: true,
    // Path-style only: bucket names never become host names on 127.0.0.1.
    vhostBuckets: false,
  });
  const address = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://${options.host ?? "127.0.0.1"}:${address.port}`,
    ...LOCAL_S3_CREDENTIALS,
    close: () => server.close(),
  };
}
