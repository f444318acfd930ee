/**
 * Porkbun's pricing API on loopback. Its success answer is the real `pricing/get` answer
 * bundled in db/seed/data/prices; its error is Porkbun's documented `{status: "ERROR", message}`.
 */
import { readFileSync } from "node:fs";
import { Hono } from "hono";
import { createControl, respond, type FakeBehaviour, type FakeControl } from "./fake-behaviour.ts";

export const PORKBUN_ANSWER = readFileSync(new URL("../../../../../db/seed/data/prices/porkbun.pricing-get.json", import.meta.url), "utf8");

/** `answer` replaces the bundled success answer, e.g. with a changed price (browser journeys). */
export function fakePorkbun(behaviour: FakeBehaviour = "success", answer = PORKBUN_ANSWER): { app: Hono; control: FakeControl } {
  const control = createControl(behaviour);
  const app = new Hono();
  app.post("/pricing/get", (c) => respond(control, c, {
    contentType: "application/json",
    successText: () => answer,
    success: (c) => c.body(answer, 200, { "content-type": "application/json" }),
    malformed: () => Response.json({ status: "SUCCESS", pricing: [["com", "11.08"]] }),
    providerError: (c) => c.json({ status: "ERROR", message: "Rate limit exceeded: wait a moment before requesting pricing again." }),
  }));
  return { app, control };
}
