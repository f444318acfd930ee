/**
 * Namecheap's XML API on loopback, answering `namecheap.users.getPricing` in the documented
 * shape. Its prices are the real ones in db/seed/data/prices/namecheap.2025-10-25.json (built
 * from this same API); its refusal is the documented Status="ERROR" envelope.
 */
import { readFileSync } from "node:fs";
import { Hono, type Context } from "hono";
import { createControl, respond, type FakeBehaviour, type FakeControl } from "./fake-behaviour.ts";

type Prices = { create?: number; renew?: number; transfer?: number };
const bundled = JSON.parse(readFileSync(new URL("../../../../../db/seed/data/prices/namecheap.2025-10-25.json", import.meta.url), "utf8")) as {
  data: Record<string, { "regular-price": Prices; "sale-price"?: Prices }>;
};
const FIELD = { REGISTER: "create", RENEW: "renew", TRANSFER: "transfer" } as const;

const envelope = (status: "OK" | "ERROR", inner: string) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<ApiResponse Status="${status}" xmlns="http://api.namecheap.com/xml.response">\n${inner}\n` +
  `  <Server>PHX01APIEXT01</Server>\n  <GMTTimeDifference>--5:00</GMTTimeDifference>\n  <ExecutionTime>0.912</ExecutionTime>\n</ApiResponse>`;

/** One action's price list, as getPricing answers it for ProductCategory=DOMAINS&ActionName=… */
export function namecheapPricingXml(action: keyof typeof FIELD): string {
  const field = FIELD[action];
  const products = Object.entries(bundled.data).flatMap(([tld, e]) => {
    const regular = e["regular-price"][field];
    if (regular === undefined) return [];
    const now = e["sale-price"]?.[field] ?? regular;
    const price = (years: number, p: number, r: number) =>
      `<Price Duration="${years}" DurationType="YEAR" Price="${p}" PricingType="MULTIPLE" AdditionalCost="0.18" ` +
      `RegularPrice="${r}" RegularPriceType="MULTIPLE" RegularAdditionalCost="0.18" RegularAdditionalCostType="MULTIPLE" ` +
      `YourPrice="${p}" YourPriceType="MULTIPLE" YourAdditonalCost="0.18" YourAdditonalCostType="MULTIPLE" PromotionPrice="0.0" Currency="USD" />`;
    // A two-year price beside the one-year one, so a reader must pick the right duration.
    return [`        <Product Name="${tld}">\n          ${price(1, now, regular)}\n          ${price(2, 2 * regular, 2 * regular)}\n        </Product>`];
  });
  return envelope("OK", `  <Errors />\n  <Warnings />\n  <RequestedCommand>namecheap.users.getpricing</RequestedCommand>\n` +
    `  <CommandResponse Type="namecheap.users.getPricing">\n    <UserGetPricingResult>\n      <ProductType Name="domains">\n` +
    `      <ProductCategory Name="${action.toLowerCase()}">\n${products.join("\n")}\n      </ProductCategory>\n` +
    `      </ProductType>\n    </UserGetPricingResult>\n  </CommandResponse>`);
}

const actionOf = (c: Context) => {
  const action = c.req.query("ActionName")?.toUpperCase();
  return action === "REGISTER" || action === "RENEW" || action === "TRANSFER" ? action : "REGISTER";
};
const xmlResponse = (text: string) => new Response(text, { headers: { "content-type": "text/xml; charset=utf-8" } });

export function fakeNamecheap(behaviour: FakeBehaviour = "success"): { app: Hono; control: FakeControl } {
  const control = createControl(behaviour);
  const app = new Hono();
  app.get("/xml.response", (c) => respond(control, c, {
    contentType: "text/xml; charset=utf-8",
    successText: (c) => namecheapPricingXml(actionOf(c)),
    success: (c) => xmlResponse(namecheapPricingXml(actionOf(c))),
    malformed: () => xmlResponse(envelope("OK", "  <Errors />\n  <CommandResponse Type=\"namecheap.users.getPricing\"><UserGetPricingResult /></CommandResponse>")),
    providerError: (c) => xmlResponse(envelope("ERROR",
      `  <Errors>\n    <Error Number="1011150">Invalid request IP: ${c.req.query("ClientIp") ?? ""}</Error>\n  </Errors>\n  <Warnings />\n  <RequestedCommand>namecheap.users.getpricing</RequestedCommand>`)),
  }));
  return { app, control };
}
