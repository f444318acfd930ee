/**
 * The render pool's data path (docs/decisions/024): a page rendered in a worker thread makes its
 * tRPC calls through the task's MessagePort, and the main thread answers each from the app's own
 * fetch handler (answer cache included), as it does for a render on the main thread.
 */
import type { MessagePort } from "node:worker_threads";

interface FetchMessage {
  id: number;
  url: string;
  method: string;
  headers: [string, string][];
  body: string | null;
}

type AnswerMessage =
  | { id: number; status: number; headers: [string, string][]; body: string }
  | { id: number; error: string };

/** Main thread: answers the worker's requests on `port` with `fetch` until the port closes. */
export function answerFetchesOn(port: MessagePort, fetch: (request: Request) => Response | Promise<Response>): void {
  port.on("message", (message: FetchMessage) => {
    void (async () => {
      try {
        const init: RequestInit = { method: message.method, headers: message.headers };
        if (message.body !== null) init.body = message.body;
        const response = await fetch(new Request(message.url, init));
        const answer: AnswerMessage = { id: message.id, status: response.status, headers: [...response.headers], body: await response.text() };
        port.postMessage(answer);
      } catch (error) {
        port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) } satisfies AnswerMessage);
      }
    })();
  });
}

/** Worker: a fetch function whose requests the main thread answers over `port`. */
export function fetchOver(port: MessagePort): (request: Request) => Promise<Response> {
  let nextId = 0;
  const pending = new Map<number, { resolve: (r: Response) => void; reject: (e: Error) => void }>();
  port.on("message", (answer: AnswerMessage) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if ("error" in answer) waiting.reject(new Error(answer.error));
    else waiting.resolve(new Response(answer.body, { status: answer.status, headers: answer.headers }));
  });
  return async (request) => {
    const id = nextId++;
    const body = request.method === "GET" || request.method === "HEAD" ? null : await request.text();
    return new Promise<Response>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      port.postMessage({ id, url: request.url, method: request.method, headers: [...request.headers], body } satisfies FetchMessage);
    });
  };
}
