/**
 * boot-data-worker.ts from source (`npm run dev`, tests), through tsx's API (Node 20 cannot give a
 * worker thread tsx's loader through execArgv). The build runs dist/server/boot-data-worker.js instead.
 */
import { tsImport } from "tsx/esm/api";

await tsImport("./boot-data-worker.ts", import.meta.url);
