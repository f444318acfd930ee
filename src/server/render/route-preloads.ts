/**
 * Page-specific preload hints for the client's index.html. The router only asks for a page's
 * code once the entry script has run, a second round trip before a deep link (/tld/com) can
 * paint; the server knows the path, so it names that page's chunks in the HTML it answers with.
 * Reads the build's .vite/manifest.json.
 */
import { importedFiles, type ViteManifest } from "./vite-manifest.ts";

const ROUTE_MODULE = /^src\/client\/routes\/(.+)\.tsx\?tsr-split=component$/;

/** TanStack Router's flat file names: `tld.$tldId` is /tld/:tldId, `admin.$` a splat, `index` the parent. */
export function routePattern(fileName: string): RegExp | null {
  if (fileName.startsWith("__")) return null;
  const segments = fileName.split(".").filter((s) => s !== "index");
  const parts = segments.map((s) => (s === "$" ? ".*" : s.startsWith("$") ? "[^/]+" : s.replace(/[^\w-]/g, "\\$&")));
  return new RegExp(`^/${parts.join("/")}/?$`);
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
    // The entry and what index.html lists are loading already.
    const files = importedFiles(manifest, [key], (chunk) => chunk.isEntry === true || listed.has(chunk.file));
    const tags = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    return [{ pattern, tags }];
  });
  return (path) => [...new Set(routes.filter((r) => r.pattern.test(path)).flatMap((r) => r.tags))].join("");
}

/** TanStack Router's flat file name as a route pattern for metrics: `tld.$tldId` is /tld/:tldId, `admin.$` /admin/*, `index` /. */
export function routeLabel(fileName: string): string {
  const segments = fileName.split(".").filter((s) => s !== "index");
  return `/${segments.map((s) => (s === "$" ? "*" : s.startsWith("$") ? `:${s.slice(1)}` : s)).join("/")}`;
}

/**
 * Returns a function from a request path to its page's route pattern (routeLabel), the most
 * specific route that matches (fixed segments before parameters, a splat last); undefined when
 * no route matches.
 */
export function createRouteLabels(manifest: ViteManifest): (path: string) => string | undefined {
  const routes = Object.keys(manifest).flatMap((key) => {
    const name = ROUTE_MODULE.exec(key)?.[1];
    const pattern = name ? routePattern(name) : null;
    return name && pattern ? [{ pattern, label: routeLabel(name) }] : [];
  });
  const rank = (label: string) => (label.includes("*") ? 2 : label.includes(":") ? 1 : 0);
  routes.sort((a, b) => rank(a.label) - rank(b.label));
  return (path) => routes.find((r) => r.pattern.test(path))?.label;
}
