import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, it } from "vitest";
import { forEachDialect } from "../../db/testing/test-db.ts";
import { addProvidersQuoting } from "./testing/many-providers.ts";
import { TEST_ORIGIN, createTestApp, getJson } from "./testing/test-app.ts";

/** Every public page's HTML stays small enough to arrive and parse quickly on a phone. */
const MAX_PAGE_BYTES = 150 * 1024;

function clientDirWithIndex(): string {
  const dir = mkdtempSync(join(tmpdir(), "page-size-client-"));
  writeFileSync(join(dir, "index.html"), readFileSync(resolve(import.meta.dirname, "../../index.html"), "utf8"));
  return dir;
}

const INFORMATIONAL = [
  "/help", "/documentation", "/api-access", "/contact", "/privacy", "/terms", "/cookies",
  "/service-providers", "/registry-operators", "/registry-coverage", "/icann-accredited-registrars", "/registrars",
];

forEachDialect("public page sizes", (getDb) => {
  it("keeps every public page kind, rendered from the seed data, at most 150 KB of HTML", async () => {
    const app = createTestApp(getDb(), { clientDir: clientDirWithIndex() });
    // The first request loads the renderer; one that outlasts the render time limit gets the shell.
    for (let attempt = 0; attempt < 10; attempt++) {
      if ((await (await app.request(`${TEST_ORIGIN}/help`)).text()).includes('id="ssr-state"')) break;
    }
    const { body: providers } = await getJson<Array<{ id: number }>>(app, "/api/service-providers");
    // The registrar with the longest price list is the largest registrar page.
    const counts = await Promise.all(providers.map(async (p) => ({
      id: p.id, rows: (await getJson<unknown[]>(app, `/api/service-providers/${p.id}/domain-prices`)).body.length,
    })));
    const biggest = counts.sort((a, b) => b.rows - a.rows)[0]!;
    expect(biggest.rows).toBeGreaterThan(1000);
    const paths = ["/", "/tlds", "/tlds?sortBy=tldName&sortOrder=desc", "/tld/com", `/registrar/${biggest.id}`, ...INFORMATIONAL];
    const sizes: Record<string, number> = {};
    for (const path of paths) {
      const res = await app.request(`${TEST_ORIGIN}${path}`);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      // Rendered, not the plain shell: the page's own state is in it.
      expect(html, path).toContain('id="ssr-state"');
      sizes[path] = Buffer.byteLength(html);
    }
    const over = Object.entries(sizes).filter(([, bytes]) => bytes > MAX_PAGE_BYTES);
    expect(over, JSON.stringify(sizes)).toEqual([]);
  }, 120_000);

  it("keeps a TLD page at most 150 KB when ten times today's providers quote it, each with earlier prices", async () => {
    const handle = getDb();
    // BENCH_SCALE=10's catalogue: 60 providers quote every priced name, with three earlier prices each.
    await addProvidersQuoting(handle, "com", 60, { historyPerQuote: 3, prefix: "scaled" });
    const app = createTestApp(handle, { clientDir: clientDirWithIndex() });
    const { body: quotes } = await getJson<unknown[]>(app, "/api/domain-prices/tld/com");
    expect(quotes.length).toBeGreaterThan(60);
    let html = "";
    for (let attempt = 0; attempt < 10 && !html.includes('id="ssr-state"'); attempt++) {
      const res = await app.request(`${TEST_ORIGIN}/tld/com`);
      expect(res.status).toBe(200);
      html = await res.text();
    }
    expect(html).toContain('id="ssr-state"');
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(MAX_PAGE_BYTES);
    // The first page of providers is in it, and the count of all of them.
    expect(html).toContain("scaled Provider 0");
    expect(html).toContain(`Showing 25 of ${quotes.length} providers`);
  }, 120_000);
});
