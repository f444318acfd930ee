/**
 * The render pool's thread from source (`npm run dev`, tests): Node 20 cannot give a worker
 * thread tsx's loader through execArgv, so this plain module loads render-worker.ts through
 * tsx's API, which starts serving the pool's tasks. The build runs dist/server/render-worker.js instead.
 */
import { tsImport } from "tsx/esm/api";

await tsImport("./render-worker.ts", import.meta.url);
