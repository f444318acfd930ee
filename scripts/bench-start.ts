/**
 * npm run bench:start: `npm start` (the production build) on a fresh SQLite database with the
 * bundled data, BENCH_ROUNDS (3) times, each from an empty file, first on the machine as it is,
 * then with one CPU burner per core running (busy-loop child processes, BENCH_BURN=0 skips them),
 * and the loaded/quiet ratio of each figure:
 *  - port open: from spawning the process to /api/health answering (it says "starting" while
 *    the database is seeded);
 *  - ready: from spawning the process to GET /api/ready answering 200 (migrate, seed, queue,
 *    render threads loaded and warm); target < 10 s;
 *  - the first /tlds after ready, against /tlds once warm in the same run (the median of 5 later
 *    requests, the baseline); target < 300 ms;
 *  - a crawl started the moment /api/ready says ready: every TLD page of /sitemap.xml, 10 at a
 *    time, each once; pages answered with the client shell instead of a render (the server marks
 *    a server-rendered page with its state script) must be 0.
 * Figures are medians over the rounds. The machine may be shared: quote them as measured here,
 * with the load average printed beside them.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { assertClientBuilt } from "./e2e-server.ts";
import { median } from "./lib/median.ts";
import { freePort } from "./lib/server-process.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BURN = process.env.BENCH_BURN !== "0";
const CRAWL_CONCURRENCY = 10;
const TARGET = { readyMs: 10_000, firstTlds: 300 };

async function timed(url: string): Promise<{ ms: number; html: string; status: number }> {
  const started = performance.now();
  const res = await fetch(url);
  const html = await res.text();
  return { ms: performance.now() - started, html, status: res.status };
}

const rendered = (html: string) => html.includes('id="ssr-state"');

async function round() {
  const dir = mkdtempSync(join(tmpdir(), "bench-start-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ["--max-semi-space-size=4", "scripts/run-built.mjs", "main"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", APP_URL: url, SQLITE_PATH: join(dir, "app.db"), DATABASE_URL: "", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    let readyMs: number | undefined;
    let portMs: number | undefined;
    let earlyPages = 0;
    while (readyMs === undefined) {
      if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
      if (performance.now() - started > 180_000) throw new Error("not ready within 180 s");
      const status = await fetch(`${url}/api/ready`).then((r) => r.status, () => 0);
      if (status !== 0) portMs ??= performance.now() - started;
      if (status === 200) readyMs = performance.now() - started;
      else {
        // A page asked before ready must be a 503, never the client shell. A rendered page is no
        // fault: the server became ready between the two requests.
        if (status !== 0) {
          const page = await fetch(`${url}/tlds`).then(async (r) => ({ status: r.status, html: await r.text() }), () => undefined);
          if (page?.status === 200 && !rendered(page.html)) earlyPages++;
        }
        await new Promise((r) => setTimeout(r, 25));
      }
    }
    const first = await timed(`${url}/tlds`);
    // The crawl starts now, at once: every TLD page once.
    const xml = (await timed(`${url}/sitemap.xml`)).html;
    const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).filter((p) => p.startsWith("/tld/"));
    let next = 0;
    let shells = 0;
    let failed = 0;
    const crawlStarted = performance.now();
    await Promise.all(Array.from({ length: CRAWL_CONCURRENCY }, async () => {
      while (next < paths.length) {
        const page = await timed(url + paths[next++]!).catch(() => undefined);
        if (!page || page.status !== 200) failed++;
        else if (!rendered(page.html)) shells++;
      }
    }));
    const pagesPerSecond = paths.length / ((performance.now() - crawlStarted) / 1000);
    const warm: number[] = [];
    for (let i = 0; i < 5; i++) warm.push((await timed(`${url}/tlds`)).ms);
    return { portMs: portMs ?? readyMs, earlyPages, readyMs, firstTlds: first.ms, firstRendered: rendered(first.html), warmTlds: median(warm), crawled: paths.length, shells, failed, pagesPerSecond };
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One busy-loop process per core, until stopped. */
function startBurners(): ChildProcess[] {
  return Array.from({ length: availableParallelism() }, () =>
    spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
}

async function series(label: string) {
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const r = await round();
    rounds.push(r);
    console.log(`${label} round ${i + 1}: port open ${r.portMs.toFixed(0)} ms, ready ${r.readyMs.toFixed(0)} ms; first /tlds ${r.firstTlds.toFixed(0)} ms (${r.firstRendered ? "rendered" : "CLIENT SHELL"}), warm /tlds ${r.warmTlds.toFixed(0)} ms; crawl of ${r.crawled} TLD pages from ready: ${r.pagesPerSecond.toFixed(1)} pages/s, ${r.shells} shells, ${r.failed} failed; client shells before ready: ${r.earlyPages}`);
  }
  const load = loadavg().map((l) => l.toFixed(1)).join(" ");
  return {
    port: median(rounds.map((r) => r.portMs)),
    ready: median(rounds.map((r) => r.readyMs)),
    first: median(rounds.map((r) => r.firstTlds)),
    warm: median(rounds.map((r) => r.warmTlds)),
    shells: rounds.reduce((n, r) => n + r.shells + (r.firstRendered ? 0 : 1), 0),
    early: rounds.reduce((n, r) => n + r.earlyPages, 0),
    load,
  };
}

assertClientBuilt();
const verdict = (ok: boolean) => (ok ? "ok" : "MISSED");
const quiet = await series("quiet");
let loaded: Awaited<ReturnType<typeof series>> | undefined;
if (BURN) {
  const burners = startBurners();
  try {
    loaded = await series(`loaded (${burners.length} CPU burners)`);
  } finally {
    for (const burner of burners) burner.kill("SIGKILL");
  }
}
console.log(`\nnpm start on a fresh SQLite database (production build), median of ${ROUNDS} rounds on ${availableParallelism()} cores`);
for (const [label, s] of [["quiet", quiet], ["loaded", loaded]] as const) {
  if (!s) continue;
  console.log(`${label} (load average ${s.load}): port open ${s.port.toFixed(0)} ms; ready (/api/ready 200) ${s.ready.toFixed(0)} ms${label === "quiet" ? ` (target < ${TARGET.readyMs}) ${verdict(s.ready < TARGET.readyMs)}` : ""}; first /tlds after ready ${s.first.toFixed(0)} ms${label === "quiet" ? ` (target < ${TARGET.firstTlds}) ${verdict(s.first < TARGET.firstTlds)}` : ""}, warm /tlds ${s.warm.toFixed(0)} ms (baseline)`);
  console.log(`${label}: client shells answered from ready on (first /tlds and the crawl, all rounds): ${s.shells} (target 0) ${verdict(s.shells === 0)}; client shells answered before ready: ${s.early} (target 0) ${verdict(s.early === 0)}`);
}
if (loaded) {
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  console.log(`loaded / quiet: port open ${ratio(loaded.port, quiet.port)}×, ready ${ratio(loaded.ready, quiet.ready)}×, first /tlds ${ratio(loaded.first, quiet.first)}×`);
}
