/**
 * Page-specific preload hints for the client's index.html. The router only asks for a page's
 * code once the entry script has run, a second round trip before a deep link (/tld/com) can
 * paint; the server knows the path, so it names that page's chunks in the HTML it answers with.
 * Reads the build's .vite/manifest.json (vite.config.ts turns it on).
 */

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

const ROUTE_MODULE = /^src\/client\/routes\/(.+)\.tsx\?tsr-split=component$/;

/** TanStack Router's flat file names: `tld.$tldId` is /tld/:tldId, `admin.$` a splat, `index` the parent. */
export function routePattern(fileName: string): RegExp | null {
  if (fileName.startsWith("__")) return null;
  const segments = fileName.split(".").filter((s) => s !== "index");
  const parts = segments.map((s) => (s === "$" ? ".*" : s.startsWith("$") ? "[^/]+" : s.replace(/[^\w-]/g, "\\$&")));
  return new RegExp(`^/${parts.join("/")}/?$`);
}

/** Every chunk a module needs, its own first, minus the entry and what index.html already lists. */
function chunkFiles(manifest: ViteManifest, key: string, skip: Set<string>): string[] {
  const files: string[] = [];
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || chunk.isEntry || skip.has(chunk.file) || files.includes(chunk.file)) return;
    files.push(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(key);
  return files;
}

/**
 * Returns a function from a request path to the `<link rel="modulepreload">` tags for that page
 * (empty when no route matches), given the manifest and the built index.html.
 */
export function createRoutePreloads(manifest: ViteManifest, indexHtml: string): (path: string) => string {
  const listed = new Set([...indexHtml.matchAll(/href="\/([^"]+\.js)"/g)].map((m) => m[1] ?? ""));
  const routes = Object.keys(manifest).flatMap((key) => {
    const name = ROUTE_MODULE.exec(key)?.[1];
    const pattern = name ? routePattern(name) : null;
    if (!pattern) return [];
    const tags = chunkFiles(manifest, key, listed).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    return [{ pattern, tags }];
  });
  const byPath = new Map<string, string>();
  return (path) => {
    const cached = byPath.get(path);
    if (cached !== undefined) return cached;
    const tags = [...new Set(routes.filter((r) => r.pattern.test(path)).flatMap((r) => r.tags))].join("");
    if (byPath.size < 1000) byPath.set(path, tags);
    return tags;
  };
}
