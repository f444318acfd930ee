/**
 * One thread of the render pool (render-pool.ts, render-threads.ts): loads the server render's
 * code as the thread starts, not on the first request, then renders the pages the pool sends.
 * Its tRPC calls go over the task's MessagePort to the main thread (render-port.ts). Answers
 * null for a client-rendered path.
 */
import { workerData, type MessagePort } from "node:worker_threads";
import type { RenderRequest, RenderResult } from "../../client/entry-server.tsx";
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
  timeoutMs: number;
  port: MessagePort;
}

const { entryUrl } = (workerData ?? {}) as RenderThreadData;
const entry: Promise<RenderEntry> = entryUrl ? (import(entryUrl) as Promise<RenderEntry>) : importRenderEntry();
// A thread whose code fails to load says so on each render, through the failed task.
entry.catch(() => undefined);

async function render({ request, timeoutMs, port }: RenderTask): Promise<RenderResult | null> {
  try {
    const { renderPage, isServerRendered } = await entry;
    if (!isServerRendered(new URL(request.url, "http://page.internal").pathname)) return null;
    return await renderPage({ ...request, timeoutMs, fetchTrpc: fetchOver(port) });
  } finally {
    port.close();
  }
}

serveTasks(render);
