/**
 * ResellerClub's (LogicBoxes') HTTP API on loopback: `GET /api/products/category-keys-mapping.json`
 * and `GET /api/products/customer-price.json` in the documented shapes (testing/fixtures/
 * resellerclub, SOURCES.md says where each comes from and which figures are written for the
 * tests). Both take `auth-userid` and `api-key` in the query; the refusal is the documented
 * `{status: "ERROR", message}`.
 */
import { readFileSync } from "node:fs";
import { Hono, type Context } from "hono";
import { createControl, respond, type FakeBehaviour, type FakeControl } from "./fake-behaviour.ts";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/resellerclub/${name}`, import.meta.url), "utf8");
export const RESELLERCLUB_MAPPING = fixture("category-keys-mapping.json");
export const RESELLERCLUB_PRICES = fixture("customer-price.json");
export const RESELLERCLUB_DOCUMENTED_PRICES = fixture("customer-price-documented.json");

export interface FakeResellerClub {
  app: Hono;
  control: FakeControl;
  /** The query of every request, in order (the credentials travel there). */
  queries: Record<string, string>[];
  setMapping(next: string): void;
  setPrices(next: string): void;
  reset(): void;
}

export function fakeResellerClub(behaviour: FakeBehaviour = "success"): FakeResellerClub {
  const control = createControl(behaviour);
  const queries: Record<string, string>[] = [];
  let mapping = RESELLERCLUB_MAPPING;
  let prices = RESELLERCLUB_PRICES;
  const refusal = (c: Context) => c.json({ status: "ERROR", message: "Invalid auth-userid or api-key" }, 403);

  const app = new Hono();
  const serve = (path: string, body: () => string) => app.get(path, (c) => {
    queries.push(c.req.query());
    return respond(control, c, {
      contentType: "application/json;charset=UTF-8",
      successText: body,
      success: (c) => c.body(body(), 200, { "content-type": "application/json;charset=UTF-8" }),
      malformed: () => Response.json(["domcno", "dotnet"]),
      providerError: refusal,
    });
  });
  serve("/api/products/category-keys-mapping.json", () => mapping);
  serve("/api/products/customer-price.json", () => prices);
  return {
    app, control, queries,
    setMapping: (next) => { mapping = next; },
    setPrices: (next) => { prices = next; },
    reset: () => { mapping = RESELLERCLUB_MAPPING; prices = RESELLERCLUB_PRICES; },
  };
}
