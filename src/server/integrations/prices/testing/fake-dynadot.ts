/**
 * Dynadot's api3.json on loopback, answering `command=tld_price` in the documented shape with
 * the real prices of db/seed/data/prices/dynadot.2026-01-01.json; its refusal is the
 * `{Response: {ResponseCode: "-1", Error}}` Dynadot sends for a bad key.
 */
import { readFileSync } from "node:fs";
import { Hono } from "hono";
import { createControl, respond, type FakeBehaviour, type FakeControl } from "./fake-behaviour.ts";

type Row = { register_price: number; renew_price: number; transfer_price: number; restore_price?: number; usage?: string; privacy?: boolean; idn?: boolean };
const bundled = JSON.parse(readFileSync(new URL("../../../../../db/seed/data/prices/dynadot.2026-01-01.json", import.meta.url), "utf8")) as {
  prices: Record<string, Row>;
};

const yesNo = (v: boolean | undefined) => (v ? "Yes" : "No");

export const DYNADOT_ANSWER = JSON.stringify({
  TldPriceResponse: {
    ResponseCode: "0",
    Status: "success",
    TldPrice: Object.entries(bundled.prices).map(([tld, r]) => ({
      Tld: `.${tld}`,
      Usage: r.usage ?? "",
      Price: {
        Unit: "(Price/1 year)", Register: String(r.register_price), Renew: String(r.renew_price),
        Transfer: String(r.transfer_price), Restore: String(r.restore_price ?? ""),
      },
      Privacy: yesNo(r.privacy),
      GracePeriod: { Unit: "(days)", Renew: "30", Delete: "5" },
      IDN: yesNo(r.idn),
      Restrictions: "--",
    })),
  },
});

export function fakeDynadot(behaviour: FakeBehaviour = "success"): { app: Hono; control: FakeControl } {
  const control = createControl(behaviour);
  const app = new Hono();
  app.get("/api3.json", (c) => respond(control, c, {
    contentType: "application/json",
    successText: () => DYNADOT_ANSWER,
    success: (c) => c.body(DYNADOT_ANSWER, 200, { "content-type": "application/json" }),
    malformed: () => Response.json({ TldPriceResponse: { Status: "success", TldPrice: "com=10.88" } }),
    providerError: (c) => c.json({ Response: { ResponseCode: "-1", Error: "invalid key" } }),
  }));
  return { app, control };
}
