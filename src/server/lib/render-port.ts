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

interface FetchMessage {
  id: number;
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}

type AnswerMessage =
  | { id: number; status: number; body: string }
  | { id: number; error: string };

/** Main thread: answers the worker's requests on `port` with `calls` until the port closes. */
export function answerFetchesOn(port: MessagePort, calls: RenderCalls): void {
  port.on("message", (message: FetchMessage) => {
    void (async () => {
      try {
        const { status, body } = await calls(message.url, { method: message.method, headers: message.headers, ...(message.body === null ? {} : { body: message.body }) });
        port.postMessage({ id: message.id, status, body } satisfies AnswerMessage);
      } catch (error) {
        port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) } satisfies AnswerMessage);
      }
    })();
  });
}

/** Worker: a fetch function whose requests the main thread answers over `port`. */
export function fetchOver(port: MessagePort): TrpcFetch {
  let nextId = 0;
  const pending = new Map<number, { resolve: (answer: TrpcAnswer) => void; reject: (e: Error) => void }>();
  port.on("message", (answer: AnswerMessage) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if ("error" in answer) return waiting.reject(new Error(answer.error));
    waiting.resolve(answerOf(answer));
  });
  return (url, init) => {
    const id = nextId++;
    return new Promise<TrpcAnswer>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      port.postMessage({ id, url, method: init.method, headers: init.headers, body: init.body ?? null } satisfies FetchMessage);
    });
  };
}
