/**
 * Every public endpoint the OpenAPI document lists counts Bearer keys, so the README's promise
 * holds for each (a signed-in user's own settings, documented with the session scheme, take none).
 */
import { expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../../testing/auth.ts";
import { createTestApp, getJson, TEST_ORIGIN } from "../../testing/test-app.ts";

/** A real id for each path parameter: provider 1 and the .com TLD exist in the seeded data. */
const concrete = (path: string) => path.replace("/service-providers/{id}", "/service-providers/1").replace("/tlds/{id}", "/tlds/com").replace("/tld/{id}", "/tld/com");

forEachDialect("the documented endpoints and API keys", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });

  it("count a working key on every documented path and refuse a revoked one with 401", async () => {
    const doc = await getJson<{ paths: Record<string, { get?: { security?: unknown } }> }>(app(), "/api/openapi.json");
    const paths = Object.entries(doc.body.paths).filter(([, item]) => item.get && !item.get.security).map(([path]) => concrete(path));
    expect(paths).not.toContain("/api/notifications/watches");
    expect(paths).toContain("/api/currencies");
    const user = await registerUser(app());
    const call = authed(app(), user.cookie);
    const { body: key } = await call<{ id: number; key: string }>("/api/api-keys", { method: "POST", body: { name: "docs check", password: user.password } });
    const withKey = (path: string, secret: string) => app().request(`${TEST_ORIGIN}${path}`, { headers: { authorization: `Bearer ${secret}` } });
    for (const path of paths) {
      const res = await withKey(path, key.key);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("x-ratelimit-limit"), path).toBe("1000");
      expect(res.headers.get("cache-control") ?? "", path).not.toMatch(/^public/);
    }
    expect((await call(`/api/api-keys/${key.id}`, { method: "DELETE" })).status).toBeLessThan(300);
    for (const path of paths) expect((await withKey(path, key.key)).status, path).toBe(401);
  });
});
