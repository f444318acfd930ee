import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getAttempts, incrementAttempts, incrementAttemptsBelow } from "../../../../db/repositories/rate-limit-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, formPost, registerUser, sessionCookieOf } from "../../testing/auth.ts";
import { createTestApp, getJson } from "../../testing/test-app.ts";
import { sweepExpired } from "../../lib/rate-limiter.ts";
import {
  ACCOUNT_IP_LIMIT, beginSignInAttempt, currentWindow, delayAfterFailures, IP_LIMIT, MAX_PARALLEL_PER_ACCOUNT, UNDELAYED_FAILURES, WINDOW_MINUTES,
} from "./rate-limit.ts";
import { signInWithPassword } from "./service.ts";

const from = (ip: string) => ({ "x-forwarded-for": ip });

/**
 * Counters live in fixed windows on the wall clock: a test that crossed a window's end would
 * see its counts start again from zero. Start each test with at least 30 s of window left.
 */
async function awayFromWindowEnd() {
  const windowMs = WINDOW_MINUTES * 60_000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < 30_000) await new Promise((r) => setTimeout(r, left + 50));
}

describe("per-account slowdown", () => {
  it("starts after a few failures, doubles from 250 ms and stops growing at 4 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 20].map(delayAfterFailures)).toEqual([0, 0, 0, 250, 500, 1000, 2000, 4000, 4000, 4000]);
  });
});

forEachDialect("sign-in rate limits", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });
  beforeEach(awayFromWindowEnd, 45_000);

  it(`refuses an account from one address after ${ACCOUNT_IP_LIMIT} failures, with Retry-After and a wait message`, async () => {
    const user = await registerUser(app());
    for (let i = 1; i <= ACCOUNT_IP_LIMIT; i++) {
      expect((await formPost(app(), "/api/login", { email: user.email, password: `wrong ${i}` }, from("198.51.100.1"))).status).toBe(401);
    }
    const next = await formPost(app(), "/api/login", { email: user.email, password: user.password }, from("198.51.100.1"));
    expect(next.status).toBe(429);
    const retryAfter = Number(next.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await next.text()).toMatch(/Too many sign-in attempts for this account from your network\. Please wait \d+ minutes? and try again\./);
    expect(sessionCookieOf(next)).toBeNull();
  });

  it("never locks the owner out: an attacker hammering from A only slows the owner signing in from B", async () => {
    const owner = await registerUser(app());
    // The right-most X-Forwarded-For entry is the address; the attacker's own left-most entries change nothing.
    const attacker = (i: number) => ({ "x-forwarded-for": `10.66.${i}.1, 203.0.113.66` });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await formPost(app(), "/api/login", { email: owner.email, password: `guess ${i}` }, attacker(i))).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const started = Date.now();
    const res = await formPost(app(), "/api/login", { email: owner.email, password: owner.password }, from("192.0.2.10"));
    expect(res.status).toBe(302);
    expect(sessionCookieOf(res)).not.toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(delayAfterFailures(ACCOUNT_IP_LIMIT) - 50);
    // Signing in reset the account's failures: the next sign-in is not slowed.
    const quick = Date.now();
    expect((await formPost(app(), "/api/login", { email: owner.email, password: owner.password }, from("192.0.2.10"))).status).toBe(302);
    expect(Date.now() - quick).toBeLessThan(delayAfterFailures(UNDELAYED_FAILURES + 1));
  });

  it(`limits one address to ${IP_LIMIT} failures per window, registrations included, as JSON for scripts`, async () => {
    const ip = from("192.0.2.77");
    for (let i = 0; i < IP_LIMIT - 1; i++) {
      expect((await formPost(app(), "/api/login", { email: `nobody${i}@example.com`, password: "whatever pw" }, ip)).status).toBe(401);
    }
    expect((await formPost(app(), "/api/register", { email: "new@example.com", password: "long enough pw" }, ip)).status).toBe(302);
    const blocked = await formPost(app(), "/api/register", { email: "newer@example.com", password: "long enough pw" }, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    const json = await getJson(app(), "/api/login", {
      method: "POST", headers: { ...ip, "content-type": "application/json" }, body: JSON.stringify({ email: "a@b.co", password: "x" }),
    });
    expect(json.status).toBe(429);
    expect(json.body).toEqual({ message: expect.stringMatching(/^Too many sign-in attempts from your network/) });
    // Another address is unaffected.
    expect((await formPost(app(), "/api/login", { email: "a@b.co", password: "x" })).status).toBe(401);
  });

  it("gives a successful sign-in's reservation back, so the owner's own sign-ins never use up the address", async () => {
    const user = await registerUser(app());
    const ip = from("192.0.2.88");
    for (let i = 0; i < IP_LIMIT + 5; i++) {
      expect((await formPost(app(), "/api/login", { email: user.email, password: user.password }, ip)).status).toBe(302);
    }
  });

  it("never lets parallel attempts past a limit (check and count are one statement)", async () => {
    const user = await registerUser(app());
    const pair = await Promise.all(Array.from({ length: 12 }, (_, i) =>
      formPost(app(), "/api/login", { email: user.email, password: `parallel ${i}` }, from("198.51.100.50"))));
    // At most MAX_PARALLEL_PER_ACCOUNT of them run at once; every one counts against the pair.
    expect(pair.filter((r) => r.status === 401).length).toBeLessThanOrEqual(MAX_PARALLEL_PER_ACCOUNT);
    expect(pair.filter((r) => r.status === 401).length + pair.filter((r) => r.status === 429).length).toBe(12);
    const pairWindow = currentWindow(new Date());
    expect((await getAttempts(getDb(), [`account-ip:${user.email}|198.51.100.50`], pairWindow)).get(`account-ip:${user.email}|198.51.100.50`)).toBe(ACCOUNT_IP_LIMIT);
    const address = await Promise.all(Array.from({ length: IP_LIMIT + 10 }, (_, i) =>
      formPost(app(), "/api/login", { email: `spray${i}@example.com`, password: "spray pw" }, from("198.51.100.51"))));
    expect(address.filter((r) => r.status === 401)).toHaveLength(IP_LIMIT);
    expect(address.filter((r) => r.status === 429)).toHaveLength(10);
    const direct = await Promise.all(Array.from({ length: 25 }, () => incrementAttemptsBelow(getDb(), "ip:direct", 1, 7)));
    expect(direct.filter((n) => n !== null).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("60 parallel wrong passwords for one account from one address: at most the limit are checked, the rest get 429, and the right password waits for the next window", async () => {
    const user = await registerUser(app());
    const ip = "198.51.100.60";
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) =>
      formPost(app(), "/api/login", { email: user.email, password: `parallel wrong ${i}` }, from(ip))));
    const checked = answers.filter((r) => r.status === 401).length;
    const refused = answers.filter((r) => r.status === 429);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(ACCOUNT_IP_LIMIT);
    expect(refused).toHaveLength(60 - checked);
    for (const r of refused) expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    const right = await formPost(app(), "/api/login", { email: user.email, password: user.password }, from(ip));
    expect(right.status).toBe(429);
    expect(sessionCookieOf(right)).toBeNull();
    // Once the window has passed, the same address signs in.
    const nextWindow = new Date((Math.floor(Date.now() / 60_000 / WINDOW_MINUTES) + 1) * WINDOW_MINUTES * 60_000 + 1000);
    await expect(signInWithPassword(getDb(), { email: user.email, password: user.password }, ip, nextWindow)).resolves.toMatchObject({ email: user.email });
  }, 30_000);

  it(`60 parallel wrong passwords for one account from 60 addresses: ${MAX_PARALLEL_PER_ACCOUNT} at a time are checked, the rest get 429 with Retry-After, and the owner is not locked out`, async () => {
    const owner = await registerUser(app());
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) =>
      formPost(app(), "/api/login", { email: owner.email, password: `spread wrong ${i}` }, from(`203.0.113.${i + 1}`))));
    const checked = answers.filter((r) => r.status === 401).length;
    const refused = answers.filter((r) => r.status === 429);
    expect(checked + refused.length).toBe(60);
    expect(checked).toBeGreaterThanOrEqual(MAX_PARALLEL_PER_ACCOUNT);
    expect(checked).toBeLessThanOrEqual(2 * MAX_PARALLEL_PER_ACCOUNT);
    for (const r of refused) {
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await r.text()).toMatch(/Too many sign-in attempts for this account at once/);
    }
    const own = await formPost(app(), "/api/login", { email: owner.email, password: owner.password }, from("192.0.2.60"));
    expect(own.status).toBe(302);
  }, 30_000);

  it("counts an account's attempt before its password is checked, so parallel attempts slow each other down", async () => {
    const db = getDb();
    const email = `counted${Date.now()}@example.com`;
    // Three attempts under way at once from three addresses, none of them finished yet.
    const running = await Promise.all([1, 2, 3].map((i) => beginSignInAttempt(db, email, `192.0.2.${200 + i}`)));
    expect((await getAttempts(db, [`account:${email}`], currentWindow(new Date()))).get(`account:${email}`)).toBe(3);
    for (const attempt of running) attempt.release();
    // A fourth, from yet another address, already waits as if three had failed.
    const started = Date.now();
    const fourth = await beginSignInAttempt(db, email, "192.0.2.210");
    expect(Date.now() - started).toBeGreaterThanOrEqual(delayAfterFailures(3) - 20);
    fourth.release();
    await Promise.all(running.map((a) => a.failed()));
  });

  it(`refuses a ${MAX_PARALLEL_PER_ACCOUNT + 1}th parallel check of one account at once, and frees the place when a check ends`, async () => {
    const db = getDb();
    const email = `parallel${Date.now()}@example.com`;
    const running = await Promise.all(Array.from({ length: MAX_PARALLEL_PER_ACCOUNT }, (_, i) => beginSignInAttempt(db, email, `192.0.2.${220 + i}`)));
    await expect(beginSignInAttempt(db, email, "192.0.2.230")).rejects.toMatchObject({ status: 429, headers: { "Retry-After": expect.stringMatching(/^\d+$/) } });
    await running[0]!.failed();
    const next = await beginSignInAttempt(db, email, "192.0.2.231");
    next.release();
    for (const a of running) a.release();
  });

  it("cleans up windows that have ended", async () => {
    const db = getDb();
    const current = currentWindow(new Date());
    await incrementAttempts(db, "ip:old", current - 60);
    await incrementAttempts(db, "ip:now", current);
    await sweepExpired(db);
    const rows = await db.orm.select().from(db.t.authRateLimits).where(eq(db.t.authRateLimits.key, "ip:old"));
    expect(rows).toEqual([]);
    expect((await getAttempts(db, ["ip:now"], current)).get("ip:now")).toBe(1);
  });
});
