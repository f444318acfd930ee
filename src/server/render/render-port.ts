/**
 * The render pool's data path (docs/decisions/024): a page rendered in a worker thread makes its
 * tRPC calls through the task's MessagePort, and the main thread answers each with the app's
 * render calls (render-calls.ts: the procedures and answer cache a /trpc GET reaches, without
 * making a Request or Response), as it does for a render on the main thread. The worker side
 * makes no Request or Response objects either: the render's client needs only the status and
 * the JSON (TrpcAnswer).
 */
import type { MessagePort } from "node:worker_threads";
import type { TrpcAnswer, TrpcFetch } from "../../client/entry-server.tsx";

/** A tRPC call's answer as the render needs it: the HTTP status tRPC would send and the body text. */
export interface CallAnswer {
  status: number;
  body: string;
}

/** Answers the render's tRPC calls (URL, method, headers, body) in this process. */
export type RenderCalls = (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<CallAnswer>;

const answerOf = ({ status, body }: CallAnswer): TrpcAnswer => ({ ok: status >= 200 && status < 300, status, json: async () => JSON.parse(body) as unknown });

/** A render on the main thread asks `calls` directly. */
export const trpcFetchVia = (calls: RenderCalls): TrpcFetch => async (url, init) => answerOf(await calls(url, init));

interface FetchRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}

/** The calls a render made in one turn of its event loop (a page's loaders start theirs together). */
interface FetchMessage {
  id: number;
  calls: FetchRequest[];
}

type CallOutcome = { status: number; body: string } | { error: string };

/** The answers to one FetchMessage's calls, in their order. */
interface AnswerMessage {
  id: number;
  answers: CallOutcome[];
}

/** Main thread: answers the worker's requests on `port` with `calls` until the port closes. */
export function answerFetchesOn(port: MessagePort, calls: RenderCalls): void {
  port.on("message", (message: FetchMessage) => {
    void Promise.all(message.calls.map(async (call): Promise<CallOutcome> => {
      try {
        const { status, body } = await calls(call.url, { method: call.method, headers: call.headers, ...(call.body === null ? {} : { body: call.body }) });
        return { status, body };
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    })).then((answers) => port.postMessage({ id: message.id, answers } satisfies AnswerMessage));
  });
}

/**
 * Worker: a fetch function whose requests the main thread answers over `port`. The calls made in
 * one turn go as one message and come back as one: each message costs both threads more than a
 * small call's own work (the five calls of a TLD page were ten messages).
 */
export function fetchOver(port: MessagePort): TrpcFetch {
  let nextId = 0;
  type Waiting = { resolve: (answer: TrpcAnswer) => void; reject: (e: Error) => void };
  const pending = new Map<number, Waiting[]>();
  let queued: { calls: FetchRequest[]; waiting: Waiting[] } | undefined;
  port.on("message", (message: AnswerMessage) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    message.answers.forEach((answer, i) => {
      if ("error" in answer) waiting[i]!.reject(new Error(answer.error));
      else waiting[i]!.resolve(answerOf(answer));
    });
  });
  return (url, init) => new Promise<TrpcAnswer>((resolve, reject) => {
    if (!queued) {
      const batch = (queued = { calls: [], waiting: [] });
      queueMicrotask(() => {
        queued = undefined;
        const id = nextId++;
        pending.set(id, batch.waiting);
        port.postMessage({ id, calls: batch.calls } satisfies FetchMessage);
      });
    }
    queued.calls.push({ url, method: init.method, headers: init.headers, body: init.body ?? null });
    queued.waiting.push({ resolve, reject });
  });
}
