/**
 * Name.com's Core API TLD price list on loopback: `GET /core/v1/tldpricing` paged with `page` and
 * `perPage` (at most `pageCap` rows a page, as a server may cap it), `nextPage` set while more
 * remain. Its rows are the documented examples (testing/fixtures/namecom, SOURCES.md says where
 * they come from: `com` in the older shape, the newer shape with public prices as `net`) and
 * three rows written for the tests in the same shape; a wrong username or token gets the
 * documented 401 `{message}`.
 */
import { readFileSync } from "node:fs";
import { Hono, type Context } from "hono";
import { createControl, respond, type FakeBehaviour, type FakeControl } from "./fake-behaviour.ts";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/namecom/${name}`, import.meta.url), "utf8");
type Row = Record<string, unknown> & { tld: string };
const first = (text: string) => (JSON.parse(text) as { pricing: Row[] }).pricing[0]!;

/** Every row the fake lists, in Name.com's alphabetical order. */
export const NAMECOM_ROWS: readonly Row[] = [
  first(fixture("tldpricing.json")),
  { tld: "es", duration: 1, registrationPrice: 8.99, registrationOriginalPrice: 8.99, renewalPrice: 12.99, domainRestorationPrice: 89.99, transferInPrice: null },
  { tld: "io", duration: 1, registrationPrice: 34.99, registrationOriginalPrice: 34.99, renewalPrice: 52.99, domainRestorationPrice: 120.99, transferInPrice: 52.99 },
  { ...first(fixture("tldpricing-retail.json")), tld: "net" },
  { tld: "рф", duration: 1, registrationPrice: 5.99, registrationOriginalPrice: 5.99, renewalPrice: 11.99, domainRestorationPrice: null, transferInPrice: 11.99 },
];

export interface FakeNameCom {
  app: Hono;
  control: FakeControl;
  authorizations: (string | undefined)[];
  /** Sets one field of one TLD's row (for a changed price). */
  setField(tld: string, field: string, value: unknown): void;
  /** The most rows a page holds. */
  setPageCap(rows: number): void;
  /** Pads every page with this many bytes. */
  setPadding(bytes: number): void;
  /** Every page says another follows. */
  setEndless(endless: boolean): void;
  reset(): void;
}

export function fakeNameCom(behaviour: FakeBehaviour = "success"): FakeNameCom {
  const control = createControl(behaviour);
  const authorizations: (string | undefined)[] = [];
  let rows = NAMECOM_ROWS.map((r) => ({ ...r }));
  let pageCap = 100;
  let padding = 0;
  let endless = false;

  const page = (c: Context) => {
    const number = Number(c.req.query("page") ?? "1");
    const perPage = Math.min(Number(c.req.query("perPage") ?? "25"), pageCap);
    const last = Math.max(1, Math.ceil(rows.length / perPage));
    const from = (number - 1) * perPage;
    return JSON.stringify({
      pricing: rows.slice(from, from + perPage),
      lastPage: last, nextPage: number < last || endless ? number + 1 : null, totalCount: rows.length, from: from + 1, to: Math.min(from + perPage, rows.length),
      ...(padding > 0 ? { padding: "x".repeat(padding) } : {}),
    });
  };

  const app = new Hono();
  app.get("/core/v1/tldpricing", (c) => {
    authorizations.push(c.req.header("authorization"));
    return respond(control, c, {
      contentType: "application/json",
      successText: page,
      success: (c) => c.body(page(c), 200, { "content-type": "application/json" }),
      malformed: () => Response.json({ prices: { com: 9.99 } }),
      providerError: (c) => c.body(fixture("unauthorized.json"), 401, { "content-type": "application/json" }),
    });
  });
  return {
    app, control, authorizations,
    setField: (tld, field, value) => { rows = rows.map((r) => (r.tld === tld ? { ...r, [field]: value } : r)); },
    setPageCap: (cap) => { pageCap = cap; },
    setPadding: (bytes) => { padding = bytes; },
    setEndless: (next) => { endless = next; },
    reset: () => { rows = NAMECOM_ROWS.map((r) => ({ ...r })); pageCap = 100; padding = 0; endless = false; },
  };
}
