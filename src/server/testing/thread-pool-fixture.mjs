// Loads thread-pool-fixture.ts in a worker thread through tsx's API (as render/render-worker-source.mjs does).
import { tsImport } from "tsx/esm/api";

await tsImport("./thread-pool-fixture.ts", import.meta.url);
