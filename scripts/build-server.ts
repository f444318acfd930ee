/**
 * The server as plain JavaScript for `npm start`: every entry of scripts/lib/server-bundle.ts
 * bundled into dist/server.
 *
 *   tsx scripts/build-server.ts
 */
import { join } from "node:path";
import { bundleServer, SERVER_ENTRIES, type ServerEntry } from "./lib/server-bundle.ts";

const root = process.cwd();
const outdir = join(root, "dist/server");
await bundleServer(root, outdir, Object.keys(SERVER_ENTRIES) as ServerEntry[]);
console.log(`server built into ${outdir}`);
