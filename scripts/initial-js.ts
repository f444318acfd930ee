/**
 * The JavaScript a first visit to / must download before the landing page renders: the entry
 * chunk, the landing route's chunk, and everything they import statically (read from Vite's
 * build manifest). Lazily loaded code (the menu drawer, toasts, other pages) is not counted.
 * Compressed sizes are those of the .gz/.br copies the build wrote (scripts/compress-assets.ts).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { importedFiles, type ViteManifest } from "../src/server/lib/vite-manifest.ts";

export const LANDING_ROUTE = "src/client/routes/index.tsx?tsr-split=component";

export function initialJs(clientDir: string, routeKey = LANDING_ROUTE) {
  const manifest = JSON.parse(readFileSync(join(clientDir, ".vite/manifest.json"), "utf8")) as ViteManifest;
  const files = importedFiles(manifest, ["index.html", routeKey]).filter((file) => file.endsWith(".js"));
  const totals = { files, raw: 0, gzip: 0, brotli: 0 };
  // compress-assets skips a copy that would not be smaller: then the file goes out as it is.
  const size = (path: string) => statSync(path).size;
  const sizeOf = (path: string, suffix: string) => (existsSync(path + suffix) ? size(path + suffix) : size(path));
  for (const file of files) {
    const path = join(clientDir, file);
    totals.raw += size(path);
    totals.gzip += sizeOf(path, ".gz");
    totals.brotli += sizeOf(path, ".br");
  }
  return totals;
}
