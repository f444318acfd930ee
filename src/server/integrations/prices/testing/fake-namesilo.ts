/**
 * NameSilo's API on loopback, answering `getPrices` (type=json) in the documented shape. No
 * NameSilo list is bundled, so the prices here are illustrative test values, not NameSilo's.
 * Its refusal is the documented reply with a code other than 300.
 */
import { Hono } from "hono";
import { createControl, respond, type FakeBehaviour, type FakeControl } from "./fake-behaviour.ts";

const PRICES: Record<string, { registration: string; transfer: string; renew: string }> = {
  com: { registration: "17.29", transfer: "17.29", renew: "17.29" },
  net: { registration: "13.79", transfer: "13.79", renew: "13.79" },
  org: { registration: "11.79", transfer: "11.79", renew: "11.79" },
  xyz: { registration: "1.99", transfer: "12.99", renew: "12.99" },
  io: { registration: "45.99", transfer: "45.99", renew: "45.99" },
  "xn--p1ai": { registration: "9.99", transfer: "9.99", renew: "9.99" },
  car: { registration: "2,299.00", transfer: "2,299.00", renew: "2,299.00" },
};

export const NAMESILO_ANSWER = JSON.stringify({
  request: { operation: "getPrices", ip: "127.0.0.1" },
  reply: { code: 300, detail: "success", ...PRICES },
});

export function fakeNameSilo(behaviour: FakeBehaviour = "success"): { app: Hono; control: FakeControl } {
  const control = createControl(behaviour);
  const app = new Hono();
  app.get("/api/getPrices", (c) => respond(control, c, {
    contentType: "application/json",
    successText: () => NAMESILO_ANSWER,
    success: (c) => c.body(NAMESILO_ANSWER, 200, { "content-type": "application/json" }),
    malformed: () => Response.json({ request: { operation: "getPrices" }, response: "success" }),
    providerError: (c) => c.json({ request: { operation: "getPrices", ip: "127.0.0.1" }, reply: { code: 110, detail: "Invalid API Key" } }),
  }));
  return { app, control };
}
