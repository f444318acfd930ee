/**
 * npm run bench: the price list and the search+category list through both doors (REST and
 * tRPC GET), with the price cache on and off (PRICE_CACHE_SECONDS=0), against the trivial
 * route (/api/health) of the same server in the same run, over loopback with autocannon.
 * Runs on SQLite, and on PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names
 * a server: a throwaway database is created there and dropped at the end.
 * Each round measures every route for BENCH_SECONDS, routes interleaved so a noisy neighbour
 * hits them alike; figures are medians over BENCH_ROUNDS rounds.
 * Targets: at least 40% of the trivial route's requests per second, p99 ≤ 2 × its p99 + 5 ms.
 * BENCH_SCALE=N runs each database on a scaled catalogue (scripts/lib/scale-data.ts: 6 × N
 * providers with price lists, each quoting every priced name, prepared before the server starts)
 * and also prints the server's peak resident memory (VmHWM) against a 600 MB target.
 * The server is the production build (dist/server, as `npm start` runs it) when `npm run build`
 * made one, otherwise the source through tsx, whose compiler and source-run render threads take
 * memory production never spends.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import autocannon from "autocannon";
import { withPostgres } from "./lib/bench-postgres.ts";
import { median } from "./lib/median.ts";
import { benchScale, memoryLine, peakMemory, scaledDatabase } from "./lib/scale-data.ts";
import { startServer } from "./lib/server-process.ts";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SCALE = benchScale();

const trpcList = (input: object) => `/trpc/prices.list?input=${encodeURIComponent(JSON.stringify(input))}`;
const LIST = { page: 1, limit: 20, sortBy: "registrationPrice", sortOrder: "asc" };
const SEARCH = { ...LIST, search: "co", category: "generic" };
const routes = [
  { name: "trivial      /api/health", path: "/api/health" },
  { name: "REST list    sortBy=registrationPrice", path: "/api/domain-prices?page=1&limit=20&sortBy=registrationPrice&sortOrder=asc" },
  { name: "REST search  search=co&category=generic", path: "/api/domain-prices?page=1&limit=20&sortBy=registrationPrice&sortOrder=asc&search=co&category=generic" },
  { name: "tRPC list    prices.list", path: trpcList(LIST) },
  { name: "tRPC search  prices.list search+category", path: trpcList(SEARCH) },
];

function run(url: string, seconds: number) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const BUILT = existsSync("dist/server/main.js") && existsSync("dist/client/index.html");

async function measure(label: string, env: Record<string, string>) {
  const server = await startServer(env, 120_000, { built: BUILT });
  try {
    for (const route of routes) await run(server.url + route.path, 1); // warm-up: JIT, caches, database pages
    const samples = routes.map(() => ({ rps: [] as number[], p99: [] as number[], errors: 0 }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, route] of routes.entries()) {
        const r = await run(server.url + route.path, SECONDS);
        samples[i]!.rps.push(r.requests.average);
        samples[i]!.p99.push(r.latency.p99);
        samples[i]!.errors += r.errors + r.non2xx;
      }
    }
    const rows = samples.map((s, i) => ({ name: routes[i]!.name, rps: median(s.rps), p99: median(s.p99), errors: s.errors }));
    const base = rows[0]!;
    console.log(`\n${label} (${BUILT ? "production build" : "source through tsx"}${SCALE > 1 ? `, catalogue ×${SCALE}` : ""}): ${CONNECTIONS} connections, median of ${ROUNDS} rounds × ${SECONDS} s`);
    console.log("route                                        req/s   p99 ms   vs trivial   p99 limit   errors");
    for (const r of rows) {
      const limit = 2 * base.p99 + 5;
      const ok = r === base ? "" : r.rps >= 0.4 * base.rps && r.p99 <= limit ? "  ok" : "  MISSED";
      console.log(
        `${r.name.padEnd(42)} ${r.rps.toFixed(0).padStart(8)} ${r.p99.toFixed(0).padStart(8)} ${`${((r.rps / base.rps) * 100).toFixed(0)}%`.padStart(12)} ${limit.toFixed(0).padStart(11)} ${String(r.errors).padStart(8)}${ok}`,
      );
    }
    if (SCALE > 1) console.log(memoryLine(label, peakMemory(server.pid, { group: true })));
  } finally {
    await server.stop();
  }
}

// At BENCH_SCALE > 1 each database is scaled once, before its first server, and kept for both.
const sqlite = await scaledDatabase(SCALE, {});
try {
  for (const cache of ["off", "on"] as const) {
    await measure(`SQLite, price cache ${cache}`, { ...sqlite.env, ...(cache === "off" ? { PRICE_CACHE_SECONDS: "0" } : {}) });
  }
} finally {
  sqlite.cleanup();
}
await withPostgres("bench", async (url) => {
  // PostgreSQL requires APP_SECRET (registrar credentials); the benchmark stores none.
  const env = { DATABASE_URL: url, APP_SECRET: randomBytes(32).toString("hex") };
  await scaledDatabase(SCALE, env);
  for (const cache of ["off", "on"] as const) {
    await measure(`PostgreSQL, price cache ${cache}`, { ...env, ...(cache === "off" ? { PRICE_CACHE_SECONDS: "0" } : {}) });
  }
});
