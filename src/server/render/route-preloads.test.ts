import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDb } from "../../../db/client.ts";
import { createTestApp, TEST_ORIGIN } from "../testing/test-app.ts";
import { createRoutePreloads, routePattern } from "./route-preloads.ts";
import type { ViteManifest } from "./vite-manifest.ts";

const manifest: ViteManifest = {
  "index.html": { file: "assets/index-E.js", isEntry: true },
  "_ui-U.js": { file: "assets/ui-U.js", imports: ["index.html"] },
  "_shared-S.js": { file: "assets/shared-S.js", imports: ["_ui-U.js", "index.html"] },
  "_redirect-R.js": { file: "assets/redirect-R.js", imports: ["index.html"] },
  "src/client/routes/index.tsx?tsr-split=component": { file: "assets/routes-L.js", imports: ["index.html", "_ui-U.js", "_shared-S.js"] },
  "src/client/routes/tld.$tldId.tsx?tsr-split=component": { file: "assets/tld-T.js", imports: ["_shared-S.js", "_redirect-R.js"] },
  "src/client/routes/tlds.tsx?tsr-split=component": { file: "assets/tlds-X.js", imports: ["_shared-S.js"] },
  "src/client/routes/admin.$.tsx?tsr-split=component": { file: "assets/admin-any-A.js" },
  "src/client/components/ui/toaster-view.tsx": { file: "assets/toaster-Z.js" },
};
const indexHtml = `<html><head><script type="module" src="/assets/index-E.js"></script>
<link rel="modulepreload" crossorigin="" href="/assets/ui-U.js"><link rel="modulepreload" crossorigin="" href="/assets/shared-S.js"></head><body></body></html>`;

describe("route preloads", () => {
  it("reads TanStack Router's flat file names as paths", () => {
    expect(routePattern("index")?.test("/")).toBe(true);
    expect(routePattern("tld.$tldId")?.test("/tld/com")).toBe(true);
    expect(routePattern("tld.$tldId")?.test("/tld/com/extra")).toBe(false);
    expect(routePattern("tlds")?.test("/tlds")).toBe(true);
    expect(routePattern("tlds")?.test("/tldsx")).toBe(false);
    expect(routePattern("admin.$")?.test("/admin/settings/x")).toBe(true);
    expect(routePattern("__root")).toBeNull();
  });

  it("names a page's own chunk and its imports, never the entry or what index.html lists", () => {
    const preloads = createRoutePreloads(manifest, indexHtml);
    expect(preloads("/tld/com")).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/tld-T.js"><link rel="modulepreload" crossorigin href="/assets/redirect-R.js">',
    );
    expect(preloads("/")).toBe('<link rel="modulepreload" crossorigin href="/assets/routes-L.js">');
    expect(preloads("/no/such/page")).toBe("");
  });

  it("puts them into the index.html the server answers with, and keeps the manifest private", async () => {
    const dir = mkdtempSync(join(tmpdir(), "client-"));
    mkdirSync(join(dir, ".vite"));
    writeFileSync(join(dir, "index.html"), indexHtml);
    writeFileSync(join(dir, ".vite", "manifest.json"), JSON.stringify(manifest));
    const db = openDb({ sqlitePath: ":memory:" });
    await db.migrate();
    try {
      const app = createTestApp(db, { clientDir: dir });
      const page = await (await app.request(`${TEST_ORIGIN}/tld/com`)).text();
      expect(page).toContain('href="/assets/tld-T.js"><link rel="modulepreload" crossorigin href="/assets/redirect-R.js"></head>');
      expect(page).not.toContain("routes-L.js");
      const landing = await (await app.request(`${TEST_ORIGIN}/`)).text();
      expect(landing).toContain('href="/assets/routes-L.js"></head>');
      const manifestAnswer = await app.request(`${TEST_ORIGIN}/.vite/manifest.json`);
      expect(manifestAnswer.status).toBe(404);
    } finally {
      await db.close();
    }
  });
});
