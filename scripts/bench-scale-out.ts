/**
 * npm run bench:scale-out: the README's scale-out recipe under steady load, on PostgreSQL
 * (BENCH_DATABASE_URL or TEST_DATABASE_URL; a throwaway database): two ROLE=web processes on two
 * ports and two ROLE=worker processes, the production build as `npm start` runs it, every
 * third-party API a loopback fake. While BENCH_CLIENTS (4) clients per web process ask pages and
 * price answers without pause, BENCH_ROUNDS (3) rounds each change Porkbun's .com price at its fake,
 * have a worker run Porkbun's fetch, and time how long after the run completed both web
 * processes answer the new price (API and page); target < 5 s. Then: requests that failed
 * meanwhile (target 0), and a schedule due every minute, put on the queue before the load, whose
 * every tick must have run exactly once. Medians over the rounds; the machine may be shared, so
 * the load average is printed beside them.
 */
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { Hono } from "hono";
import pg from "pg";
import { openDb } from "../db/client.ts";
import { insertSchedule } from "../db/repositories/schedule-repository.ts";
import { findServiceProviderBySlug } from "../db/repositories/service-provider-repository.ts";
import { startFakes } from "../e2e/fakes.ts";
import { PgBossQueue } from "../jobs/pg-boss-queue.ts";
import { PORKBUN_ANSWER } from "../src/server/integrations/prices/testing/fake-porkbun.ts";
import { createLogger } from "../src/server/lib/logger.ts";
import { startLoopbackServer } from "../src/server/testing/loopback.ts";
import { serverBuilt, startServerProcess, until, type ServerProcess } from "../src/server/testing/server-processes.ts";
import { withPostgres } from "./lib/bench-postgres.ts";
import { median } from "./lib/median.ts";
import { freePort } from "./lib/server-process.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const TARGET_MS = 5_000;
const LOAD_PATHS = ["/tld/com", "/api/domain-prices/tld/com", "/tlds", "/api/domain-prices/tld/net", "/"];

if (!serverBuilt()) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

/** Porkbun's pricing API answering `price` for .com's registration. */
let comPrice = "11.08";
const porkbun = await startLoopbackServer(new Hono().post("/pricing/get", (c) => {
  const answer = JSON.parse(PORKBUN_ANSWER) as { pricing: Record<string, { registration: string }> };
  answer.pricing.com!.registration = comPrice;
  return c.json(answer);
}));

await withPostgres("bench_scale_out", async (url) => {
  const fakes = await startFakes();
  const db = openDb({ databaseUrl: url, poolSize: 2 });
  const sql = new pg.Pool({ connectionString: url, max: 2 });
  const queue = new PgBossQueue({ connectionString: url, log: createLogger("silent"), poolSize: 1 });
  const shared = {
    ...fakes.env, PORKBUN_API_URL: porkbun.url, DATABASE_URL: url, APP_URL: "https://tldscope.example",
    APP_SECRET: randomBytes(32).toString("hex"), LOG_LEVEL: "warn", QUEUE_CRON_CHECK_SECONDS: "1", RENDER_WORKERS: "1",
  };
  const ports = [await freePort(), await freePort()];
  const webs = ports.map((port) => `http://127.0.0.1:${port}`);
  const procs: ServerProcess[] = [];
  try {
    const started = performance.now();
    procs.push(startServerProcess({ ...shared, ROLE: "web", PORT: String(ports[0]) }, { built: true }));
    // The first process migrates and seeds; the others find the data there.
    await until("the first web process", async () => (await fetch(`${webs[0]}/api/ready`).then((r) => r.status, () => 0)) === 200, 300_000, 500);
    procs.push(startServerProcess({ ...shared, ROLE: "web", PORT: String(ports[1]) }, { built: true }));
    for (let i = 0; i < 2; i++) procs.push(startServerProcess({ ...shared, ROLE: "worker", LOG_LEVEL: "info" }, { built: true }));
    await until("the second web process", async () => (await fetch(`${webs[1]}/api/ready`).then((r) => r.status, () => 0)) === 200, 300_000, 500);
    await until("both workers", () => procs.slice(2).every((p) => p.output.includes("job queue started")), 300_000, 500);
    console.log(`four processes ready ${((performance.now() - started) / 1000).toFixed(1)} s after the first started`);

    await queue.start({ work: false });
    const hover = await findServiceProviderBySlug(db, "hover");
    const scheduleId = await insertSchedule(db, { name: "Every minute", description: null, providerId: hover!.id, schedule: "* * * * *", isActive: true, nextRun: null });
    await queue.schedule("prices.schedule", `schedule-${scheduleId}`, "* * * * *", { scheduleId });

    // The steady load.
    let loading = true;
    const counts = { ok: 0, failed: 0, errors: [] as string[] };
    const client = async (web: string, offset: number) => {
      for (let i = offset; loading; i++) {
        const path = LOAD_PATHS[i % LOAD_PATHS.length]!;
        try {
          const res = await fetch(web + path);
          await res.text();
          if (res.status === 200) counts.ok++;
          else { counts.failed++; counts.errors.push(`${path} ${res.status}`); }
        } catch (error) {
          counts.failed++;
          counts.errors.push(`${path} ${String(error)}`);
        }
      }
    };
    const clients = webs.flatMap((web) => Array.from({ length: CLIENTS }, (_, i) => client(web, i)));

    // The probes' own failures count with the load's.
    const probe = async <T>(read: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await read();
      } catch (error) {
        counts.failed++;
        counts.errors.push(`probe ${String((error as Error).cause ?? error)}`);
        return undefined;
      }
    };
    const apiPrice = (web: string) => probe(async () => {
      const quotes = (await (await fetch(`${web}/api/domain-prices/tld/com`)).json()) as { registrationPrice: string | null }[];
      return quotes.find((q) => JSON.stringify(q).includes('"Porkbun"'))?.registrationPrice;
    });
    const pagePrice = (web: string) => probe(async () =>
      /Porkbun<\/a>[\s\S]*?data-label="Registration">\$([\d.]+)/.exec(await (await fetch(`${web}/tld/com`)).text())?.[1]);

    const delays: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      comPrice = (9.61 + round * 0.11).toFixed(2);
      const id = await queue.send("prices.fetch", { providerKey: "porkbun", requestType: "manual", source: "auto" }, { singletonKey: "prices.fetch:porkbun", retryLimit: 0 });
      if (!id) throw new Error("a Porkbun fetch is already queued or running");
      await until("the Porkbun run", async () => (await sql.query("SELECT state FROM pgboss.job WHERE id = $1", [id])).rows[0]?.state === "completed", 120_000, 50);
      const done = performance.now();
      const seen = await Promise.all(webs.map(async (web) => {
        await until("the new price", async () => (await apiPrice(web)) === comPrice && (await pagePrice(web)) === comPrice, 60_000, 50);
        return performance.now() - done;
      }));
      delays.push(Math.max(...seen));
      console.log(`round ${round + 1}: .com at Porkbun ${comPrice}; answered by both web processes ${seen.map((ms) => `${ms.toFixed(0)} ms`).join(" and ")} after the run completed`);
    }
    // Let the schedule tick at least twice.
    await new Promise((r) => setTimeout(r, 61_000));
    loading = false;
    await Promise.all(clients);

    const via = `__schedule__prices.schedule__schedule-${scheduleId}`;
    const ticks = (await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM pgboss.job WHERE name = '__pgboss__send-it' AND singleton_key = $1", [via])).rows[0]!.n;
    const runs = (await sql.query<{ n: number; ids: number }>(
      "SELECT count(*)::int AS n, count(DISTINCT id)::int AS ids FROM pgboss.job WHERE name = 'prices.schedule' AND singleton_key = $1", [`schedule:schedule-${scheduleId}`])).rows[0]!;
    const delay = median(delays);
    console.log(`\ntwo web + two worker processes on PostgreSQL (production build), ${CLIENTS} clients per web process; load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
    console.log(`new prices answered by both web processes (API and page) after a worker's run: median ${delay.toFixed(0)} ms, worst ${Math.max(...delays).toFixed(0)} ms over ${ROUNDS} rounds (target < ${TARGET_MS}) ${delay < TARGET_MS && Math.max(...delays) < TARGET_MS ? "ok" : "MISSED"}`);
    console.log(`requests under load: ${counts.ok} answered, ${counts.failed} failed (target 0) ${counts.failed === 0 ? "ok" : "MISSED"}${counts.errors.length ? `: ${counts.errors.slice(0, 5).join("; ")}` : ""}`);
    console.log(`schedule due every minute: ${ticks} ticks, ${runs.n} runs (${runs.ids} distinct) (target one run per tick) ${ticks > 0 && runs.n === ticks && runs.ids === ticks ? "ok" : "MISSED"}`);
  } finally {
    for (const p of procs) p.child.kill("SIGTERM");
    await Promise.race([Promise.all(procs.map((p) => p.exited)), new Promise((r) => setTimeout(r, 15_000))]);
    for (const p of procs) p.kill();
    await queue.stop(1000).catch(() => undefined);
    await sql.end();
    await db.close();
    await fakes.close();
  }
});
await porkbun.close();
