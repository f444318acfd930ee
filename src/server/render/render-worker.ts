/**
 * One thread of the render pool (render-pool.ts, render-threads.ts): loads the server render's
 * code as the thread starts, not on the first request, tells the pool when it has, then renders
 * the pages the pool sends. It runs at a lower CPU priority than the main thread when asked
 * (`nice`, see lowerThreadPriority), so the API and the health checks answer first.
 * Its tRPC calls go over the task's MessagePort to the main thread (render-port.ts); the page is
 * written into its HTML here (page-html.ts). Answers null for a client-rendered path.
 */
import { workerData, type MessagePort } from "node:worker_threads";
import { lowerThreadPriority } from "./thread-priority.ts";
import type { RenderRequest } from "../../client/entry-server.tsx";
import { finishPage, transferPage, type PageFrame, type PageOutcome } from "./page-html.ts";
import { importRenderEntry, type RenderEntry } from "./render-entry.ts";
import { fetchOver } from "./render-port.ts";
import { announceLoaded, serveTasks } from "./render-threads.ts";

/** What the pool gives each thread as it starts. */
export interface RenderThreadData {
  /** Another module to render with (tests); the client's entry when absent. */
  entryUrl?: string | undefined;
  /** The thread's nice value (0 to 19): how much the main thread goes first. 0 leaves it as it is. */
  nice?: number | undefined;
}

export interface RenderTask {
  request: Omit<RenderRequest, "fetchTrpc" | "timeoutMs">;
  /** What the page is written into here, so the main thread gets the HTML (and its brotli copy) whole. */
  frame: PageFrame;
  timeoutMs: number;
  port: MessagePort;
}

const { entryUrl, nice } = (workerData ?? {}) as RenderThreadData;
const entry: Promise<RenderEntry> = entryUrl ? (import(entryUrl) as Promise<RenderEntry>) : importRenderEntry();
// Lowered once the code has loaded: loading competes as an equal with the boot's seeding, so the
// process is ready sooner; the renders after it yield to the main thread.
if (nice) void entry.then(() => lowerThreadPriority(nice), () => undefined);
// A thread whose code fails to load says so to the pool, and on each render through the failed task.
entry.catch(() => undefined);
announceLoaded(entry);

async function render({ request, frame, timeoutMs, port }: RenderTask): Promise<PageOutcome | null> {
  try {
    const { renderPage, isServerRendered } = await entry;
    if (!isServerRendered(new URL(request.url, "http://page.internal").pathname)) return null;
    return finishPage(await renderPage({ ...request, timeoutMs, fetchTrpc: fetchOver(port) }), request, frame);
  } finally {
    port.close();
  }
}

serveTasks(render, transferPage);
