/**
 * npm run bench: the price list against a hello-world route on the same server, over
 * loopback with autocannon. Prints figures; targets (SQLite): list ≥ 40% of hello-world
 * throughput, p99 < 25 ms at 50 connections.
 */
import autocannon from "autocannon";
import { startServer } from "./lib/server-process.ts";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

const routes = [
  { name: "hello-world  /api/health", path: "/api/health" },
  { name: "price list   sortBy=registrationPrice", path: "/api/domain-prices?page=1&limit=20&sortBy=registrationPrice&sortOrder=asc" },
  { name: "price search search=co&category=generic", path: "/api/domain-prices?page=1&limit=20&sortBy=registrationPrice&sortOrder=asc&search=co&category=generic" },
];

function run(url: string, seconds: number) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

// BENCH_CACHE=off measures the uncached path (every request queries the database).
const cacheOff = process.env.BENCH_CACHE === "off";
const server = await startServer({ ...(cacheOff ? { PRICE_CACHE_SECONDS: "0" } : {}) });
try {
  console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per route, price cache ${cacheOff ? "off" : "on"}, server at ${server.url}\n`);
  const results: { name: string; rps: number; p50: number; p99: number; errors: number }[] = [];
  for (const route of routes) {
    await run(server.url + route.path, 2); // warm-up: JIT, caches, SQLite pages
    const r = await run(server.url + route.path, DURATION);
    results.push({ name: route.name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx });
  }
  const hello = results[0]!.rps;
  console.log("route                                      req/s     p50 ms   p99 ms   vs hello   errors");
  for (const r of results) {
    console.log(
      `${r.name.padEnd(40)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(1).padStart(9)} ${r.p99.toFixed(1).padStart(8)} ${((r.rps / hello) * 100).toFixed(0).padStart(8)}%   ${r.errors}`,
    );
  }
} finally {
  await server.stop();
}
