import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { loadConfig } from "../../config.ts";
import { createTestApp } from "../../testing/test-app.ts";

const PUBLIC = "https://domains.example.com";
const FORGED = "evil.example";

function clientDirWithIndex(): string {
  const dir = mkdtempSync(join(tmpdir(), "origin-client-"));
  writeFileSync(join(dir, "index.html"), readFileSync(resolve(import.meta.dirname, "../../../../index.html"), "utf8"));
  return dir;
}

describe("APP_URL in production", () => {
  it("is required at boot, with a message saying why", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrowError(/APP_URL: required in production.*never from the request's Host header/);
    expect(loadConfig({ NODE_ENV: "production", APP_URL: PUBLIC }).APP_URL).toBe(PUBLIC);
    expect(loadConfig({ NODE_ENV: "development" }).APP_URL).toBeUndefined();
  });
});

forEachDialect("absolute links and the Host header", (getDb) => {
  // The request names the forged host both in its URL and in its Host header.
  const get = async (app: ReturnType<typeof createTestApp>, path: string) => {
    const res = await app.request(`http://${FORGED}${path}`, { headers: { host: FORGED, "x-forwarded-host": FORGED } });
    return { status: res.status, text: await res.text() };
  };

  it("with APP_URL set, a forged Host never reaches the sitemap, robots.txt, the OpenAPI servers or canonical links", async () => {
    const app = createTestApp(getDb(), { env: { APP_URL: PUBLIC }, clientDir: clientDirWithIndex() });
    const sitemap = await get(app, "/sitemap.xml");
    expect(sitemap.status).toBe(200);
    expect(sitemap.text).toContain(`<loc>${PUBLIC}/tld/com</loc>`);
    const robots = await get(app, "/robots.txt");
    expect(robots.text).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
    const openapi = await get(app, "/api/openapi.json");
    expect((JSON.parse(openapi.text) as { servers: { url: string }[] }).servers).toEqual([{ url: PUBLIC }]);
    const reference = await get(app, "/api/reference");
    const page = await get(app, "/tld/com");
    expect(page.text).toContain(`<link rel="canonical" href="${PUBLIC}/tld/com" />`);
    for (const answer of [sitemap, robots, openapi, reference, page]) expect(answer.text).not.toContain(FORGED);
  }, 60_000);

  it("in development without APP_URL, links use the request's own origin", async () => {
    const app = createTestApp(getDb(), { env: { NODE_ENV: "development" } });
    expect((await get(app, "/robots.txt")).text).toContain(`Sitemap: http://${FORGED}/sitemap.xml`);
  });
});
