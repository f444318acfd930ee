/**
 * Where public pages are rendered (docs/decisions/024). With `workers` > 0, in a pool of worker
 * threads (render-threads.ts), so a render's CPU never holds up the event loop that answers the API; with
 * 0, on the main thread. A thread is given RENDERS_PER_THREAD renders at a time: while one waits
 * for its data from the main thread, the other uses the thread. Either way renders in flight are
 * bounded (`workers × RENDERS_PER_THREAD + maxQueue`, or `1 + maxQueue` on the main thread): a
 * request beyond the bound gets the client shell at once
 * instead of waiting behind renders it cannot overtake, and a render that fails or takes longer
 * than `timeoutMs` answers the shell while others go on. A timed-out render still counts against
 * the bound until its thread is done with it (its own query wait ends at the same timeout); one
 * still running at twice the timeout is stopped with its thread, which the pool replaces.
 *
 * Warm-up renders (main.ts renders each public page kind before the process says it is ready)
 * have a time limit of their own (WARM_UP_TIMEOUT_MS at least), pass the bound, and are counted
 * apart from visitors' renders. The pool keeps the last warm-up render of each page that
 * rendered, and a thread that replaces a stopped one renders those on its own before it takes any
 * visitor's render, so a thread that timed out is not followed by a cold one timing out in turn.
 */
import { MessageChannel } from "node:worker_threads";
import { pageRenders, pageRenderSeconds, renderThreadRestarts, warmUpRenders } from "../lib/metrics.ts";
import type { RenderRequest } from "../../client/entry-server.tsx";
import { finishPage, type PageFrame, type PageOutcome } from "./page-html.ts";
import { importRenderEntry, isServerBuild, type RenderEntry } from "./render-entry.ts";
import { answerFetchesOn, trpcFetchVia, type RenderCalls } from "./render-port.ts";
import { createThreadPool, type ThreadPool } from "./render-threads.ts";
import type { RenderTask, RenderThreadData } from "./render-worker.ts";

export interface PageRendererOptions {
  /** Worker threads; 0 renders on the main thread. */
  workers: number;
  /** Renders that may wait for room on a thread; more get the shell at once. */
  maxQueue: number;
  /** After this long a render answers the shell. */
  timeoutMs: number;
  /** Module to render with instead of the client's entry (tests: renders that fail, hang, spin). */
  entryUrl?: URL;
  /** Told why a render answered the shell ("failed" with the error, "timeout", "busy"). */
  onShell?: (reason: "failed" | "timeout" | "busy", error?: unknown) => void;
  /** The render threads' nice value (render/thread-priority.ts); 0 or absent leaves it as the process's. */
  nice?: number;
}

export type PageRequest = Omit<RenderRequest, "fetchTrpc" | "timeoutMs">;

/** How many of the renderer's threads can render now (the main thread counts as one once loaded). */
export interface RendererThreads {
  total: number;
  ready: number;
}

/** The time limit of a warm-up render at least: a cold thread's first renders compile the page code. */
export const WARM_UP_TIMEOUT_MS = 60_000;

export interface PageRenderer {
  /**
   * The page written into `frame` (page-html.ts) where it was rendered, the shell when the render
   * failed, timed out or found no room; null for a client-rendered path.
   */
  render(request: PageRequest, frame: PageFrame, calls: RenderCalls, options?: { warmUp?: boolean }): Promise<PageOutcome | null>;
  /**
   * Resolves once the page code is loaded where pages are rendered (every thread, or the main
   * thread); rejects when it cannot load. Until then a render waits for it, outside its time limit.
   */
  loaded(): Promise<void>;
  /** Renders started and not answered yet, and those waiting for room on a thread (metrics). */
  stats(): { inFlight: number; waiting: number };
  /** Threads kept, and those that can render now (loaded, and warm when they replaced one). */
  threads(): RendererThreads;
  close(): Promise<void>;
}

const SHELL: PageOutcome = { kind: "shell", status: 200 };

/**
 * Renders a thread runs at once. A render waits for its data in the middle (its tRPC calls are
 * answered on the main thread); with two, the thread renders one page meanwhile. Crawls measured
 * 20–30 % faster than with one (decision 024); a slow synchronous render still holds the thread.
 */
export const RENDERS_PER_THREAD = 2;

/**
 * Each render thread's young generation (V8's new space, worker_threads' resourceLimits), in MB:
 * 12 MB is a 4 MB semi-space where V8's default is 16 MB. A thread's heap is mostly short-lived
 * render garbage; with ten times the catalogue the server's peak resident memory in
 * `npm run bench:pages` fell from 624 to 572–577 MB with this limit, the crawl's CPU per page
 * within the runs' noise (decision 024).
 */
export const RENDER_THREAD_YOUNG_GENERATION_MB = 12;

/**
 * Each render thread's old generation, in MB. A thread's live heap after a full collection stays
 * near 47 MB through a crawl of 1,300 pages at ten times the catalogue; without a limit V8 let it
 * grow past 100 MB before collecting. With this one the server's peak resident memory over such a
 * crawl was 452 and 495 MB in two runs, 568–586 MB in three without it (decision 024). A thread
 * that outgrows it ends, and the pool starts another (its renders answer the shell).
 */
export const RENDER_THREAD_OLD_GENERATION_MB = 128;

/** The worker module beside this one: the built dist/server/render-worker.js, or render-worker.ts through tsx. */
const workerUrl = () => new URL(isServerBuild ? "./render-worker.js" : "./render-worker-source.mjs", import.meta.url);

export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  const { workers, maxQueue, onShell = () => undefined } = options;
  const warmUpTimeoutMs = Math.max(WARM_UP_TIMEOUT_MS, options.timeoutMs * 10);
  const run = workers > 0 ? workerRenders(options, warmUpTimeoutMs) : mainThreadRenders(options);
  const limit = (workers > 0 ? workers * RENDERS_PER_THREAD : 1) + maxQueue;
  let inFlight = 0;
  return {
    async render(request, frame, calls, { warmUp = false } = {}) {
      const outcome = (name: string) => (warmUp ? warmUpRenders : pageRenders).inc({ outcome: name });
      const shell = (reason: "failed" | "timeout" | "busy", error?: unknown) => {
        outcome(`shell_${reason}`);
        onShell(reason, error);
        return SHELL;
      };
      // Warm-up renders are few and bounded by main.ts; they are not turned away.
      if (inFlight >= limit && !warmUp) return shell("busy");
      inFlight++;
      const timeoutMs = warmUp ? warmUpTimeoutMs : options.timeoutMs;
      let timer: NodeJS.Timeout | undefined;
      let rendering: Promise<PageOutcome | null> | undefined;
      try {
        // The first requests wait for the code to load, outside the time limit.
        await run.ready();
        const started = performance.now();
        rendering = run.render(request, frame, calls, timeoutMs).finally(() => inFlight--);
        const timedOut = new Promise<"timeout">((resolve) => (timer = setTimeout(resolve, timeoutMs, "timeout")));
        const result = await Promise.race([rendering, timedOut]);
        if (result !== "timeout") {
          if (result) {
            outcome("page");
            if (warmUp) run.keepForWarmUp(request, frame, calls);
            else pageRenderSeconds.observe((performance.now() - started) / 1000);
          }
          return result;
        }
        rendering.catch(() => undefined);
        return shell("timeout");
      } catch (error) {
        return shell("failed", error);
      } finally {
        clearTimeout(timer);
        if (!rendering) inFlight--;
      }
    },
    loaded: async () => void (await run.ready()),
    stats: () => ({ inFlight, waiting: run.waiting() }),
    threads: () => run.threads(),
    close: () => run.close(),
  };
}

interface Renders {
  ready(): Promise<unknown>;
  waiting(): number;
  threads(): RendererThreads;
  render(request: PageRequest, frame: PageFrame, calls: RenderCalls, timeoutMs: number): Promise<PageOutcome | null>;
  /** A warm-up render that answered its page, for threads that start later. */
  keepForWarmUp(request: PageRequest, frame: PageFrame, calls: RenderCalls): void;
  close(): Promise<void>;
}

function mainThreadRenders({ entryUrl }: PageRendererOptions): Renders {
  let entry: Promise<RenderEntry> | undefined;
  let loaded = false;
  // Loaded on the first page request, not at boot: from source that takes seconds of the main thread.
  const load = () => (entry ??= (entryUrl ? (import(entryUrl.href) as Promise<RenderEntry>) : importRenderEntry()).then((e) => {
    loaded = true;
    return e;
  }));
  return {
    ready: load,
    waiting: () => 0,
    threads: () => ({ total: 1, ready: loaded ? 1 : 0 }),
    keepForWarmUp: () => undefined,
    async render(request, frame, calls, timeoutMs) {
      const { renderPage, isServerRendered } = await load();
      if (!isServerRendered(new URL(request.url, "http://page.internal").pathname)) return null;
      return finishPage(await renderPage({ ...request, fetchTrpc: trpcFetchVia(calls), timeoutMs }), request, frame);
    },
    close: async () => undefined,
  };
}

function workerRenders({ workers, entryUrl, nice }: PageRendererOptions, warmUpTimeoutMs: number): Renders {
  /** The last warm-up render of each page that rendered, by URL. */
  const warmUpPages = new Map<string, { request: PageRequest; frame: PageFrame; calls: RenderCalls }>();
  /** One render on a thread (`run`: the pool's queue, or one thread's warm-up), stopped with its thread at twice `timeoutMs`. */
  const renderOn = async (run: ThreadPool["run"], request: PageRequest, frame: PageFrame, calls: RenderCalls, timeoutMs: number) => {
    const { port1, port2 } = new MessageChannel();
    answerFetchesOn(port1, calls);
    const abort = new AbortController();
    const stop = setTimeout(() => abort.abort(), timeoutMs * 2);
    try {
      const task: RenderTask = { request, frame, timeoutMs, port: port2 };
      return (await run(task, { transferList: [port2], signal: abort.signal })) as PageOutcome | null;
    } finally {
      clearTimeout(stop);
      port1.close();
    }
  };
  // Every thread starts with the pool and stays, loading the render code as it starts.
  const threads = createThreadPool(workerUrl(), {
    size: workers,
    tasksPerThread: RENDERS_PER_THREAD,
    workerData: { entryUrl: entryUrl?.href, nice } satisfies RenderThreadData,
    resourceLimits: { maxYoungGenerationSizeMb: RENDER_THREAD_YOUNG_GENERATION_MB, maxOldGenerationSizeMb: RENDER_THREAD_OLD_GENERATION_MB },
    onRestart: () => renderThreadRestarts.inc(),
    // A replacement renders the warm-up pages (one at a time, the warm-up's own time limit) before visitors' pages.
    warmUp: async (runOnThread) => {
      for (const { request, frame, calls } of [...warmUpPages.values()]) {
        const page = await renderOn(runOnThread, request, frame, calls, warmUpTimeoutMs);
        warmUpRenders.inc({ outcome: page?.kind === "shell" ? "shell_failed" : "page" });
      }
    },
  });
  // Until every thread has loaded the page code, a render would wait in a thread that cannot
  // start it yet, its time limit running: it waits here instead.
  const loaded = threads.loaded();
  loaded.catch(() => undefined);
  return {
    ready: () => loaded,
    waiting: () => threads.waitingCount,
    threads: () => ({ total: threads.size, ready: threads.readyCount }),
    keepForWarmUp: (request, frame, calls) => void warmUpPages.set(request.url, { request, frame, calls }),
    render: (request, frame, calls, timeoutMs) => renderOn((task, opts) => threads.run(task, opts), request, frame, calls, timeoutMs),
    close: () => threads.close(),
  };
}
