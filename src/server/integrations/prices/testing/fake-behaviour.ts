/**
 * The failure modes every fake third-party API can play, switched at run time so one fake
 * serves tests, benchmarks and browser journeys. Each fake supplies its own success answer,
 * its own error format and a body that parses but is not the documented shape.
 */
import type { ServerResponse } from "node:http";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { Context } from "hono";

export type FakeBehaviour =
  /** The documented answer. */
  | "success"
  /** 429 with Retry-After: 1 on the first request, then the documented answer. */
  | "rate-limited-once"
  /** 500 on every request. */
  | "server-error"
  /** Accepts the request and never answers. */
  | "hang"
  /** 200 with a body that is not the documented shape. */
  | "malformed"
  /** 200 with the documented answer cut in half (a complete HTTP message). */
  | "truncated"
  /** Promises the whole answer in Content-Length, sends half, then drops the connection. */
  | "cut-off"
  /** The API's own error format (a refusal, as for a wrong key). */
  | "provider-error";

export interface FakeControl {
  behaviour: FakeBehaviour;
  /** Every request's URL, in order (tests read query parameters from it). */
  requests: URL[];
}

export interface FakeAnswers {
  success: (c: Context) => Response | Promise<Response>;
  providerError: (c: Context) => Response;
  malformed: () => Response;
  /** The full success body as text, which "truncated" and "cut-off" cut short. */
  successText: (c: Context) => string;
  contentType: string;
}

export function createControl(behaviour: FakeBehaviour = "success"): FakeControl {
  return { behaviour, requests: [] };
}

export function respond(control: FakeControl, c: Context, answers: FakeAnswers): Response | Promise<Response> {
  control.requests.push(new URL(c.req.url));
  switch (control.behaviour) {
    case "success":
      return answers.success(c);
    case "rate-limited-once":
      if (control.requests.length === 1) return c.text("Too Many Requests", 429, { "retry-after": "1" });
      return answers.success(c);
    case "server-error":
      return c.text("Internal Server Error", 500);
    case "hang":
      return new Promise<Response>(() => undefined);
    case "malformed":
      return answers.malformed();
    case "truncated": {
      const text = answers.successText(c);
      return new Response(text.slice(0, Math.floor(text.length / 2)), { headers: { "content-type": answers.contentType } });
    }
    case "cut-off":
      return cutOff(c, answers.successText(c), answers.contentType);
    case "provider-error":
      return answers.providerError(c);
  }
}

/**
 * Promises the whole text in Content-Length, sends its first half, then drops the connection.
 * Straight on the Node response: a web stream that errors would be logged by the server. The
 * answer is a promise: @hono/node-server writes an immediate (non-promise) Response's headers
 * itself, which would fail on the response already sent here.
 */
export function cutOff(c: Context, text: string, contentType: string): Promise<Response> {
  const bytes = Buffer.from(text);
  const outgoing = (c.env as { outgoing: ServerResponse }).outgoing;
  outgoing.writeHead(200, { "content-type": contentType, "content-length": String(bytes.length) });
  outgoing.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => outgoing.destroy());
  return Promise.resolve(RESPONSE_ALREADY_SENT);
}
