import { expect, it } from "vitest";
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { forEachDialect } from "../../db/testing/test-db.ts";
import { COLOR_MODE_SCRIPT } from "../shared/color-mode-script.ts";
import { createTestApp, getJson, TEST_ORIGIN } from "./testing/test-app.ts";

forEachDialect("HTTP surface", (getDb) => {
  it("answers unknown /api paths with a JSON 404", async () => {
    const { status, body } = await getJson(createTestApp(getDb()), "/api/nope");
    expect(status).toBe(404);
    expect(body).toEqual({ message: "Not found: GET /api/nope" });
  });

  it("serves the client for other unknown paths so it can show its own 404 page", async () => {
    const dir = mkdtempSync(join(tmpdir(), "client-"));
    writeFileSync(join(dir, "index.html"), "<!doctype html><div id=root></div>");
    const app = createTestApp(getDb(), { clientDir: dir });
    const res = await app.request(`${TEST_ORIGIN}/some/unknown/page`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain("<div id=root>");
    expect((await app.request(`${TEST_ORIGIN}/api/unknown`)).status).toBe(404);
  });

  it("hides internals on unexpected errors", async () => {
    const db = getDb();
    const broken = { ...db, orm: new Proxy(db.orm, { get: () => { throw new Error("secret connection string"); } }) };
    const { status, body } = await getJson(createTestApp(broken), "/api/stats");
    expect(status).toBe(500);
    expect(body).toEqual({ message: "Internal server error" });
  });

  it("sends security headers and a request id", async () => {
    const res = await createTestApp(getDb()).request(`${TEST_ORIGIN}/api/health`);
    expect(res.headers.get("x-request-id")).toMatch(/.+/);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    // Scripts: our own files, and index.html's one inline script by its hash (color-mode-script.ts).
    const hash = createHash("sha256").update(COLOR_MODE_SCRIPT).digest("base64");
    expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, "\\$&")}'(;|$)`));
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("gzips JSON over 1 KB for clients that accept it, and only for them", async () => {
    const app = createTestApp(getDb());
    // An answer the price cache does not serve (those arrive already encoded; see two-doors.test.ts).
    const url = `${TEST_ORIGIN}/trpc/providers.list`;
    const plain = await app.request(url);
    expect(plain.headers.get("content-encoding")).toBeNull();
    const plainBody = await plain.text();
    expect(plainBody.length).toBeGreaterThan(1024);
    const zipped = await app.request(url, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toContain("Accept-Encoding");
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(plainBody.length / 2);
    expect(gunzipSync(bytes).toString("utf8")).toBe(plainBody);
  });

  it("refuses state-changing requests from another origin", async () => {
    const app = createTestApp(getDb());
    const res = await app.request(`${TEST_ORIGIN}/api/anything`, { method: "POST", headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: "Cross-origin request refused" });
    const sameOrigin = await app.request(`${TEST_ORIGIN}/api/anything`, { method: "POST", headers: { origin: TEST_ORIGIN } });
    expect(sameOrigin.status).toBe(404);
  });
});
