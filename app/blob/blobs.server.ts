import { getEnv } from "#app/utils/env.server";
import { remember } from "#app/utils/remember.server";
import { BlobStore } from "./blob-store.server.ts";

/** The process's blob store, rooted at DATA_DIR. */
export const blobs = remember("blobs", () => new BlobStore(getEnv().DATA_DIR));
