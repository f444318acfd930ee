/**
 * The JavaScript a first visit to / must download before the landing page renders: the entry
 * chunk, the landing route's chunk, and everything they import statically (read from Vite's
 * build manifest). Lazily loaded code (the menu drawer, toasts, other pages) is not counted.
 * Compressed sizes are those of the .gz/.br copies the build wrote (scripts/compress-assets.ts).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { routePattern } from "../src/server/render/route-preloads.ts";
import { importedFiles, type ViteManifest } from "../src/server/render/vite-manifest.ts";

export const LANDING_ROUTE = "src/client/routes/index.tsx?tsr-split=component";

const readManifest = (clientDir: string) => JSON.parse(readFileSync(join(clientDir, ".vite/manifest.json"), "utf8")) as ViteManifest;

/** The manifest key of the route chunk that renders `path` (the landing's when none matches). */
export function routeKeyFor(clientDir: string, path: string): string {
  const key = Object.keys(readManifest(clientDir)).find((k) => {
    const name = /^src\/client\/routes\/(.+)\.tsx\?tsr-split=component$/.exec(k)?.[1];
    return name !== undefined && routePattern(name)?.test(path) === true;
  });
  return key ?? LANDING_ROUTE;
}

export function initialJs(clientDir: string, routeKey = LANDING_ROUTE) {
  const manifest = readManifest(clientDir);
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
