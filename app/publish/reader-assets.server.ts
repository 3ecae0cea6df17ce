import path from "node:path";
import { fileURLToPath } from "node:url";

/** Where `npm run build` leaves the reader (publisher/dist/reader), from this file in app/ or build/. */
export const READER_ASSETS_DIR =
  process.env.READER_ASSETS_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../publisher/dist/reader");
