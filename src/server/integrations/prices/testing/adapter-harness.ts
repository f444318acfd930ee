/**
 * Serves a fake on loopback for one test file and records the waits the HTTP helper asks
 * for, so retry tests assert the backoff without sleeping through it.
 */
import type { Hono } from "hono";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { HttpOptions } from "../../http.ts";
import type { PriceSourceError } from "../source.ts";
import { startLoopbackServer, type LoopbackServer } from "../../../testing/loopback.ts";
import type { FakeControl } from "./fake-behaviour.ts";

export interface Harness {
  url: () => string;
  waits: number[];
  http: HttpOptions;
}

/** The error a fetch that should fail rejects with; a fetch that succeeds fails the test. */
export const failure = (promise: Promise<unknown>) => promise.then(() => { throw new Error("expected a failure"); }, (e: PriceSourceError) => e);

/** A short time limit keeps the "hang" case fast; waits are recorded, not slept. */
export function serveFake(fake: { app: Hono; control: FakeControl }): Harness {
  let server: LoopbackServer | undefined;
  const waits: number[] = [];
  beforeAll(async () => { server = await startLoopbackServer(fake.app); });
  afterAll(async () => { await server?.close(); });
  beforeEach(() => {
    fake.control.behaviour = "success";
    fake.control.requests.length = 0;
    waits.length = 0;
  });
  return {
    url: () => server!.url,
    waits,
    http: {
      // A fake told to hang is given up on after 500 ms (the figure the timeout tests quote); any
      // other answer gets 10 s, as a whole price list may need on a busy machine.
      get timeoutMs() { return fake.control.behaviour === "hang" ? 500 : 10_000; },
      sleep: async (ms) => { waits.push(ms); },
    },
  };
}
