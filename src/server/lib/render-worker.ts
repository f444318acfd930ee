/**
 * One thread of the render pool (render-pool.ts, render-threads.ts): loads the server render's
 * code as the thread starts, not on the first request, then renders the pages the pool sends.
 * Its tRPC calls go over the task's MessagePort to the main thread (render-port.ts); the page is
 * written into its HTML here (page-html.ts). Answers null for a client-rendered path.
 */
import { workerData, type MessagePort } from "node:worker_threads";
import type { RenderRequest } from "../../client/entry-server.tsx";
import { finishPage, type PageFrame, type PageOutcome } from "./page-html.ts";
import { importRenderEntry, type RenderEntry } from "./render-entry.ts";
import { fetchOver } from "./render-port.ts";
import { serveTasks } from "./render-threads.ts";

/** What the pool gives each thread as it starts. */
export interface RenderThreadData {
  /** Another module to render with (tests); the client's entry when absent. */
  entryUrl?: string | undefined;
}

export interface RenderTask {
  request: Omit<RenderRequest, "fetchTrpc" | "timeoutMs">;
  /** What the page is written into here, so the main thread gets the HTML (and its brotli copy) whole. */
  frame: PageFrame;
  timeoutMs: number;
  port: MessagePort;
}

const { entryUrl } = (workerData ?? {}) as RenderThreadData;
const entry: Promise<RenderEntry> = entryUrl ? (import(entryUrl) as Promise<RenderEntry>) : importRenderEntry();
// A thread whose code fails to load says so on each render, through the failed task.
entry.catch(() => undefined);

async function render({ request, frame, timeoutMs, port }: RenderTask): Promise<PageOutcome | null> {
  try {
    const { renderPage, isServerRendered } = await entry;
    if (!isServerRendered(new URL(request.url, "http://page.internal").pathname)) return null;
    return finishPage(await renderPage({ ...request, timeoutMs, fetchTrpc: fetchOver(port) }), request, frame);
  } finally {
    port.close();
  }
}

serveTasks(render);
