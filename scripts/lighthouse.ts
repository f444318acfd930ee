/**
 * Lighthouse (mobile profile, simulated throttling) on the production build: starts the server
 * on a temporary database, audits /, /tlds, /tld/com and /registrar/1 in Debian's Chromium, prints
 * the four category scores, FCP, LCP and total blocking time per page and each page's first-load
 * JavaScript, then stops the server. Exits non-zero when a page misses the targets (performance
 * 90, accessibility 95, best practices 95, TBT 200 ms, initial JS 200 KB gzipped). Reports are
 * kept as JSON in $TMPDIR/tld-lighthouse/. It also prints the median of Lighthouse's benchmarkIndex
 * (the host's "CPU/Memory Power"): the default 4× CPU slowdown is meant for a high-end desktop host
 * (1500–2000 in Lighthouse's throttling guide), so scores and TBT from hosts of different power
 * compare only with that number beside them.
 *
 * HOST_POWER=N scales the CPU slowdown to what the default 4× does on a host whose
 * benchmarkIndex is N: before each audit a short Lighthouse run of /robots.txt measures this
 * host's benchmarkIndex B, and the audit runs with a slowdown of 4 × B / N. HOST_POWER=1200 on a
 * fast host thus shows what the same build scores on a slow one.
 *
 *   npm run build && npm run lighthouse            RUNS=3 takes the median of three runs
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, assertClientBuilt, startProductionServer } from "./e2e-server.ts";
import { initialJs, routeKeyFor } from "./initial-js.ts";

const PAGES = process.env.PAGES?.split(",") ?? ["/", "/tlds", "/tld/com", "/registrar/1"];
const TBT_TARGET_MS = 200;
const INITIAL_JS_TARGET_BYTES = 200 * 1024;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const TARGETS: Partial<Record<(typeof CATEGORIES)[number], number>> = { performance: 90, accessibility: 95, "best-practices": 95 };
const RUNS = Math.max(1, Number(process.env.RUNS ?? 1));
const DEFAULT_CPU_SLOWDOWN = 4;
const HOST_POWER = process.env.HOST_POWER ? Number(process.env.HOST_POWER) : undefined;
if (HOST_POWER !== undefined && !(HOST_POWER > 0)) throw new Error(`HOST_POWER must be a positive number, got ${process.env.HOST_POWER}`);
const reportDir = join(tmpdir(), "tld-lighthouse");

assertClientBuilt();
mkdirSync(reportDir, { recursive: true });
const server = await startProductionServer();
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS] });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
let missed = 0;
const benchmarkIndexes: number[] = [];
const slowdowns: number[] = [];

/** The CPU slowdown for the next audit: Lighthouse's default, or scaled to HOST_POWER from a fresh benchmarkIndex. */
async function cpuSlowdown(port: number): Promise<number> {
  if (HOST_POWER === undefined) return DEFAULT_CPU_SLOWDOWN;
  const probe = await lighthouse(`${server.url}/robots.txt`, { port, output: "json", logLevel: "error", onlyAudits: ["viewport"] });
  const index = probe?.lhr.environment.benchmarkIndex;
  if (!index) throw new Error("Lighthouse reported no benchmarkIndex to scale the CPU slowdown by");
  return (DEFAULT_CPU_SLOWDOWN * index) / HOST_POWER;
}

try {
  console.log(`Lighthouse ${RUNS > 1 ? `(median of ${RUNS}) ` : ""}against ${server.url}`);
  console.log(["page".padEnd(14), ...CATEGORIES.map((c) => c.padStart(15)), "   FCP", "   LCP", "   TBT"].join(""));
  for (const path of PAGES) {
    const runs: Array<Record<string, number>> = [];
    for (let i = 0; i < RUNS; i += 1) {
      const cpuSlowdownMultiplier = await cpuSlowdown(chrome.port);
      slowdowns.push(cpuSlowdownMultiplier);
      const result = await lighthouse(`${server.url}${path}`, {
        port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES],
        throttling: { cpuSlowdownMultiplier },
      });
      if (!result) throw new Error(`no Lighthouse result for ${path}`);
      const { lhr } = result;
      writeFileSync(join(reportDir, `${path.replace(/\W+/g, "_") || "home"}-${i}.json`), JSON.stringify(lhr));
      const scores: Record<string, number> = {};
      for (const category of CATEGORIES) scores[category] = Math.round((lhr.categories[category]?.score ?? 0) * 100);
      scores.fcp = lhr.audits["first-contentful-paint"]?.numericValue ?? 0;
      scores.lcp = lhr.audits["largest-contentful-paint"]?.numericValue ?? 0;
      scores.tbt = lhr.audits["total-blocking-time"]?.numericValue ?? 0;
      runs.push(scores);
      if (lhr.environment.benchmarkIndex) benchmarkIndexes.push(lhr.environment.benchmarkIndex);
    }
    const pick = (key: string) => median(runs.map((r) => r[key] ?? 0));
    const row = CATEGORIES.map((category) => {
      const score = pick(category);
      const target = TARGETS[category];
      if (target !== undefined && score < target) missed += 1;
      return `${score}${target !== undefined && score < target ? "!" : " "}`.padStart(15);
    });
    const tbt = pick("tbt");
    if (tbt > TBT_TARGET_MS) missed += 1;
    const tbtCell = `${Math.round(tbt)}ms${tbt > TBT_TARGET_MS ? "!" : " "}`;
    console.log([path.padEnd(14), ...row, `${(pick("fcp") / 1000).toFixed(1)}s`.padStart(6), `${(pick("lcp") / 1000).toFixed(1)}s`.padStart(6), tbtCell.padStart(9)].join(""));
  }
  for (const path of PAGES) {
    const js = initialJs("dist/client", routeKeyFor("dist/client", path));
    const over = js.gzip > INITIAL_JS_TARGET_BYTES;
    if (over) missed += 1;
    console.log(`initial JS for ${path}: ${js.files.length} files, ${(js.gzip / 1024).toFixed(1)} KB gzipped${over ? "!" : ""} (${(js.brotli / 1024).toFixed(1)} KB brotli, ${(js.raw / 1024).toFixed(1)} KB minified)`);
  }
  if (benchmarkIndexes.length) console.log(`host CPU power (Lighthouse benchmarkIndex, median of ${benchmarkIndexes.length} runs): ${Math.round(median(benchmarkIndexes))}`);
  if (HOST_POWER !== undefined) console.log(`CPU slowdown scaled to a host of power ${HOST_POWER}: median ${median(slowdowns).toFixed(1)}× (${Math.min(...slowdowns).toFixed(1)}–${Math.max(...slowdowns).toFixed(1)}×)`);
} finally {
  chrome.kill();
  await server.stop();
}
console.log(missed ? `${missed} target(s) missed (marked !); reports in ${reportDir}` : `all targets met; reports in ${reportDir}`);
process.exit(missed ? 1 : 0);
