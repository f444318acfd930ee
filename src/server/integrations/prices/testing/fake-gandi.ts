/**
 * Gandi's API v5 on loopback: `GET /v5/domain/tlds` and `GET /v5/billing/price/domain` answer
 * with the examples of Gandi's documentation (testing/fixtures/gandi, SOURCES.md says where they
 * come from), the catalogue keeping the products whose names and processes were asked. Its
 * refusal is the 401 `{code, message, object, cause}` Gandi answers a wrong token.
 */
import { readFileSync } from "node:fs";
import { Hono, type Context } from "hono";
import { createControl, respond, type FakeBehaviour, type FakeControl } from "./fake-behaviour.ts";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/gandi/${name}`, import.meta.url), "utf8");
export const GANDI_TLDS = fixture("domain-tlds.json");
export const GANDI_CATALOGUE = fixture("billing-price-domain.json");
export const GANDI_CHECK_GRID_C = fixture("domain-check-grid-c.json");

export interface FakeGandi {
  app: Hono;
  control: FakeControl;
  /** The Authorization header of every request, in order. */
  authorizations: (string | undefined)[];
  /** Replaces the whole catalogue (`{currency, products}`) the price answers are cut from. */
  setCatalogue(next: string): void;
  /** Replaces the TLD list; with a page size, answers it in pages of that many with a Total-Count header. */
  setTlds(next: string, pageSize?: number): void;
}

export function fakeGandi(behaviour: FakeBehaviour = "success"): FakeGandi {
  const control = createControl(behaviour);
  const authorizations: (string | undefined)[] = [];
  let catalogue = GANDI_CATALOGUE;
  let tlds = GANDI_TLDS;
  let pageSize: number | undefined;
  const tldPage = (c: Context) => {
    if (pageSize === undefined) return { text: tlds, total: undefined };
    const all = JSON.parse(tlds) as unknown[];
    const page = Number(c.req.query("page") ?? "1");
    return { text: JSON.stringify(all.slice((page - 1) * pageSize, page * pageSize)), total: all.length };
  };
  const refusal = (c: Context) => c.json({ code: 401, message: "The server could not verify that you authorized to access the document you requested.", object: "HTTPUnauthorized", cause: "Unauthorized" }, 401);
  const priceAnswer = (c: Context) => {
    const names = new Set(c.req.queries("name") ?? []);
    const processes = new Set(c.req.queries("processes") ?? []);
    const whole = JSON.parse(catalogue) as { products: { name: string; process: string }[] };
    return JSON.stringify({ ...whole, products: whole.products.filter((p) => names.has(p.name) && processes.has(p.process)) });
  };
  const app = new Hono();
  app.get("/v5/domain/tlds", (c) => {
    authorizations.push(c.req.header("authorization"));
    return respond(control, c, {
      contentType: "application/json",
      successText: (c) => tldPage(c).text,
      success: (c) => {
        const { text, total } = tldPage(c);
        return c.body(text, 200, { "content-type": "application/json", ...(total === undefined ? {} : { "total-count": String(total) }) });
      },
      malformed: () => Response.json({ tlds: "com,net" }),
      providerError: refusal,
    });
  });
  app.get("/v5/billing/price/domain", (c) => {
    authorizations.push(c.req.header("authorization"));
    return respond(control, c, {
      contentType: "application/json",
      successText: priceAnswer,
      success: (c) => c.body(priceAnswer(c), 200, { "content-type": "application/json" }),
      malformed: () => Response.json({ currency: "EUR", products: { ".com": 12.54 } }),
      providerError: refusal,
    });
  });
  return { app, control, authorizations, setCatalogue: (next) => { catalogue = next; }, setTlds: (next, size) => { tlds = next; pageSize = size; } };
}
