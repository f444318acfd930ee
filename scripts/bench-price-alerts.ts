/**
 * npm run bench:price-alerts: from a price run's completion to the last delivery its renewal
 * price alerts enqueue, on 100,000 portfolio domains of 10,000 users (BENCH_DOMAINS,
 * BENCH_USERS), each user with one confirmed e-mail address, on SQLite and on PostgreSQL too
 * when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set. Target: within 60 s of the run.
 *
 * The domains are spread over every priced TLD, every other one held at the registrar whose
 * run it is (the provider with the most quotes), the rest at another registrar quoting the TLD.
 * Each round is one fetch run of that registrar (runPriceFetch with the real hook, as the
 * "prices.fetch" job runs it) answering every priced name, its renewals alternately 15 % up
 * and back down, so each round moves every renewal by more than the default 10 %. The event
 * goes on the real queue (the in-process one on SQLite, pg-boss on PostgreSQL) and a worker of
 * "notifications.price-events" plans it; delivery jobs are enqueued with no worker taking them.
 * The same event planned again (a retry) must plan 0; its time is printed beside. Median of
 * BENCH_ROUNDS rounds (default 3).
 */
import { count, desc, eq, inArray, like } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { listQuotesByProvider } from "../db/repositories/domain-price-repository.ts";
import type { PriceQuote } from "../src/server/integrations/prices/types.ts";
import { createJobQueue } from "../jobs/create-queue.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { loadConfig } from "../src/server/config.ts";
import { DELIVER_QUEUE, DIGEST_QUEUE } from "../src/server/features/notifications/deps.ts";
import { PRICE_EVENT_PLANNERS } from "../src/server/features/notifications/price-event-planners.ts";
import { PRICE_EVENTS_QUEUE, runPriceEventPlanners, type PriceEvent } from "../src/server/features/notifications/price-events.ts";
import { runPriceFetch } from "../src/server/features/price-engine/fetch-run.ts";
import { createLogger } from "../src/server/lib/logger.ts";
import { testPriceSource } from "../src/server/testing/test-price-source.ts";
import { runOnSeededDatabases } from "./lib/bench-seeded.ts";
import { median } from "./lib/median.ts";

const DOMAINS = Number(process.env.BENCH_DOMAINS ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_MS = 60_000;
const log = createLogger("silent");
const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", APP_SECRET: "bench-price-alerts-secret-0123456789abcdef" });

async function insertInBatches<T>(rows: T[], write: (chunk: T[]) => PromiseLike<unknown>) {
  for (let i = 0; i < rows.length; i += 1000) await write(rows.slice(i, i + 1000));
}

/** The provider with the most quotes, every priced TLD, and USERS users holding DOMAINS domains over them. */
async function fill(handle: Db) {
  const { orm: db, t } = handle;
  const dp = t.domainPrices;
  const [top] = await db.select({ id: dp.serviceProviderId, n: count() }).from(dp).groupBy(dp.serviceProviderId).orderBy(desc(count())).limit(1);
  const provider = (await db.select({ id: t.serviceProviders.id, slug: t.serviceProviders.slug, name: t.serviceProviders.name })
    .from(t.serviceProviders).where(eq(t.serviceProviders.id, top!.id)))[0]!;
  const quotes = await db.select({ tldId: dp.tldId, name: t.tlds.name, providerId: dp.serviceProviderId }).from(dp).innerJoin(t.tlds, eq(t.tlds.id, dp.tldId));
  const tlds = new Map<number, { name: string; others: number[] }>();
  for (const q of quotes) {
    const tld = tlds.get(q.tldId) ?? { name: q.name, others: [] };
    if (q.providerId !== provider.id) tld.others.push(q.providerId);
    tlds.set(q.tldId, tld);
  }
  const priced = [...tlds.entries()].sort((a, b) => a[0] - b[0]);
  await insertInBatches(Array.from({ length: USERS }, (_, i) => ({ email: `alerts-${i}@bench.invalid` })), (c) => db.insert(t.users).values(c));
  const ids = (await db.select({ id: t.users.id }).from(t.users).where(like(t.users.email, "alerts-%@bench.invalid"))).map((u) => u.id);
  const confirmedAt = new Date();
  await insertInBatches(ids.map((userId) => ({ userId, kind: "email", email: `inbox-${userId}@bench.invalid`, confirmedAt })),
    (c) => db.insert(t.notificationChannels).values(c));
  await insertInBatches(Array.from({ length: DOMAINS }, (_, i) => {
    const [tldId, tld] = priced[i % priced.length]!;
    const elsewhere = i % 2 === 1 && tld.others.length > 0;
    return {
      userId: ids[i % ids.length]!, domainName: `alerts-${i}.${tld.name}`, tldId,
      serviceProviderId: elsewhere ? tld.others[i % tld.others.length]! : provider.id, autoRenew: false,
    };
  }), (c) => db.insert(t.userDomains).values(c));
  return { provider, names: priced.map(([, tld]) => tld.name), userIds: ids };
}

const time = async <T>(fn: () => Promise<T>) => {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
};

async function run(label: string, handle: Db, databaseUrl?: string) {
  const queue: JobQueue = createJobQueue({ db: handle, config: { DATABASE_URL: databaseUrl }, log: { info: () => undefined, warn: () => undefined, error: () => undefined } });
  await queue.start({ work: true });
  await queue.createQueue(DELIVER_QUEUE);
  await queue.createQueue(DIGEST_QUEUE);
  await queue.createQueue(PRICE_EVENTS_QUEUE);
  const { provider, names, userIds } = await fill(handle);
  const base = new Map((await listQuotesByProvider(handle, provider.id)).map((q) => [q.tld.name, q]));
  // Planned: the time the worker finished planning an event (its deliveries enqueued).
  const state: { planned: { at: number; event: PriceEvent; count: number } | null } = { planned: null };
  await queue.work<PriceEvent>(PRICE_EVENTS_QUEUE, async (job) => {
    await runPriceEventPlanners({ db: handle, queue, config, log }, job.data, new Date(), PRICE_EVENT_PLANNERS);
    const n = handle.t.notifications;
    const [row] = await handle.orm.select({ n: count() }).from(n).where(eq(n.kind, "renewal_price"));
    state.planned = { at: performance.now(), event: job.data, count: row!.n };
  });
  try {
    const runs: number[] = [];
    const tails: number[] = [];
    const retries: number[] = [];
    let last = { changes: 0, planned: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const factor = round % 2 === 0 ? 1.15 : 1;
      // Every priced name: the provider's own quotes moved, the names it lacks quoted anew at 10.00.
      const quotes: PriceQuote[] = names.map((tld) => {
        const q = base.get(tld);
        const renewal = Math.round((q?.renewalPrice ?? 1000) * factor);
        return { tld, registration: q?.registrationPrice ?? 1000, renewal, transfer: q?.transferPrice ?? 1000, currency: q?.currency ?? "USD", isPromo: false, regularRegistration: null };
      });
      const source = testPriceSource(provider.slug, async () => ({ observedAt: new Date(), quotes, skipped: [] }));
      state.planned = null;
      let changes = 0;
      const fetched = await time(() => runPriceFetch({
        db: handle, log, sources: { live: new Map([[provider.slug, source]]), bundled: () => null }, onPricesChanged: () => undefined,
        fetchTimeoutMs: 120_000, staleDays: config.PRICE_STALE_DAYS,
        onPricesApplied: async (event) => {
          changes = event.renewalChanges.length;
          await queue.send(PRICE_EVENTS_QUEUE, { ...event, observedAt: event.observedAt.toISOString() } satisfies PriceEvent);
        },
      }, { providerKey: provider.slug, requestType: "provider", source: "auto" }, new AbortController().signal));
      const completedAt = performance.now();
      const plannedNow = () => state.planned;
      let done = plannedNow();
      while (!done) {
        await new Promise((r) => setTimeout(r, 20));
        done = plannedNow();
      }
      runs.push(fetched.ms);
      tails.push(done.at - completedAt);
      const again = await time(() => runPriceEventPlanners({ db: handle, queue, config, log }, done.event, new Date(), PRICE_EVENT_PLANNERS));
      retries.push(again.ms);
      const n = handle.t.notifications;
      last = { changes, planned: done.count };
      // The next round plans as many again: this round's notifications (and deliveries) go.
      await handle.orm.delete(n).where(eq(n.kind, "renewal_price"));
    }
    const verdict = median(tails) < TARGET_MS ? "under" : "OVER";
    console.log(`\n${label}: ${DOMAINS.toLocaleString("en")} domains of ${USERS.toLocaleString("en")} users; ${provider.name} changes ${last.changes.toLocaleString("en")} renewal prices a run`);
    console.log(`  price run (fetch and apply): ${median(runs).toFixed(0)} ms median of ${ROUNDS} (${runs.map((ms) => ms.toFixed(0)).join(", ")})`);
    console.log(`  run's completion → last delivery enqueued: ${median(tails).toFixed(0)} ms median (${tails.map((ms) => ms.toFixed(0)).join(", ")}), ${last.planned.toLocaleString("en")} notifications with a delivery each (${verdict} the ${TARGET_MS / 1000} s target)`);
    console.log(`  the same event planned again (a retry): ${median(retries).toFixed(0)} ms median, 0 planned`);
    for (let i = 0; i < userIds.length; i += 1000) await handle.orm.delete(handle.t.users).where(inArray(handle.t.users.id, userIds.slice(i, i + 1000)));
  } finally {
    await queue.stop(1000);
  }
}

await runOnSeededDatabases("price_alerts", run);
