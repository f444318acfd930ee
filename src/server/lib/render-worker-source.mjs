/**
 * The render pool's thread from source (`npm run dev`, tests): Node 20 cannot give a worker
 * thread tsx's loader through execArgv, so this plain module compiles render-worker.ts through
 * tsx's API and hands on its task function. The build runs dist/server/render-worker.js instead.
 */
import { tsImport } from "tsx/esm/api";

const worker = await tsImport("./render-worker.ts", import.meta.url);
export default worker.default;
