/**
 * Namecheap's public TLD list (www.namecheap.com/domains/tlds.ashx) on loopback. Its answer is
 * the real list in db/seed/data/prices/namecheap.2023-08-28.json, saved from that URL. The
 * site has no error format of its own for this list: a refusal is an HTML error page.
 */
import { readFileSync } from "node:fs";
import { Hono } from "hono";
import { createControl, respond, type FakeBehaviour, type FakeControl } from "./fake-behaviour.ts";

export const NAMECHEAP_TLD_LIST = readFileSync(new URL("../../../../../db/seed/data/prices/namecheap.2023-08-28.json", import.meta.url), "utf8");

/** Serves the bundled list until setAnswer replaces it. */
export function fakeNamecheapPublic(behaviour: FakeBehaviour = "success"): { app: Hono; control: FakeControl; setAnswer(next: string): void } {
  const control = createControl(behaviour);
  let current = NAMECHEAP_TLD_LIST;
  const app = new Hono();
  app.get("/domains/tlds.ashx", (c) => respond(control, c, {
    contentType: "application/json",
    successText: () => current,
    success: (c) => c.body(current, 200, { "content-type": "application/json" }),
    malformed: () => Response.json({ Tlds: [{ Name: "com", Price: 9.58 }] }),
    providerError: (c) => c.html("<!DOCTYPE html><html><body>Access denied</body></html>"),
  }));
  return { app, control, setAnswer: (next) => { current = next; } };
}
