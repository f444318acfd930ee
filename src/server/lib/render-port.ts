/**
 * The render pool's data path (docs/decisions/024): a page rendered in a worker thread makes its
 * tRPC calls through the task's MessagePort, and the main thread answers each from the app's own
 * fetch handler (answer cache included), as it does for a render on the main thread. The worker
 * side makes no Request or Response objects: the render's client needs only the status and the
 * JSON (TrpcAnswer), and making those objects was about a tenth of a TLD page's render.
 */
import type { MessagePort } from "node:worker_threads";
import type { TrpcAnswer, TrpcFetch } from "../../client/entry-server.tsx";

/** The app's fetch handler, which answers the render's tRPC calls. */
export type AppFetch = (request: Request) => Response | Promise<Response>;

/** A render on the main thread asks the app directly; a Response is a TrpcAnswer. */
export const trpcFetchVia = (fetch: AppFetch): TrpcFetch => async (url, init) => fetch(new Request(url, init));

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

/** Main thread: answers the worker's requests on `port` with `fetch` until the port closes. */
export function answerFetchesOn(port: MessagePort, fetch: AppFetch): void {
  port.on("message", (message: FetchMessage) => {
    void (async () => {
      try {
        const init: RequestInit = { method: message.method, headers: message.headers };
        if (message.body !== null) init.body = message.body;
        const response = await fetch(new Request(message.url, init));
        const answer: AnswerMessage = { id: message.id, status: response.status, body: await response.text() };
        port.postMessage(answer);
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
    const { status, body } = answer;
    waiting.resolve({ ok: status >= 200 && status < 300, status, json: async () => JSON.parse(body) as unknown });
  });
  return (url, init) => {
    const id = nextId++;
    return new Promise<TrpcAnswer>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      port.postMessage({ id, url, method: init.method, headers: init.headers, body: init.body ?? null } satisfies FetchMessage);
    });
  };
}
