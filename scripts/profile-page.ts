/**
 * Where a page's load spends the main thread: loads each page of PAGES in Debian's Chromium with
 * the CPU slowed down (CPU_SLOWDOWN, default 4, as Lighthouse's mobile profile), records a
 * JavaScript CPU profile and the long tasks from page start until the app marks
 * <html data-hydrated> and a further second has passed, and prints the long tasks after first
 * contentful paint (their blocking time summed, as total blocking time counts it) and the
 * functions and scripts with the most self time, then each main-thread task over TASK_MS with what
 * ran in it. RUNS=n repeats each page and prints medians of the blocking time; TRACE_FILE=path
 * keeps the first run's trace. The profiler itself slows the page down a little: compare runs of
 * this script with each other, not with Lighthouse.
 *
 *   npm run build && npm run profile                PAGES=/tld/com TOP=40 npm run profile
 */
import { chromium, type CDPSession } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, assertClientBuilt, startProductionServer } from "./e2e-server.ts";

const PAGES = process.env.PAGES?.split(",") ?? ["/", "/tlds", "/tld/com", "/registrar/1"];
const CPU_SLOWDOWN = Number(process.env.CPU_SLOWDOWN ?? 4);
const RUNS = Math.max(1, Number(process.env.RUNS ?? 1));
const TOP = Number(process.env.TOP ?? 25);
/** Tasks listed from the trace: at least this long (ms, as run). */
const TASK_MS = Number(process.env.TASK_MS ?? 50);
/**
 * Also sums, over the trace's tasks after first contentful paint, the time each would block if it
 * ran SCALE times slower (its duration × SCALE − 50 ms), as Lighthouse's simulation scales tasks
 * observed on an unthrottled page. Meant for CPU_SLOWDOWN=1.
 */
const SCALE = Number(process.env.SCALE ?? 0);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number }

/** Self time (ms, as measured under the slowdown) by function and by script. */
function selfTimes(profile: Profile) {
  const byNode = new Map<number, number>();
  profile.samples.forEach((id, i) => byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byFunction = new Map<string, number>();
  const byScript = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = byNode.get(node.id) ?? 0;
    if (!ms) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const script = url.split("/").pop() || `(${functionName || "anonymous"})`;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    const key = `${functionName || "(anonymous)"}  ${script}:${lineNumber + 1}:${columnNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
  }
  const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  return { functions: top(byFunction, TOP), scripts: top(byScript, 12) };
}

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: { data?: Record<string, unknown> } }

/** The page's renderer main thread: of the CrRendererMain threads in the trace, the one with the most tasks. */
function mainThread(events: TraceEvent[]): TraceEvent | undefined {
  const busiest = (e: TraceEvent) => events.filter((t) => t.pid === e.pid && t.tid === e.tid && t.name === "RunTask").length;
  return events
    .filter((e) => e.name === "thread_name" && (e.args as { name?: string } | undefined)?.name === "CrRendererMain")
    .sort((a, b) => busiest(b) - busiest(a))[0];
}

/** Blocking time of the main thread's tasks after first contentful paint, each scaled by `scale`. */
function scaledBlocking(events: TraceEvent[], scale: number): number {
  const main = mainThread(events);
  const fcp = events.find((e) => e.name === "firstContentfulPaint");
  if (!main || !fcp) return Number.NaN;
  return events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.name === "RunTask" && e.ts >= fcp.ts)
    .reduce((sum, e) => sum + Math.max(0, ((e.dur ?? 0) / 1000) * scale - 50), 0);
}

/** The main thread's tasks over TASK_MS, each with what ran in it (trace events and profile self time). */
function longTasks(events: TraceEvent[], profile: Profile): string[] {
  const main = mainThread(events);
  if (!main) return ["   (no renderer main thread in the trace)"];
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur !== undefined);
  const tasks = onMain.filter((e) => e.name === "RunTask" && (e.dur ?? 0) > TASK_MS * 1000);
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const sampleTimes: number[] = [];
  let t = profile.startTime;
  for (const delta of profile.timeDeltas) sampleTimes.push((t += delta));
  const lines: string[] = [];
  const first = tasks[0]?.ts ?? 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
    const kinds = new Map<string, number>();
    for (const e of inside) {
      if (["FunctionCall", "EvaluateScript", "v8.evaluateModule", "ParseHTML", "UpdateLayoutTree", "Layout", "TimerFire", "FireAnimationFrame", "RunMicrotasks", "v8.compileModule", "v8.compile", "EventDispatch", "Paint", "PrePaint", "Commit", "HitTest", "ParseAuthorStyleSheet", "MajorGC", "MinorGC"].includes(e.name)) {
        kinds.set(e.name, (kinds.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
      }
    }
    const fns = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const at = sampleTimes[i] ?? 0;
      if (at < task.ts || at >= end) return;
      const frame = nodes.get(id)?.callFrame;
      if (!frame) return;
      const key = `${frame.functionName || "(anon)"}@${frame.url.split("/").pop()}:${frame.lineNumber + 1}`;
      fns.set(key, (fns.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
    const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, ms]) => `${k} ${ms.toFixed(0)}`).join(", ");
    lines.push(`   task at +${((task.ts - first) / 1000).toFixed(0)} ms, ${((task.dur ?? 0) / 1000).toFixed(0)} ms: ${top(kinds, 6)}\n      ${top(fns, Number(process.env.TASK_TOP ?? 10))}`);
  }
  return lines;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

assertClientBuilt();
const server = await startProductionServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  console.log(`CPU slowdown ${CPU_SLOWDOWN}×, ${server.url}`);
  for (const path of PAGES) {
    const blocking: number[] = [];
    const scaled: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const w = window as unknown as { __longTasks: Array<{ start: number; duration: number }> };
        w.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: "longtask", buffered: true });
      });
      const cdp: CDPSession = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
      await browser.startTracing(page, { categories: ["toplevel", "v8.execute", "devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-devtools.timeline.invalidationTracking", "disabled-by-default-devtools.timeline.stack"] });
      await page.goto(`${server.url}${path}`);
      await page.waitForSelector("html[data-hydrated]", { timeout: 60_000 });
      await page.waitForTimeout(1000);
      const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
      const traceBuffer = await browser.stopTracing();
      if (process.env.TRACE_FILE) (await import("node:fs")).writeFileSync(process.env.TRACE_FILE, traceBuffer);
      const trace = JSON.parse(traceBuffer.toString()) as { traceEvents: TraceEvent[] };
      const { fcp, tasks } = await page.evaluate(() => ({
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
        tasks: (window as unknown as { __longTasks: Array<{ start: number; duration: number }> }).__longTasks,
      }));
      const after = tasks.filter((t) => t.start >= fcp);
      const tbt = after.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
      blocking.push(tbt);
      if (SCALE) scaled.push(scaledBlocking(trace.traceEvents, SCALE));
      if (run === 0) {
        console.log(`\n== ${path}: FCP ${Math.round(fcp)} ms; long tasks after it: ${after.map((t) => `${Math.round(t.start)}+${Math.round(t.duration)}`).join(", ") || "none"}`);
        console.log(`   before FCP: ${tasks.filter((t) => t.start < fcp).map((t) => `${Math.round(t.start)}+${Math.round(t.duration)}`).join(", ") || "none"}`);
        const { functions, scripts } = selfTimes(profile);
        console.log("   self time by script (ms):", scripts.map(([s, ms]) => `${s} ${ms.toFixed(0)}`).join(", "));
        for (const [fn, ms] of functions) console.log(`   ${ms.toFixed(1).padStart(7)}  ${fn}`);
        for (const task of longTasks(trace.traceEvents, profile)) console.log(task);
      }
      await context.close();
    }
    console.log(`   blocking time after FCP (ms): ${blocking.map((b) => b.toFixed(0)).join(", ")}; median ${median(blocking).toFixed(0)}`);
    if (SCALE) console.log(`   blocking time after FCP with tasks ${SCALE}× as long (ms): ${scaled.map((b) => b.toFixed(0)).join(", ")}; median ${median(scaled).toFixed(0)}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
