import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openDb } from "../../../../db/client.ts";
import { createTestDb, forEachDialect } from "../../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, registerUser, type TestUser } from "../../testing/auth.ts";
import { createTestApp, getJson, TEST_ORIGIN } from "../../testing/test-app.ts";
import { countApiKeyRequest, currentBucket } from "./rate-limit.ts";

type App = ReturnType<typeof createTestApp>;
const sha256Hex = (s: string) => createHash("sha256").update(s).digest("hex");

async function createKey(app: App, user: TestUser, name = "my script") {
  const res = await app.request(`${TEST_ORIGIN}/api/api-keys`, {
    method: "POST",
    headers: { cookie: user.cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
    body: JSON.stringify({ name, password: user.password }),
  });
  return { res, body: (await res.json()) as { id: number; name: string; key: string; createdAt: string } };
}

const withKey = async (app: App, path: string, key: string, headers: Record<string, string> = {}): Promise<Response> =>
  app.request(`${TEST_ORIGIN}${path}`, { headers: { authorization: `Bearer ${key}`, ...headers } });

forEachDialect("API keys", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });

  it("creates a key shown once, stores only its hash and lists keys without secrets", async () => {
    const user = await registerUser(app());
    const { res, body } = await createKey(app(), user, "  Nightly report  ");
    expect(res.status).toBe(201);
    expect(body).toEqual({ id: expect.any(Number), name: "Nightly report", key: expect.stringMatching(/^tlds_[a-z2-7]{39}$/), scope: "read", createdAt: expect.any(String) });
    const { orm: db, t } = getDb();
    const rows = await db.select().from(t.apiKeys);
    const row = rows.find((r) => r.id === body.id)!;
    expect(row.keyHash).toBe(sha256Hex(body.key));
    expect(JSON.stringify(rows)).not.toContain(body.key);
    expect(row.prefix).toBe(body.key.slice(0, 13));

    const list = await getJson(app(), "/api/api-keys", { headers: { cookie: user.cookie } });
    expect(list.status).toBe(200);
    expect(list.res.headers.get("cache-control")).toBe("private, no-store");
    expect(list.body).toEqual([{ id: body.id, name: "Nightly report", prefix: row.prefix, scope: "read", createdAt: expect.any(String), lastUsedAt: null }]);
    expect(JSON.stringify(list.body)).not.toContain(body.key);
  });

  it("refuses signed-out callers, bad names and bad scopes", async () => {
    expect((await getJson(app(), "/api/api-keys")).status).toBe(401);
    const user = await registerUser(app());
    const { res, body } = await createKey(app(), user, "   ");
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ message: "Invalid name: Name is required" });
    const call = authed(app(), user.cookie);
    const bad = await call<{ message: string }>("/api/api-keys", { method: "POST", body: { name: "x", scope: "admin", password: user.password } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Invalid scope: scope must be read or write");
    const writer = await call<{ scope: string }>("/api/api-keys", { method: "POST", body: { name: "writer", scope: "write", password: user.password } });
    expect(writer).toMatchObject({ status: 201, body: { scope: "write" } });
  });

  it("counts keyed requests with rate-limit headers; anonymous calls stay unlimited and unmarked", async () => {
    const user = await registerUser(app());
    const { body } = await createKey(app(), user);
    const first = await withKey(app(), "/api/domain-prices?limit=5", body.key);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-ratelimit-limit")).toBe("1000");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("999");
    // The headers are this key's: no shared cache may serve the answer to someone else.
    expect(first.headers.get("cache-control")).toBe("private, max-age=60");
    // The whole allowance is back once this hour's requests have left the 60-minute window: the end of the next clock hour.
    const reset = Number(first.headers.get("x-ratelimit-reset"));
    expect(reset % 3600).toBe(0);
    expect(reset * 1000 - Date.now()).toBeGreaterThan(3_600_000);
    expect(reset * 1000 - Date.now()).toBeLessThanOrEqual(7_200_000);
    const second = await withKey(app(), "/api/registry-operators", body.key);
    expect(second.headers.get("x-ratelimit-remaining")).toBe("998");

    const anonymous = await app().request(`${TEST_ORIGIN}/api/domain-prices?limit=5`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("x-ratelimit-limit")).toBeNull();
    expect(anonymous.headers.get("cache-control")).toBe("public, max-age=60");
    const list = await getJson<{ lastUsedAt: string | null }[]>(app(), "/api/api-keys", { headers: { cookie: user.cookie } });
    expect(list.body[0]!.lastUsedAt).not.toBeNull();
  });

  it("answers 401 to a wrong, malformed or revoked key, and revoking is the owner's alone", async () => {
    const owner = await registerUser(app());
    const other = await registerUser(app());
    const { body } = await createKey(app(), owner);
    expect((await withKey(app(), "/api/tlds/com", "tlds_" + "a".repeat(39))).status).toBe(401);
    const malformed = await app().request(`${TEST_ORIGIN}/api/tlds/com`, { headers: { authorization: "Basic abc" } });
    expect(malformed.status).toBe(401);
    expect(malformed.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await withKey(app(), "/api/tlds/com", body.key)).status).toBe(200);

    const del = (user: TestUser, id: number | string) =>
      app().request(`${TEST_ORIGIN}/api/api-keys/${id}`, { method: "DELETE", headers: { cookie: user.cookie, origin: TEST_ORIGIN } });
    expect((await del(other, body.id)).status).toBe(404);
    expect((await withKey(app(), "/api/tlds/com", body.key)).status).toBe(200);
    expect((await del(owner, "nope")).status).toBe(404);
    const revoked = await del(owner, body.id);
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ id: body.id });
    const after = await withKey(app(), "/api/tlds/com", body.key);
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ message: "Invalid or revoked API key" });
    expect((await getJson(app(), "/api/api-keys", { headers: { cookie: owner.cookie } })).body).toEqual([]);
    expect((await del(owner, body.id)).status).toBe(404);
  });

  it("answers 429 with Retry-After once the hour's 1,000 requests are used", async () => {
    const user = await registerUser(app());
    const { body } = await createKey(app(), user);
    const { orm: db, t } = getDb();
    // 999 requests already counted this hour.
    await db.insert(t.authRateLimits).values({ key: `api-key:${body.id}`, windowStart: currentBucket(new Date()), attempts: 999 });
    const last = await withKey(app(), "/api/service-providers", body.key);
    expect(last.status).toBe(200);
    expect(last.headers.get("x-ratelimit-remaining")).toBe("0");
    const refused = await withKey(app(), "/api/service-providers", body.key);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(((await refused.json()) as { message: string }).message).toMatch(/1000 requests per hour.*try again in \d+ (seconds|minutes)/);
    // Anonymous calls are not held back by a key's limit.
    expect((await app().request(`${TEST_ORIGIN}/api/service-providers`)).status).toBe(200);
  });
});

forEachDialect("API key limit over a sliding hour", (getDb) => {
  const HOUR = 3_600_000;
  // An hour boundary well away from the wall clock, and a key id no other test uses.
  const boundary = (Math.floor(Date.now() / HOUR) + 100) * HOUR;
  const at = (offsetMs: number) => new Date(boundary + offsetMs);
  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: { status: number; headers: Record<string, string> }) => error);

  it("1,000 requests just before an hour boundary leave none for just after it; they come back as the hour slides", async () => {
    const db = getDb();
    const keyId = 900_000 + Math.floor(Math.random() * 10_000);
    const before = at(-1000);
    const answers: Record<string, string>[] = [];
    for (let i = 0; i < 1000; i += 50) {
      answers.push(...(await Promise.all(Array.from({ length: 50 }, () => countApiKeyRequest(db, keyId, before)))).map((a) => a.headers));
    }
    expect(answers.map((h) => Number(h["X-RateLimit-Remaining"])).sort((a, b) => a - b)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    expect((await refusal(countApiKeyRequest(db, keyId, before)))?.status).toBe(429);

    // Just after the boundary a fixed hourly window would start again from zero: still refused.
    for (const offset of [1000, 2000, 3000]) {
      const refused = await refusal(countApiKeyRequest(db, keyId, at(offset)));
      expect(refused?.status).toBe(429);
      expect(refused?.headers["X-RateLimit-Remaining"]).toBe("0");
      // One request has left the window 3.6 s after the boundary (1,000 requests over 3,600 s).
      expect(Number(refused?.headers["Retry-After"])).toBe(Math.ceil((3600 - offset) / 1000));
      // Every request counted so far has left the window at the end of this hour.
      expect(refused?.headers["X-RateLimit-Reset"]).toBe(String((boundary + HOUR) / 1000));
    }
    // Halfway through the hour, half of last hour's requests still count.
    const half = await countApiKeyRequest(db, keyId, at(HOUR / 2));
    expect(half.headers["X-RateLimit-Remaining"]).toBe("499");
    expect(half.headers["X-RateLimit-Reset"]).toBe(String((boundary + 2 * HOUR) / 1000));
  }, 60_000);

  it("refuses once this hour's own requests reach the limit, and says when the next one fits", async () => {
    const db = getDb();
    const keyId = 910_000 + Math.floor(Math.random() * 10_000);
    for (let i = 0; i < 10; i++) await countApiKeyRequest(db, keyId, at(HOUR / 2), 10);
    const refused = await refusal(countApiKeyRequest(db, keyId, at(HOUR / 2), 10));
    expect(refused?.status).toBe(429);
    // Next hour 9 of the 10 may still count: one fits once a tenth of it has passed.
    expect(Number(refused?.headers["Retry-After"])).toBe(HOUR / 2 / 1000 + 360);
    expect((await refusal(countApiKeyRequest(db, keyId, at(HOUR + 359_000), 10)))?.status).toBe(429);
    expect((await countApiKeyRequest(db, keyId, at(HOUR + 361_000), 10)).headers["X-RateLimit-Remaining"]).toBe("0");
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("API key limit across processes [postgres]", () => {
  it("two app instances on separate pools share one hourly count", async () => {
    const testDb = await createTestDb("postgres");
    const secondDb = openDb({ databaseUrl: testDb.url!, poolSize: 4 });
    try {
      const one = createTestApp(testDb.db, { env: AUTH_TEST_ENV });
      const two = createTestApp(secondDb, { env: AUTH_TEST_ENV });
      const user = await registerUser(one);
      const { body } = await createKey(one, user);
      const { orm: db, t } = testDb.db;
      await db.insert(t.authRateLimits).values({ key: `api-key:${body.id}`, windowStart: currentBucket(new Date()), attempts: 990 });
      // 20 requests at once, split over both instances: exactly 10 fit under the limit.
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => withKey(i % 2 ? one : two, "/api/registry-operators", body.key)));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      const remaining = answers.filter((r) => r.status === 200).map((r) => Number(r.headers.get("x-ratelimit-remaining"))).sort((a, b) => a - b);
      expect(remaining).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    } finally {
      await secondDb.close();
      await testDb.drop();
    }
  });
});
