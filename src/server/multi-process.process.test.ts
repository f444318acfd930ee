/**
 * The README's scale-out recipe as real processes on one PostgreSQL database: two ROLE=web
 * processes on two ports and two ROLE=worker processes, every third-party API a loopback fake.
 * It shows that a worker's price run reaches both web processes' warm caches within 5 s, that a
 * rate limit of N across both web processes is N, that a schedule's tick runs once however many
 * workers there are, and that a worker killed with SIGKILL mid-job loses nothing. The processes
 * run the build as `npm start` does (the recipe's command), asked for with TEST_BUILT_SERVER=1
 * after `npm run build`, on its own, with TEST_DATABASE_URL (.ci/run does).
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSchedule } from "../../db/repositories/schedule-repository.ts";
import { findServiceProviderBySlug } from "../../db/repositories/service-provider-repository.ts";
import { createTestDb, type TestDb } from "../../db/testing/test-db.ts";
import { LEASE_SEED } from "../../jobs/pg-boss-leases.ts";
import { PgBossQueue } from "../../jobs/pg-boss-queue.ts";
import { startFakes, type Fakes, CHANGED_COM_REGISTRATION } from "../../e2e/fakes.ts";
import { freePort } from "../../scripts/lib/server-process.ts";
import { CONTACT_LIMIT_PER_HOUR } from "./features/contact/service.ts";
import { scheduleKey } from "./features/price-engine/schedules.ts";
import { createLogger } from "./lib/logger.ts";
import { builtServerTests, getJson, startServerProcess, until, type ServerProcess } from "./testing/server-processes.ts";

const APP_URL = "https://tldscope.example";
const BUNDLED_COM_REGISTRATION = "11.08";

interface Quote { registrationPrice: string | null }

describe.skipIf(!process.env.TEST_DATABASE_URL || !builtServerTests())("two web and two worker processes on one PostgreSQL", () => {
  let testDb: TestDb;
  let fakes: Fakes;
  let sql: pg.Pool;
  let webs: { proc: ServerProcess; url: string }[] = [];
  let workers: ServerProcess[] = [];
  let tickScheduleId: number;

  beforeAll(async () => {
    // Seeded from the test template: the processes migrate (nothing to do) and find the data there.
    testDb = await createTestDb("postgres");
    fakes = await startFakes();
    sql = new pg.Pool({ connectionString: testDb.url!, max: 2 });
    // A schedule due every minute, for a provider the other steps leave alone: at boot each process
    // puts it on the queue's cron; with a 1 s cron check each worker asks every second whether it is due.
    const hover = await findServiceProviderBySlug(testDb.db, "hover");
    tickScheduleId = await insertSchedule(testDb.db, {
      name: "Every minute", description: "Hover each minute", providerId: hover!.id, schedule: "* * * * *", isActive: true, nextRun: new Date(),
    });
    const shared = {
      ...fakes.env, DATABASE_URL: testDb.url!, APP_URL, APP_SECRET: "a shared secret of at least thirty-two characters",
      RENDER_WORKERS: "1", RENDER_THREAD_NICE: "0", RENDER_TIMEOUT_MS: "20000", QUEUE_CRON_CHECK_SECONDS: "1", PRICE_CHANGE_CHECK_MS: "1000", SHUTDOWN_TIMEOUT_MS: "5000", DATABASE_POOL_SIZE: "4",
    };
    const ports = [await freePort(), await freePort()];
    const booting = performance.now();
    webs = ports.map((port) => ({ proc: startServerProcess({ ...shared, ROLE: "web", PORT: String(port) }, { built: true }), url: `http://127.0.0.1:${port}` }));
    workers = [0, 1].map(() => startServerProcess({ ...shared, ROLE: "worker" }, { built: true }));
    try {
      for (const web of webs) {
        await until("a web process to be ready", async () => (await getJson<{ status: string }>(`${web.url}/api/ready`))?.status === "ready", 150_000, 500);
      }
      for (const worker of workers) await until("a worker to start its queue", () => worker.output.includes("job queue started"), 60_000);
      console.info(`two web and two worker processes ready ${Math.round(performance.now() - booting)} ms after start`);
    } catch (error) {
      for (const p of [...webs.map((w) => w.proc), ...workers]) console.error(p.output.slice(-2000));
      throw error;
    }
  }, 240_000);

  afterAll(async () => {
    for (const p of [...webs.map((w) => w.proc), ...workers]) p.child.kill("SIGTERM");
    await Promise.race([Promise.all([...webs.map((w) => w.proc.exited), ...workers.map((w) => w.exited)]), new Promise((r) => setTimeout(r, 8000))]);
    for (const p of [...webs.map((w) => w.proc), ...workers]) p.kill();
    await sql?.end();
    await fakes?.close();
    await testDb?.drop();
  }, 30_000);

  /** Porkbun's .com registration price as `url` answers it (API) and whether its page shows `price`. */
  const porkbunCom = async (url: string) => {
    const quotes = (await getJson<Quote[]>(`${url}/api/domain-prices/tld/com`)) ?? [];
    const quote = quotes.find((q) => JSON.stringify(q).includes('"Porkbun"'));
    return quote?.registrationPrice ?? null;
  };
  /** Porkbun's .com registration price on the server-rendered page (the client shell has none). */
  const pagePrice = async (url: string) => {
    const html = await (await fetch(`${url}/tld/com`)).text();
    return /Porkbun<\/a>[\s\S]*?data-label="Registration">\$([\d.]+)/.exec(html)?.[1] ?? (html.includes('id="ssr-state"') ? "no Porkbun row" : "client shell");
  };

  /** Sends a job as the admin page's manual fetch does, from this process (a third enqueuing client). */
  const sendJob = async (queue: string, data: unknown, options: { singletonKey?: string; retryLimit: number }) => {
    // As a web process sends: the product's queue, started without work.
    const q = new PgBossQueue({ connectionString: testDb.url!, log: createLogger("silent"), poolSize: 1 });
    await q.start({ work: false });
    try {
      const id = await q.send(queue, data, options);
      if (!id) throw new Error(`${queue}: a job with that singleton key is already queued or running`);
      return id;
    } finally {
      await q.stop(1000);
    }
  };
  const jobRow = async (id: string) =>
    (await sql.query<{ state: string; retry_count: number }>("SELECT state, retry_count FROM pgboss.job WHERE id = $1", [id])).rows[0];

  it("answers a worker's new prices on both web processes within 5 s, caches warm beforehand", async () => {
    for (const web of webs) {
      // Warm: the page and the answer are cached (a second request is a hit), with the bundled price.
      for (let i = 0; i < 2; i++) {
        expect(await porkbunCom(web.url)).toBe(BUNDLED_COM_REGISTRATION);
        expect(await pagePrice(web.url)).toBe(BUNDLED_COM_REGISTRATION);
      }
    }
    const id = await sendJob("prices.fetch", { providerKey: "porkbun", requestType: "manual", source: "auto" }, { singletonKey: "prices.fetch:porkbun", retryLimit: 0 });
    await until("the Porkbun run to complete", async () => (await jobRow(id))?.state === "completed", 30_000, 100);
    const done = Date.now();
    const seen = await Promise.all(webs.map(async (web) => {
      await until("new prices on a web process", async () => (await porkbunCom(web.url)) === CHANGED_COM_REGISTRATION && (await pagePrice(web.url)) === CHANGED_COM_REGISTRATION, 5_000, 100);
      return Date.now() - done;
    }));
    console.info(`new prices answered by both web processes ${seen.map((ms) => `${ms} ms`).join(" and ")} after the run completed`);
    expect(Math.max(...seen)).toBeLessThan(5_000);
  }, 60_000);

  it("shares a rate limit across both web processes: N, not 2N", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < CONTACT_LIMIT_PER_HOUR * 2 + 2; i++) {
      const res = await fetch(`${webs[i % 2]!.url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: APP_URL },
        body: JSON.stringify({ name: "Ada", email: "ada@example.com", subject: `Message ${i}`, category: "data-inquiry", message: "Please add Gandi." }),
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(CONTACT_LIMIT_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(CONTACT_LIMIT_PER_HOUR + 2);
  }, 30_000);

  it("runs a schedule's tick once, not once per worker", async () => {
    const key = scheduleKey(tickScheduleId);
    const via = `__schedule__prices.schedule__${key}`;
    // pg-boss's cron sends a due tick to its send-it queue, one row per (schedule, minute); a worker
    // turns it into one job of the schedule's own queue, which a worker forwards (same id) to prices.schedule.
    const ticks = async () => (await sql.query<{ minute: string }>(
      `SELECT singleton_on::text AS minute FROM pgboss.job WHERE name = '__pgboss__send-it' AND singleton_key = $1 ORDER BY 1`, [via])).rows.map((r) => r.minute);
    const runs = async () => (await sql.query<{ id: string; state: string; forwarded: boolean }>(
      `SELECT j.id, j.state, EXISTS (SELECT 1 FROM pgboss.job f WHERE f.name = $2 AND f.id = j.id) AS forwarded
       FROM pgboss.job j WHERE j.name = 'prices.schedule' AND j.singleton_key = $1`, [`schedule:${key}`, via])).rows;
    // Every minute's tick is due at once: the first arrives within seconds of the workers' start.
    await until("the schedule's first tick to run", async () => (await runs()).some((r) => r.state === "completed"), 20_000, 250);
    // Both workers ask every second: give them several more checks.
    await new Promise((r) => setTimeout(r, 3_000));
    const minutes = await ticks();
    const seen = await runs();
    expect(minutes.length).toBeGreaterThan(0);
    expect(new Set(minutes).size, `ticks: ${minutes.join(", ")}`).toBe(minutes.length);
    // One run per tick, each the tick's own job, however many workers asked.
    const forwardedTicks = (await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1", [via])).rows[0]!.n;
    expect(forwardedTicks).toBe(minutes.length);
    expect(seen.length, `ticks at ${minutes.join(", ")}; runs ${JSON.stringify(seen)}`).toBe(minutes.length);
    expect(seen.every((r) => r.forwarded)).toBe(true);
    // The tick's job did its work: the schedule's last run is recorded.
    const { rows: [schedule] } = await sql.query<{ last_run_at: Date | null }>("SELECT last_run_at FROM fetch_schedules WHERE id = $1", [tickScheduleId]);
    expect(schedule?.last_run_at).not.toBeNull();
  }, 40_000);

  it("loses nothing when a worker is killed with SIGKILL mid-job: another runs it again", async () => {
    fakes.porkbunPricing.behaviour = "hang";
    const id = await sendJob("prices.fetch", { providerKey: "porkbun", requestType: "manual", source: "auto" }, { singletonKey: "prices.fetch:porkbun", retryLimit: 0 });
    await until("the fetch to be running", async () => (await jobRow(id))?.state === "active", 15_000, 100);
    // The worker running it holds the job's lease: an advisory lock on a connection named by its pid.
    let holder: number | undefined;
    await until("the job's lease to be held", async () => {
      const { rows } = await sql.query<{ application_name: string }>(
        `SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
         WHERE l.locktype = 'advisory' AND l.granted AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtextextended($1, $2)`, [id, LEASE_SEED]);
      holder = Number(/^tldscope-leases-(\d+)$/.exec(rows[0]?.application_name ?? "")?.[1]) || undefined;
      return holder !== undefined;
    }, 10_000, 100);
    const victim = workers.find((w) => w.child.pid === holder);
    expect(victim, `lease holder ${holder} is one of the workers`).toBeDefined();
    victim!.child.kill("SIGKILL");
    expect(await victim!.exited).toBeNull();
    fakes.porkbunPricing.behaviour = "success";
    // The other worker's lease sweep finds the job nobody runs and gives it back; it runs it to the end.
    await until("the killed job to be run again and complete", async () => (await jobRow(id))?.state === "completed", 30_000, 250);
    expect((await jobRow(id))?.retry_count).toBeGreaterThanOrEqual(1);
    const { rows: logs } = await sql.query<{ status: string }>(
      `SELECT l.status FROM price_logs l JOIN service_providers p ON p.id = l.service_provider_id WHERE p.slug = 'porkbun' ORDER BY l.id DESC LIMIT 1`);
    expect(logs[0]?.status).toBe("success");
  }, 60_000);
});
