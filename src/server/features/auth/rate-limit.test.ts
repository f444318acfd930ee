import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getAttempts, incrementAttempts } from "../../../../db/repositories/rate-limit-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, formPost, registerUser, sessionCookieOf } from "../../testing/auth.ts";
import { createTestApp, getJson } from "../../testing/test-app.ts";
import { cleanupOldWindows } from "./rate-limit.ts";

forEachDialect("sign-in rate limits", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });

  it("answers the 6th failed attempt for one account with 429, Retry-After and a wait message", async () => {
    const user = await registerUser(app());
    for (let i = 1; i <= 5; i++) {
      expect((await formPost(app(), "/api/login", { email: user.email, password: `wrong ${i}` })).status).toBe(401);
    }
    const sixth = await formPost(app(), "/api/login", { email: user.email, password: user.password });
    expect(sixth.status).toBe(429);
    const retryAfter = Number(sixth.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await sixth.text()).toMatch(/Too many sign-in attempts\. Please wait \d+ minutes? and try again\./);
    expect(sessionCookieOf(sixth)).toBeNull();
  });

  it("resets the account counter after a successful sign-in", async () => {
    const user = await registerUser(app());
    for (let i = 0; i < 4; i++) await formPost(app(), "/api/login", { email: user.email, password: "wrong wrong" });
    expect((await formPost(app(), "/api/login", { email: user.email, password: user.password })).status).toBe(302);
    for (let i = 0; i < 4; i++) {
      expect((await formPost(app(), "/api/login", { email: user.email, password: "wrong wrong" })).status).toBe(401);
    }
  });

  it("limits one address to 20 attempts per window, registrations included, as JSON for scripts", async () => {
    const ip = { "x-forwarded-for": "192.0.2.77" };
    for (let i = 0; i < 20; i++) {
      const res = await formPost(app(), "/api/login", { email: `nobody${i}@example.com`, password: "whatever pw" }, ip);
      expect(res.status).toBe(401);
    }
    const blocked = await formPost(app(), "/api/register", { email: "new@example.com", password: "long enough pw" }, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    const json = await getJson(app(), "/api/login", {
      method: "POST", headers: { ...ip, "content-type": "application/json" }, body: JSON.stringify({ email: "a@b.co", password: "x" }),
    });
    expect(json.status).toBe(429);
    expect(json.body).toEqual({ message: expect.stringMatching(/^Too many sign-in attempts/) });
    // Another address is unaffected.
    expect((await formPost(app(), "/api/login", { email: "a@b.co", password: "x" })).status).toBe(401);
  });

  it("cleans up windows that have ended", async () => {
    const db = getDb();
    const current = Math.floor(Date.now() / 60_000 / 15) * 15;
    await incrementAttempts(db, "ip:old", current - 60);
    await incrementAttempts(db, "ip:now", current);
    await cleanupOldWindows(db);
    const rows = await db.db.select().from(db.t.authRateLimits).where(eq(db.t.authRateLimits.key, "ip:old"));
    expect(rows).toEqual([]);
    expect((await getAttempts(db, ["ip:now"], current)).get("ip:now")).toBe(1);
  });
});
