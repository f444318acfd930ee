/**
 * The JavaScript a first visit to / must download before the landing page renders: the entry
 * chunk, the landing route's chunk, and everything they import statically (read from Vite's
 * build manifest). Lazily loaded code (the menu drawer, toasts, other pages) is not counted.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { importedFiles, type ViteManifest } from "../src/server/lib/vite-manifest.ts";

export const LANDING_ROUTE = "src/client/routes/index.tsx?tsr-split=component";

export function initialJs(clientDir: string, routeKey = LANDING_ROUTE) {
  const manifest = JSON.parse(readFileSync(join(clientDir, ".vite/manifest.json"), "utf8")) as ViteManifest;
  const files = importedFiles(manifest, ["index.html", routeKey]).filter((file) => file.endsWith(".js"));
  const totals = { files, raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const data = readFileSync(join(clientDir, file));
    totals.raw += data.length;
    totals.gzip += gzipSync(data, { level: 9 }).length;
    totals.brotli += brotliCompressSync(data).length;
  }
  return totals;
}
