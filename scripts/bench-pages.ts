/**
 * npm run bench:pages: the server-rendered public pages against the trivial route (/api/health)
 * of the same server in the same run, over loopback only:
 *  (a) hot pages (/, /tlds, /tld/com, /registrar/1) at BENCH_CONNECTIONS (20) connections with
 *      autocannon: req/s and p99, and req/s as a share of the trivial route's;
 *  (b) a crawl of BENCH_CRAWL_PAGES (300) distinct TLD pages from /sitemap.xml, 10 at a time, each
 *      once (pages/s), while a second client, in a process of its own
 *      (scripts/lib/health-client.mjs), asks /api/health HEALTH_RATE (100) times a second on
 *      one connection (its p99), and the server's CPU time per crawled page (its processes' user +
 *      system time over the crawl, all threads, the health requests' share included; the database
 *      server's own processes not counted), which another program's load on the machine changes
 *      far less than pages/s. The crawler reads each page's bytes as sent (compressed) over
 *      keep-alive node:http connections and does not decode them: a crawler decodes on its own
 *      machine, and here the load generator shares the server's cores (Node's fetch, used before,
 *      spent 1.6–2.9 ms of CPU per page decoding and parsing, a tenth of the server's). The
 *      benchmark process's own CPU per crawled page is printed beside the server's;
 *  (c) each page's HTML size, as is and brotli-compressed as a browser receives it.
 * Each round crawls pages no earlier round asked for (the page cache would answer them
 * otherwise); when the sitemap runs out, a round asks the same pages in another display
 * currency, which the cache keeps apart. Before the rounds, a warm-up crawl of the sitemap's
 * last 100 pages in NZD (not measured) runs the uncached render path's code hot. Figures are
 * medians over BENCH_ROUNDS rounds.
 * The server is the production build (dist/server) when `npm run build` made one, otherwise the
 * source through tsx; it runs on SQLite, and on PostgreSQL too when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) names a server (a throwaway database, dropped at the end). Settings such as
 * PAGE_CACHE_MB=0 pass through to the server from the environment.
 * BENCH_NODE_FLAGS passes node flags to the server that NODE_OPTIONS refuses, such as
 * "--cpu-prof --cpu-prof-dir=DIR"; each round's slow health answers are printed with their
 * times, to be found in such a profile.
 * BENCH_COLD=1 leaves the warm-up crawl out, as a crawler meets a server straight after its
 * start: the first round's crawl then runs on render code no earlier crawl ran hot, and is
 * printed on its own line beside the median of the rounds.
 * Targets: hot pages ≥ 0.25 × the trivial route's req/s with p99 ≤ 100 ms; the crawl ≥ 100
 * pages/s with /api/health's p99 ≤ 25 ms meanwhile.
 * BENCH_SCALE=N runs each database on a scaled catalogue (scripts/lib/scale-data.ts: 6 × N
 * providers with price lists, each quoting every priced name, prepared before the server starts)
 * and also prints the server's peak resident memory (VmHWM) against a 600 MB target.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { fork } from "node:child_process";
import { Agent, get } from "node:http";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { withPostgres } from "./lib/bench-postgres.ts";
import { median } from "./lib/median.ts";
import { benchScale, memoryLine, peakMemory, scaledDatabase } from "./lib/scale-data.ts";
import { startServer, waitForServerRender } from "./lib/server-process.ts";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CRAWL_PAGES = Number(process.env.BENCH_CRAWL_PAGES ?? 300);
const CRAWL_CONCURRENCY = 10;
/**
 * The health client's steady rate during the crawl: a fixed rate, so the server's CPU per page
 * does not count as many health answers as a client asking flat out would get in between.
 */
const HEALTH_RATE = 100;
/** No single page request may take longer; a crawl round stops at CRAWL_LIMIT_MS whatever happens. */
const REQUEST_TIMEOUT_MS = 30_000;
const CRAWL_LIMIT_MS = 180_000;
const BUILT = existsSync("dist/server/main.js") && existsSync("dist/client/index.html");
const SCALE = benchScale();
const COLD = process.env.BENCH_COLD === "1";

const TRIVIAL = "/api/health";
const HOT_PAGES = ["/", "/tlds", "/tld/com", "/registrar/1"];
/** Display currencies a round may crawl the same pages in once the sitemap's pages are used up. */
const CRAWL_CURRENCIES = ["USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "SEK"];
/** The warm-up crawl before the rounds: this many pages from the sitemap's end, in a currency no round uses. */
const WARM_UP_PAGES = 100;
const WARM_UP_CURRENCY = "NZD";
const TARGET = { hotShare: 0.25, hotP99: 100, crawlRate: 100, healthP99: 25 };

function load(url: string, seconds: number, connections = CONNECTIONS) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections, duration: seconds }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function getPage(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res;
}

/**
 * CPU time (user + system, every thread) of the server's process group so far, in ms: from
 * /proc, in clock ticks of 10 ms (Linux's USER_HZ). Undefined where /proc is missing.
 */
function cpuMsOf(groupId: number): number | undefined {
  if (!existsSync("/proc/self/stat")) return undefined;
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command name (which may hold spaces): state is [0], pgrp [2], utime [11], stime [12].
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === groupId) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks * 10;
}

/**
 * One page as a crawler on another machine would cost this one: a GET over a kept-alive
 * connection, its (compressed) bytes read and not decoded. Rejects on a status other than 200.
 */
function crawlPage(agent: Agent, url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = get(url, { agent, headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url} answered ${res.statusCode}`))));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`${url} took over ${REQUEST_TIMEOUT_MS} ms`)));
    req.on("error", reject);
  });
}

/** The TLD pages the sitemap lists, as paths. */
async function tldPagesOf(base: string): Promise<string[]> {
  const xml = await (await getPage(`${base}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).filter((path) => path.startsWith("/tld/"));
}

/** The health client's figures (ms) over one crawl. */
interface HealthFigures {
  p50: number; p99: number; max: number; requests: number; errors: number;
  /** Answers slower than 15 ms: "<ms>ms@<ms after the client started>/<epoch ms>", to find them in a server profile. */
  slow: string[];
}

/**
 * Starts the health client (scripts/lib/health-client.mjs) in a process of its own, so that its
 * latencies are the server's and not this process's event loop, busy reading the crawl's pages.
 */
async function startHealthClient(url: string): Promise<{ stop(): Promise<HealthFigures> }> {
  const child = fork(fileURLToPath(new URL("./lib/health-client.mjs", import.meta.url)), [url, String(HEALTH_RATE), String(CRAWL_LIMIT_MS / 1000)], { execArgv: [] });
  const messages: Array<(message: HealthMessage) => void> = [];
  const next = () => new Promise<HealthMessage>((resolve, reject) => {
    messages.push(resolve);
    child.once("exit", (code) => reject(new Error(`the health client exited with code ${code}`)));
  });
  child.on("message", (message: HealthMessage) => messages.shift()?.(message));
  const first = await next();
  if ("error" in first) throw new Error(`the health client failed: ${first.error}`);
  return {
    async stop() {
      const done = next();
      child.send("stop");
      const result = await done;
      if ("error" in result) throw new Error(`the health client failed: ${result.error}`);
      if ("started" in result) throw new Error("the health client answered out of turn");
      return result;
    },
  };
}
type HealthMessage = { started: true } | { error: string } | HealthFigures;

/**
 * The pages one at a time per worker, CRAWL_CONCURRENCY workers, each page once, while
 * the health client asks /api/health HEALTH_RATE times a second; answers pages/s, the health p99 and
 * the server's CPU time per page.
 */
async function crawl(base: string, serverPid: number, paths: string[], currency: string) {
  const health = await startHealthClient(base + TRIVIAL);
  const deadline = Date.now() + CRAWL_LIMIT_MS;
  const agent = new Agent({ keepAlive: true, maxSockets: CRAWL_CONCURRENCY });
  const cpuBefore = cpuMsOf(serverPid);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < paths.length && Date.now() < deadline) {
      const path = paths[next++]!;
      try {
        await crawlPage(agent, base + path, { cookie: `currency=${currency}`, "accept-encoding": "br, gzip" });
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: CRAWL_CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuMsOf(serverPid);
  const client = process.cpuUsage(clientBefore);
  agent.destroy();
  const healthResult = await health.stop();
  // The health client's requests are in the server's CPU time too (HEALTH_RATE a second).
  const cpuPerPage = cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / next;
  // The benchmark's own CPU (crawler and health client) per page, on the same cores.
  const clientCpuPerPage = (client.user + client.system) / 1000 / next;
  return { pagesPerSecond: next / seconds, healthP99: healthResult.p99, health: healthResult, failed, crawled: next, cpuPerPage, clientCpuPerPage };
}

async function pageSize(base: string, path: string) {
  const plain = Buffer.byteLength(await (await getPage(base + path, { "accept-encoding": "identity" })).text());
  // Node's fetch decodes what it receives, so the compressed size is counted on a raw request.
  const compressed = await new Promise<number>((resolve, reject) => {
    get(base + path, { headers: { "accept-encoding": "br" }, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => resolve(bytes));
    }).on("error", reject);
  });
  return { plain, compressed };
}

const pad = (value: string, width: number) => value.padStart(width);
const verdict = (ok: boolean) => (ok ? "ok" : "MISSED");

async function measure(label: string, env: Record<string, string>) {
  const scaled = await scaledDatabase(SCALE, env);
  const server = await startServer({ ...env, ...scaled.env }, 120_000, { built: BUILT });
  try {
    const base = server.url;
    const tldPages = await tldPagesOf(base);
    if (tldPages.length === 0) throw new Error("the sitemap lists no TLD pages");
    // Warm-up: the render threads load the page code after start (pages answer the client shell
    // until then); then JIT, caches and database pages.
    await waitForServerRender(server, "/tld/com", 120_000);
    for (const path of HOT_PAGES) await getPage(base + path);
    for (const path of [TRIVIAL, ...HOT_PAGES]) await load(base + path, 1);
    // The hot pages are answered from the page cache after their first render; a short crawl of
    // pages no round asks for (the sitemap's last ones, in a currency no round uses) warms the
    // uncached render path, as any server that has run a while has.
    if (!COLD) await crawl(base, server.pid, tldPages.slice(-WARM_UP_PAGES), WARM_UP_CURRENCY);

    const hot = [TRIVIAL, ...HOT_PAGES].map(() => ({ rps: [] as number[], p99: [] as number[], errors: 0 }));
    const crawls: Array<Awaited<ReturnType<typeof crawl>>> = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, path] of [TRIVIAL, ...HOT_PAGES].entries()) {
        const r = await load(base + path, SECONDS);
        hot[i]!.rps.push(r.requests.average);
        hot[i]!.p99.push(r.latency.p99);
        hot[i]!.errors += r.errors + r.non2xx;
      }
      // Pages no earlier round asked for: the next slice of the sitemap, or the same pages in another currency.
      const start = (round * CRAWL_PAGES) % tldPages.length;
      const pass = Math.floor((round * CRAWL_PAGES) / tldPages.length);
      const paths = Array.from({ length: Math.min(CRAWL_PAGES, tldPages.length) }, (_, i) => tldPages[(start + i) % tldPages.length]!);
      crawls.push(await crawl(base, server.pid, paths, CRAWL_CURRENCIES[pass % CRAWL_CURRENCIES.length]!));
    }

    const trivial = { rps: median(hot[0]!.rps), p99: median(hot[0]!.p99) };
    console.log(`\n${label} (${BUILT ? "production build" : "source through tsx"}${SCALE > 1 ? `, catalogue ×${SCALE}` : ""}${COLD ? ", no warm-up crawl" : ""}), median of ${ROUNDS} rounds`);
    console.log(`(a) hot pages, ${CONNECTIONS} connections × ${SECONDS} s; target ≥ ${TARGET.hotShare} × trivial, p99 ≤ ${TARGET.hotP99} ms`);
    console.log("route                 req/s   p99 ms  × trivial  errors");
    for (const [i, path] of [TRIVIAL, ...HOT_PAGES].entries()) {
      const rps = median(hot[i]!.rps);
      const p99 = median(hot[i]!.p99);
      const share = rps / trivial.rps;
      const ok = i === 0 ? "" : `  ${verdict(share >= TARGET.hotShare && p99 <= TARGET.hotP99)}`;
      console.log(`${path.padEnd(18)} ${pad(rps.toFixed(0), 8)} ${pad(p99.toFixed(0), 8)} ${pad(share.toFixed(3), 10)} ${pad(String(hot[i]!.errors), 7)}${ok}`);
    }
    const rate = median(crawls.map((c) => c.pagesPerSecond));
    const healthP99 = median(crawls.map((c) => c.healthP99));
    const failed = crawls.reduce((sum, c) => sum + c.failed, 0);
    const cpuPerPage = crawls.every((c) => c.cpuPerPage !== undefined) ? median(crawls.map((c) => c.cpuPerPage!)) : undefined;
    console.log(
      `(b) crawl of ${Math.min(CRAWL_PAGES, tldPages.length)} distinct TLD pages (of ${tldPages.length} in the sitemap), ${CRAWL_CONCURRENCY} at a time: `
      + `${rate.toFixed(1)} pages/s (target ≥ ${TARGET.crawlRate}) ${verdict(rate >= TARGET.crawlRate)}; `
      + `/api/health p99 meanwhile ${healthP99.toFixed(0)} ms (target ≤ ${TARGET.healthP99}) ${verdict(healthP99 <= TARGET.healthP99)}; `
      + `failed requests ${failed}; rounds: ${crawls.map((c) => `${c.pagesPerSecond.toFixed(1)}/s`).join(", ")}`
      + (cpuPerPage === undefined ? "" : `; server CPU ${cpuPerPage.toFixed(1)} ms per page`)
      + `; benchmark's own CPU ${median(crawls.map((c) => c.clientCpuPerPage)).toFixed(1)} ms per page`,
    );
    console.log(
      `    /api/health per round (p50/p99/max ms of the requests): ${crawls.map((c) => `${c.health.p50}/${c.health.p99}/${c.health.max} of ${c.health.requests}${c.health.slow.length ? `, over 15 ms: ${c.health.slow.join(" ")}` : ""}`).join("; ")}`,
    );
    if (COLD) {
      const first = crawls[0]!;
      console.log(
        `(b) first crawl, cold (no page rendered before it but the hot pages): ${first.pagesPerSecond.toFixed(1)} pages/s `
        + `${verdict(first.pagesPerSecond >= TARGET.crawlRate)}; /api/health p99 ${first.healthP99.toFixed(0)} ms ${verdict(first.healthP99 <= TARGET.healthP99)}; failed ${first.failed}`,
      );
    }
    console.log("(c) HTML size           bytes   brotli");
    for (const path of [...HOT_PAGES, tldPages[0]!]) {
      const size = await pageSize(base, path);
      console.log(`${path.padEnd(18)} ${pad(String(size.plain), 10)} ${pad(String(size.compressed), 8)}${size.plain > 150 * 1024 ? "  over 150 KB" : ""}`);
    }
    if (SCALE > 1) console.log(memoryLine(label, peakMemory(server.pid, { group: true })));
  } finally {
    await server.stop();
    scaled.cleanup();
  }
}

await measure("SQLite", {});
// PostgreSQL requires APP_SECRET (registrar credentials); the benchmark stores none.
await withPostgres("bench_pages", (url) => measure("PostgreSQL", { DATABASE_URL: url, APP_SECRET: randomBytes(32).toString("hex") }));
