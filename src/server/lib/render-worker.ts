/**
 * One thread of the render pool (render-pool.ts): loads the server render's code when the pool
 * starts (a warm-up task), not on the first request, then renders pages. Its tRPC calls go over the task's
 * MessagePort to the main thread (render-port.ts). Answers null for a client-rendered path.
 */
import type { MessagePort } from "node:worker_threads";
import type { RenderRequest, RenderResult } from "../../client/entry-server.tsx";
import { importRenderEntry, type RenderEntry } from "./render-entry.ts";
import { fetchOver } from "./render-port.ts";

export type RenderTask =
  | {
    request: Omit<RenderRequest, "fetchTrpc" | "timeoutMs">;
    timeoutMs: number;
    port: MessagePort;
    /** Another module to render with (tests); the client's entry when absent. */
    entryUrl?: string | undefined;
  }
  /** Sent to each thread as the pool starts: loads the render code before the first request asks. */
  | { warmUp: true; entryUrl?: string | undefined };

const entries = new Map<string, Promise<RenderEntry>>();
const entryFor = (url: string | undefined) => {
  let loading = entries.get(url ?? "");
  if (!loading) entries.set(url ?? "", (loading = url ? (import(url) as Promise<RenderEntry>) : importRenderEntry()));
  return loading;
};

export default async function render(task: RenderTask): Promise<RenderResult | null> {
  if ("warmUp" in task) {
    await entryFor(task.entryUrl);
    return null;
  }
  const { request, timeoutMs, port, entryUrl } = task;
  try {
    const { renderPage, isServerRendered } = await entryFor(entryUrl);
    if (!isServerRendered(new URL(request.url, "http://page.internal").pathname)) return null;
    return await renderPage({ ...request, timeoutMs, fetchTrpc: fetchOver(port) });
  } finally {
    port.close();
  }
}
