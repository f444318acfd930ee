/**
 * Where the reference data the product ships lives (db/seed/data: IANA files, price lists,
 * exchange rates): read by the seed and by the offline price source. The build copies the folder
 * to the same place relative to the server bundles (scripts/build-server.ts).
 */
import { fileURLToPath } from "node:url";

export const BUNDLED_DATA_DIR = fileURLToPath(new URL("./seed/data", import.meta.url));
