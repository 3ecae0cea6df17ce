/** s3rver 3.7.1 ships no types; the part server/s3-local/s3-local.ts uses. */
declare module "s3rver" {
  import type { AddressInfo } from "node:net";
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      directory?: string;
      silent?: boolean;
      vhostBuckets?: boolean;
      resetOnClose?: boolean;
      configureBuckets?: { name: string }[];
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
