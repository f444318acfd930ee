/**
 * npm run bench:notify: the daily expiry scan on 100,000 portfolio domains of 10,000 users
 * (BENCH_DOMAINS, BENCH_USERS), each user with one confirmed e-mail address and the default
 * reminder offsets (90, 30, 7, 1 days), on SQLite and on PostgreSQL too when BENCH_DATABASE_URL
 * (or TEST_DATABASE_URL) is set. Target: under 10 s per scan on each database.
 *
 * Two portfolios are timed: "spread", expiry dates spread evenly over the next 365 days (a day
 * has about 4/365 of the domains due), scanned on BENCH_ROUNDS different days (default 5, the
 * median reported), and "all due", every domain at an offset today (the worst day: a
 * notification, a delivery and a delivery job per domain), scanned once. Each scan is then
 * run again the same day, which must plan 0. The scan enqueues its delivery jobs on the real
 * queue (the in-process one on SQLite, pg-boss on PostgreSQL), with no worker taking them.
 */
import { count, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { createJobQueue } from "../jobs/create-queue.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { DELIVER_QUEUE, DIGEST_QUEUE } from "../src/server/features/notifications/deps.ts";
import { planExpiryReminders, utcDay } from "../src/server/features/notifications/expiry-plan.ts";
import { runOnSeededDatabases } from "./lib/bench-seeded.ts";
import { median } from "./lib/median.ts";

const DOMAINS = Number(process.env.BENCH_DOMAINS ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGET_MS = 10_000;
const DAY_MS = 86_400_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function insertInBatches<T>(rows: T[], write: (chunk: T[]) => PromiseLike<unknown>) {
  for (let i = 0; i < rows.length; i += 1000) await write(rows.slice(i, i + 1000));
}

/** USERS users with a confirmed address each, and DOMAINS domains over the 20 most-quoted TLDs; `expiry(i)` dates domain i. */
async function fill(handle: Db, prefix: string, expiry: (i: number) => string) {
  const { orm: db, t } = handle;
  const dp = t.domainPrices;
  const tlds = await db.select({ id: dp.tldId, name: t.tlds.name, n: count() }).from(dp)
    .innerJoin(t.tlds, eq(t.tlds.id, dp.tldId)).groupBy(dp.tldId, t.tlds.name).orderBy(desc(count()), t.tlds.name).limit(20);
  const quotes = await db.select({ tldId: dp.tldId, providerId: dp.serviceProviderId }).from(dp);
  const providersOf = new Map<number, number[]>();
  for (const q of quotes) providersOf.set(q.tldId, [...(providersOf.get(q.tldId) ?? []), q.providerId]);
  await insertInBatches(Array.from({ length: USERS }, (_, i) => ({ email: `${prefix}-${i}@bench.invalid` })), (c) => db.insert(t.users).values(c));
  const users = await db.select({ id: t.users.id, email: t.users.email }).from(t.users);
  const ids = users.filter((u) => u.email.startsWith(`${prefix}-`)).map((u) => u.id);
  const confirmedAt = new Date();
  await insertInBatches(ids.map((userId) => ({ userId, kind: "email", email: `inbox-${userId}@bench.invalid`, confirmedAt })),
    (c) => db.insert(t.notificationChannels).values(c));
  await insertInBatches(Array.from({ length: DOMAINS }, (_, i) => {
    const tld = tlds[i % tlds.length]!;
    const providers = providersOf.get(tld.id)!;
    return {
      userId: ids[i % ids.length]!, domainName: `${prefix}-${i}.${tld.name}`, tldId: tld.id,
      serviceProviderId: providers[i % providers.length]!, expirationDate: expiry(i), autoRenew: i % 3 === 0,
    };
  }), (c) => db.insert(t.userDomains).values(c));
  return ids;
}

async function clear(handle: Db, userIds: number[]) {
  const { orm: db, t } = handle;
  for (let i = 0; i < userIds.length; i += 1000) {
    await db.delete(t.users).where(inArray(t.users.id, userIds.slice(i, i + 1000)));
  }
}

const time = async <T>(fn: () => Promise<T>) => {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
};

async function run(label: string, handle: Db, databaseUrl?: string) {
  const queue: JobQueue = createJobQueue({ db: handle, config: { DATABASE_URL: databaseUrl }, log: silent });
  await queue.start({ work: false });
  await queue.createQueue(DELIVER_QUEUE);
  await queue.createQueue(DIGEST_QUEUE);
  try {
    const base = Date.now();
    const day = (offset: number) => utcDay(new Date(base + offset * DAY_MS));
    // Spread: domain i expires 1 + (i mod 365) days from the base day.
    let users = await fill(handle, "spread", (i) => day(1 + (i % 365)));
    const firsts: number[] = [];
    const agains: number[] = [];
    let planned = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const now = new Date(base + round * DAY_MS);
      const first = await time(() => planExpiryReminders(handle, queue, now, 90));
      const again = await time(() => planExpiryReminders(handle, queue, now, 90));
      if (again.value.planned !== 0) throw new Error(`the second scan of a day planned ${again.value.planned}`);
      firsts.push(first.ms);
      agains.push(again.ms);
      planned = first.value.planned;
    }
    console.log(`\n${label}: ${DOMAINS.toLocaleString("en")} domains, ${USERS.toLocaleString("en")} users, one confirmed address each`);
    console.log(`  spread over 365 days: scan ${median(firsts).toFixed(0)} ms median of ${ROUNDS} days (${Math.min(...firsts).toFixed(0)}–${Math.max(...firsts).toFixed(0)}), ~${planned.toLocaleString("en")} reminders planned a day; same day again ${median(agains).toFixed(0)} ms, 0 planned`);
    await clear(handle, users);
    // All due: every domain at one of the default offsets today.
    const offsets = [90, 30, 7, 1];
    users = await fill(handle, "alldue", (i) => day(offsets[i % offsets.length]!));
    const heavy = await time(() => planExpiryReminders(handle, queue, new Date(base), 90));
    const again = await time(() => planExpiryReminders(handle, queue, new Date(base), 90));
    if (again.value.planned !== 0) throw new Error(`the second scan of a day planned ${again.value.planned}`);
    const verdict = (ms: number) => (ms < TARGET_MS ? "under" : "OVER");
    console.log(`  all due today: scan ${heavy.ms.toFixed(0)} ms, ${heavy.value.planned.toLocaleString("en")} reminders, ${heavy.value.deliveries.toLocaleString("en")} deliveries and jobs (${verdict(heavy.ms)} the ${TARGET_MS / 1000} s target); same day again ${again.ms.toFixed(0)} ms, ${again.value.planned} planned`);
    await clear(handle, users);
  } finally {
    await queue.stop(1000);
  }
}

await runOnSeededDatabases("notify", run);
