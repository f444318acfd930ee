import { describe, expect, it } from "vitest";
import { openDb, type Db } from "../../../db/client.ts";
import { getAttempts } from "../../../db/repositories/rate-limit-repository.ts";
import { forEachDialect } from "../../../db/testing/test-db.ts";
import { bucketName, consume, count, refund, reset, sweepExpired, type LimitOptions } from "./rate-limiter.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let keys = 0;
const newKey = (what: string) => `test-${what}:${++keys}:${Math.random().toString(36).slice(2)}`;

describe("rate limiter options", () => {
  it("refuses a window that is not a whole number of minutes, and a limit below 1", async () => {
    const db = {} as Db; // never reached: the options are checked first
    await expect(consume(db, "k", { limit: 5, windowMs: 90_000 })).rejects.toThrow(/whole number of minutes, not 90000 ms/);
    await expect(consume(db, "k", { limit: 0, windowMs: HOUR })).rejects.toThrow(/positive integer, not 0/);
  });
});

forEachDialect("rate limiter", (getDb, dialect, getTestDb) => {
  // Clock-hour boundaries far from the wall clock, a different one per test.
  let hours = 1000;
  const nextBoundary = () => (Math.floor(Date.now() / HOUR) + (hours += 10)) * HOUR;
  const stored = async (key: string, options: Omit<LimitOptions, "limit">) =>
    (await getAttempts(getDb(), [key], bucketName(options))).get(key) ?? 0;

  it("fixed window: refuses past the limit with the seconds left in the window, counts nothing refused, and starts again in the next window", async () => {
    const db = getDb();
    const key = newKey("fixed");
    const start = nextBoundary();
    const options = { limit: 3, windowMs: 15 * MINUTE, mode: "fixed" as const, now: new Date(start + 10 * MINUTE) };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await consume(db, key, options));
    expect(answers.map((a) => [a.allowed, a.remaining, a.retryAfterSeconds])).toEqual([[true, 2, 0], [true, 1, 0], [true, 0, 0]]);
    const refused = await consume(db, key, { ...options, now: new Date(start + 10 * MINUTE + 500) });
    expect(refused).toEqual({ allowed: false, remaining: 0, resetAt: new Date(start + 15 * MINUTE), retryAfterSeconds: 5 * 60 });
    expect(await stored(key, options)).toBe(3);
    const next = await consume(db, key, { ...options, now: new Date(start + 15 * MINUTE) });
    expect(next).toMatchObject({ allowed: true, remaining: 2 });
  });

  it("sliding window: an allowance used just before a boundary is not renewed just after it, and comes back as the window slides", async () => {
    const db = getDb();
    const key = newKey("sliding");
    const boundary = nextBoundary();
    const at = (offsetMs: number): LimitOptions => ({ limit: 10, windowMs: HOUR, now: new Date(boundary + offsetMs) });
    for (let i = 0; i < 10; i++) expect((await consume(db, key, at(-MINUTE))).allowed).toBe(true);
    expect(await consume(db, key, at(-MINUTE))).toMatchObject({ allowed: false, remaining: 0 });
    // One second past the boundary: a fixed window would start again from zero; all 10 still count.
    const after = await consume(db, key, at(1000));
    expect(after).toEqual({ allowed: false, remaining: 0, resetAt: new Date(boundary + HOUR), retryAfterSeconds: 359 });
    // A tenth of the hour later a tenth of last hour's requests has left the window: one fits.
    expect(await consume(db, key, at(6 * MINUTE - 1000))).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    expect(await consume(db, key, at(6 * MINUTE))).toEqual({ allowed: true, remaining: 0, resetAt: new Date(boundary + 2 * HOUR), retryAfterSeconds: 0 });
    // Halfway through, half of last hour's requests still count (5 + the 1 of this hour).
    expect(await consume(db, key, at(HOUR / 2))).toMatchObject({ allowed: true, remaining: 3 });
  });

  it("sliding window: when this bucket alone is full, the next request fits once enough of the next hour has passed", async () => {
    const db = getDb();
    const key = newKey("full");
    const boundary = nextBoundary();
    const options: LimitOptions = { limit: 5, windowMs: HOUR, now: new Date(boundary + HOUR / 2) };
    for (let i = 0; i < 5; i++) await consume(db, key, options);
    const refused = await consume(db, key, options);
    // In the next hour 4 of these 5 may still count once a fifth of it has passed: 30 + 12 minutes away.
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 42 * 60 });
    expect((await consume(db, key, { ...options, now: new Date(boundary + HOUR + 12 * MINUTE - 1000) })).allowed).toBe(false);
    expect((await consume(db, key, { ...options, now: new Date(boundary + HOUR + 12 * MINUTE) })).allowed).toBe(true);
  });

  it("never lets parallel callers past the limit, in either mode", async () => {
    const db = getDb();
    const now = new Date(nextBoundary() + 20 * MINUTE);
    for (const mode of ["fixed", "sliding"] as const) {
      const key = newKey(mode);
      const answers = await Promise.all(Array.from({ length: 25 }, () => consume(db, key, { limit: 7, windowMs: HOUR, mode, now })));
      expect(answers.filter((a) => a.allowed)).toHaveLength(7);
      expect(answers.filter((a) => a.allowed).map((a) => a.remaining).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(await stored(key, { windowMs: HOUR, mode, now })).toBe(7);
    }
  });

  it(`two database handles on the same ${dialect} database (two processes) count together`, async () => {
    const testDb = getTestDb();
    const second = testDb.url ? openDb({ databaseUrl: testDb.url, poolSize: 4 }) : openDb({ sqlitePath: testDb.sqlitePath! });
    try {
      const boundary = nextBoundary();
      const key = newKey("processes");
      const handles = [getDb(), second];
      // Half the allowance used in the previous hour, through the second handle.
      for (let i = 0; i < 10; i++) await consume(second, key, { limit: 20, windowMs: HOUR, now: new Date(boundary - MINUTE) });
      // Halfway through this hour those 10 still count as 5: of 30 parallel calls split over both handles, 15 fit.
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) =>
        consume(handles[i % 2]!, key, { limit: 20, windowMs: HOUR, now: new Date(boundary + HOUR / 2) })));
      expect(answers.filter((a) => a.allowed).map((a) => a.remaining).sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i));
      expect(answers.filter((a) => !a.allowed)).toHaveLength(15);
    } finally {
      await second.close();
    }
  });

  it("count() counts without a limit and refund() gives one back; reset() forgets the key", async () => {
    const db = getDb();
    const key = newKey("count");
    const options = { windowMs: 15 * MINUTE, mode: "fixed" as const, now: new Date(nextBoundary() + MINUTE) };
    expect([await count(db, key, options), await count(db, key, options), await count(db, key, options)]).toEqual([1, 2, 3]);
    await refund(db, key, options);
    expect(await count(db, key, options)).toBe(3);
    await reset(db, key);
    expect(await count(db, key, options)).toBe(1);
    // Sliding: the estimate carries last bucket's count.
    const slidingKey = newKey("count-sliding");
    const boundary = nextBoundary();
    for (let i = 0; i < 4; i++) await count(db, slidingKey, { windowMs: HOUR, now: new Date(boundary - MINUTE) });
    expect(await count(db, slidingKey, { windowMs: HOUR, now: new Date(boundary + HOUR / 4) })).toBe(3 + 1);
  });

  it("the sweep deletes only rows no limiter reads any more, whatever their window", async () => {
    const db = getDb();
    const boundary = nextBoundary();
    const fixedKey = newKey("sweep-fixed");
    const slidingKey = newKey("sweep-sliding");
    const fixed = { limit: 5, windowMs: 15 * MINUTE, mode: "fixed" as const, now: new Date(boundary - MINUTE) };
    const sliding = { limit: 5, windowMs: HOUR, now: new Date(boundary - MINUTE) };
    for (let i = 0; i < 5; i++) {
      await consume(db, fixedKey, fixed);
      await consume(db, slidingKey, sliding);
    }
    // 50 minutes later the 15-minute window is long over, but last hour's requests still count.
    const later = new Date(boundary + 50 * MINUTE);
    await sweepExpired(db, later);
    expect(await stored(fixedKey, fixed)).toBe(0);
    expect(await stored(slidingKey, sliding)).toBe(5);
    // A sixth of the hour is left, so one of those 5 still counts: 5 - 1 - this one = 3 remain.
    expect(await consume(db, slidingKey, { ...sliding, now: later })).toMatchObject({ allowed: true, remaining: 3 });
    // Once the next hour has begun, nothing reads them.
    await sweepExpired(db, new Date(boundary + HOUR + 10 * MINUTE));
    expect(await stored(slidingKey, sliding)).toBe(0);
  });
});
