/**
 * Where a page's load spends the main thread: loads each page of PAGES in Debian's Chromium with
 * the CPU slowed down (CPU_SLOWDOWN, default 4, as Lighthouse's mobile profile), records a
 * JavaScript CPU profile and a trace from page start until the app marks <html data-hydrated> and
 * a further second has passed, and prints the functions and scripts with the most self time, each
 * main-thread task over TASK_MS with what ran in it, and the blocking time of the tasks after
 * first contentful paint (each task's time over 50 ms, as total blocking time counts it). RUNS=n
 * repeats each page and prints medians of the blocking time; TRACE_FILE=path keeps the first
 * run's trace, with style invalidations. The profiler itself slows the page down a little: compare
 * runs of this script with each other, not with Lighthouse.
 *
 *   npm run build && npm run profile                PAGES=/tld/com TOP=40 npm run profile
 */
import { writeFileSync } from "node:fs";
import { chromium, type CDPSession } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, assertClientBuilt, startProductionServer } from "./e2e-server.ts";

const PAGES = process.env.PAGES?.split(",") ?? ["/", "/tlds", "/tld/com", "/registrar/1"];
const CPU_SLOWDOWN = Number(process.env.CPU_SLOWDOWN ?? 4);
const RUNS = Math.max(1, Number(process.env.RUNS ?? 1));
const TOP = Number(process.env.TOP ?? 25);
/** Tasks listed from the trace: at least this long (ms, as run), each with its TASK_TOP hottest functions. */
const TASK_MS = Number(process.env.TASK_MS ?? 50);
const TASK_TOP = Number(process.env.TASK_TOP ?? 10);
const TRACE_FILE = process.env.TRACE_FILE;

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

/** What ran in the page's trace: its first contentful paint and the main thread's tasks (µs). */
interface PageTrace { fcp: number; start: number; onMain: TraceEvent[]; tasks: TraceEvent[] }

/** The page's renderer main thread (of the CrRendererMain threads, the one with the most tasks), its tasks and first paint. */
function readTrace(events: TraceEvent[]): PageTrace | undefined {
  const taskCount = new Map<string, number>();
  for (const e of events) if (e.name === "RunTask") taskCount.set(`${e.pid}/${e.tid}`, (taskCount.get(`${e.pid}/${e.tid}`) ?? 0) + 1);
  const main = events
    .filter((e) => e.name === "thread_name" && (e.args as { name?: string } | undefined)?.name === "CrRendererMain")
    .sort((a, b) => (taskCount.get(`${b.pid}/${b.tid}`) ?? 0) - (taskCount.get(`${a.pid}/${a.tid}`) ?? 0))[0];
  const fcp = events.find((e) => e.name === "firstContentfulPaint");
  if (!main || !fcp) return undefined;
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur !== undefined);
  const tasks = onMain.filter((e) => e.name === "RunTask").sort((a, b) => a.ts - b.ts);
  const navigation = events.find((e) => e.name === "navigationStart" && e.pid === main.pid);
  return { fcp: fcp.ts, start: navigation?.ts ?? tasks[0]?.ts ?? fcp.ts, onMain, tasks };
}

/** Blocking time of the main thread's tasks after first contentful paint: each one's time over 50 ms. */
const blockingAfterPaint = (trace: PageTrace): number =>
  trace.tasks.filter((e) => e.ts >= trace.fcp).reduce((sum, e) => sum + Math.max(0, (e.dur ?? 0) / 1000 - 50), 0);

/** The main thread's tasks over TASK_MS, each with what ran in it (trace events and profile self time). */
function longTasks(trace: PageTrace, profile: Profile): string[] {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const sampleTimes: number[] = [];
  let t = profile.startTime;
  for (const delta of profile.timeDeltas) sampleTimes.push((t += delta));
  const lines: string[] = [];
  for (const task of trace.tasks.filter((e) => (e.dur ?? 0) > TASK_MS * 1000)) {
    const end = task.ts + (task.dur ?? 0);
    const inside = trace.onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
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
    const when = task.ts >= trace.fcp ? "after FCP" : "before FCP";
    lines.push(`   task at ${((task.ts - trace.start) / 1000).toFixed(0)} ms (${when}), ${((task.dur ?? 0) / 1000).toFixed(0)} ms: ${top(kinds, 6)}\n      ${top(fns, TASK_TOP)}`);
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
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
      const page = await context.newPage();
      const cdp: CDPSession = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
      // Style invalidations and their stacks are for reading a kept trace; they cost time while recording.
      const detail = TRACE_FILE ? ["disabled-by-default-devtools.timeline.invalidationTracking", "disabled-by-default-devtools.timeline.stack"] : [];
      await browser.startTracing(page, { categories: ["toplevel", "v8.execute", "devtools.timeline", "disabled-by-default-devtools.timeline", ...detail] });
      await page.goto(`${server.url}${path}`);
      await page.waitForSelector("html[data-hydrated]", { timeout: 60_000 });
      await page.waitForTimeout(1000);
      const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
      const traceBuffer = await browser.stopTracing();
      if (TRACE_FILE && run === 0) writeFileSync(TRACE_FILE, traceBuffer);
      const trace = readTrace((JSON.parse(traceBuffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents);
      if (!trace) throw new Error(`no renderer main thread or first contentful paint in the trace of ${path}`);
      blocking.push(blockingAfterPaint(trace));
      if (run === 0) {
        console.log(`\n== ${path}: FCP at ${((trace.fcp - trace.start) / 1000).toFixed(0)} ms`);
        const { functions, scripts } = selfTimes(profile);
        console.log("   self time by script (ms):", scripts.map(([s, ms]) => `${s} ${ms.toFixed(0)}`).join(", "));
        for (const [fn, ms] of functions) console.log(`   ${ms.toFixed(1).padStart(7)}  ${fn}`);
        for (const task of longTasks(trace, profile)) console.log(task);
      }
      await context.close();
    }
    console.log(`   blocking time after FCP (ms): ${blocking.map((b) => b.toFixed(0)).join(", ")}; median ${median(blocking).toFixed(0)}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
