/**
 * A loopback RDAP server for tests, benchmarks and browser journeys. It answers
 * `GET …/domain/<name>` from `answers` (404 for a name it does not hold), after `delayMs`
 * (a `json` answer with `after` also waits for that promise: a lookup the test holds in flight),
 * and counts requests and the most it had in flight at once. A `stream` answer sends `bytes`
 * of JSON-looking text in 64 KB chunks, `chunkDelayMs` apart (a huge or a slow answer), and
 * counts in `streamed` what it managed to send before the reader hung up.
 */
import { Hono } from "hono";
import { startLoopbackServer, type LoopbackServer } from "../../../testing/loopback.ts";

export type FakeAnswer =
  | { kind: "json"; body: unknown; after?: Promise<unknown> }
  | { kind: "raw"; status: number; body: string; headers?: Record<string, string> }
  | { kind: "stream"; bytes: number; chunkDelayMs?: number };

export interface FakeRdap {
  server: LoopbackServer;
  /** Base URL with a trailing slash, as a bootstrap lists it. */
  baseUrl: string;
  answers: Map<string, FakeAnswer>;
  /** Answers 429 with this Retry-After (seconds) while set. */
  tooManyRequests?: number | undefined;
  delayMs: number;
  requests: string[];
  /** When each of `requests` came in (epoch ms), and the status it was answered with. */
  log: { name: string; at: number; status: number }[];
  inFlight: number;
  maxInFlight: number;
  /** Bytes of stream answers sent so far. */
  streamed: number;
}

/** `answerEvery`: the answer for a name `answers` does not hold (else 404). */
export async function startFakeRdap(options: { delayMs?: number; answerEvery?: (name: string) => FakeAnswer | undefined } = {}): Promise<FakeRdap> {
  const app = new Hono();
  const state = { answers: new Map<string, FakeAnswer>(), delayMs: options.delayMs ?? 0, requests: [] as string[], log: [] as FakeRdap["log"], inFlight: 0, maxInFlight: 0, streamed: 0 } as FakeRdap;
  app.get("*", async (c) => {
    const name = decodeURIComponent(c.req.path.split("/domain/")[1] ?? "").toLowerCase();
    state.requests.push(name);
    const entry = { name, at: Date.now(), status: 0 };
    state.log.push(entry);
    state.inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    try {
      if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
      if (state.tooManyRequests !== undefined) {
        entry.status = 429;
        return c.json({ errorCode: 429, title: "Too Many Requests" }, 429, { "Retry-After": String(state.tooManyRequests) });
      }
      const answer = state.answers.get(name) ?? options.answerEvery?.(name);
      entry.status = !answer ? 404 : answer.kind === "raw" ? answer.status : 200;
      if (!answer) return c.json({ errorCode: 404, title: "Not Found", description: [`${name} is not registered`] }, 404);
      if (answer.kind === "json") {
        if (answer.after) await answer.after;
        return c.json(answer.body as object, 200, { "Content-Type": "application/rdap+json" });
      }
      if (answer.kind === "stream") return streamed(state, answer);
      return c.body(answer.body, answer.status as 200, answer.headers ?? {});
    } finally {
      state.inFlight--;
    }
  });
  state.server = await startLoopbackServer(app);
  state.baseUrl = `${state.server.url}/`;
  return state;
}

/** An answer of `bytes` bytes that starts like an RDAP object and never becomes valid JSON. */
function streamed(state: FakeRdap, answer: { bytes: number; chunkDelayMs?: number }): Response {
  const chunk = new TextEncoder().encode(`{"objectClassName":"domain","padding":"${"x".repeat(64 * 1024)}`.slice(0, 64 * 1024));
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent >= answer.bytes) return controller.close();
      if (answer.chunkDelayMs) await new Promise((r) => setTimeout(r, answer.chunkDelayMs));
      const part = chunk.subarray(0, Math.min(chunk.length, answer.bytes - sent));
      sent += part.length;
      state.streamed += part.length;
      controller.enqueue(part);
    },
  });
  return new Response(body, { status: 200, headers: { "Content-Type": "application/rdap+json" } });
}
