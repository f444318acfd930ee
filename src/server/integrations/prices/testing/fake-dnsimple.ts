/**
 * DNSimple's API v2 on loopback: `GET /v2/tlds` and `GET /v2/{account}/registrar/domains/{name}/prices`
 * in the shape of the answers DNSimple recorded (testing/fixtures/dnsimple, SOURCES.md says
 * where they come from). The recorded `ac` and `academy` entries open the TLD list; the other
 * TLDs and every standard price are DNSimple's own, from the bundled
 * route53-dnsimple-googledomains list (renewal-only TLDs listed with registrations and transfers
 * disabled). `bingo.pizza` answers its recorded premium price, a TLD DNSimple does not sell the
 * recorded 400, and a wrong token DNSimple's 401.
 */
import { readFileSync } from "node:fs";
import { Hono, type Context } from "hono";
import { parseRegistrarTldMarkdown } from "../prices.ts";
import { createControl, respond, type FakeBehaviour, type FakeControl } from "./fake-behaviour.ts";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/dnsimple/${name}`, import.meta.url), "utf8");
export const DNSIMPLE_LIST_TLDS = fixture("list-tlds.json");
export const DNSIMPLE_PREMIUM_PRICES = fixture("get-domain-prices-premium.json");

const bundled = parseRegistrarTldMarkdown(
  readFileSync(new URL("../../../../../db/seed/data/prices/route53-dnsimple-googledomains.2022-09-28.md", import.meta.url), "utf8"), "2022-09-28",
).find((s) => s.providerKey === "dnsimple")!.quotes;

type TldEntry = Record<string, unknown> & { tld: string };
const recorded = (JSON.parse(DNSIMPLE_LIST_TLDS) as { data: TldEntry[] }).data;
/** DNSimple's TLD list: the recorded entries, then the bundled TLDs in the same shape. */
export const DNSIMPLE_TLDS: TldEntry[] = [
  ...recorded,
  ...bundled.filter((q) => !recorded.some((r) => r.tld === q.tld)).map((q) => ({
    tld: q.tld, tld_type: 1, whois_privacy: true, auto_renew_only: q.registration === null, idn: false, minimum_registration: 1,
    registration_enabled: q.registration !== null, renewal_enabled: true, transfer_enabled: q.transfer !== null,
    dnssec_interface_type: "ds", name_server_min: "2", name_server_max: "13",
  })),
];
/** The one-year standard price of each TLD in dollars, as DNSimple's answers write it. */
export const DNSIMPLE_PRICES: ReadonlyMap<string, number> = new Map(bundled.map((q) => [q.tld, (q.renewal ?? 0) / 100]));

export interface FakeDnsimple {
  app: Hono;
  control: FakeControl;
  authorizations: (string | undefined)[];
  /** Answers this TLD's probe at another price (dollars), as premium, or as a TLD DNSimple does not sell. */
  setPrice(tld: string, price: number | "premium" | "unsold"): void;
  /** Pads every TLD list page with this many bytes. */
  setPadding(bytes: number): void;
  reset(): void;
}

export function fakeDnsimple(behaviour: FakeBehaviour = "success"): FakeDnsimple {
  const control = createControl(behaviour);
  const authorizations: (string | undefined)[] = [];
  const overrides = new Map<string, number | "premium" | "unsold">();
  let padding = 0;
  const refusal = (c: Context) => c.json({ message: "Authentication failed" }, 401);

  const tldPage = (c: Context) => {
    const page = Number(c.req.query("page") ?? "1");
    const perPage = Number(c.req.query("per_page") ?? "30");
    const totalPages = Math.max(1, Math.ceil(DNSIMPLE_TLDS.length / perPage));
    return JSON.stringify({
      data: DNSIMPLE_TLDS.slice((page - 1) * perPage, page * perPage),
      pagination: { current_page: page, per_page: perPage, total_entries: DNSIMPLE_TLDS.length, total_pages: totalPages },
      ...(padding > 0 ? { padding: "x".repeat(padding) } : {}),
    });
  };
  const prices = (name: string): { status: 200 | 400; text: string } => {
    if (name === "bingo.pizza") return { status: 200, text: DNSIMPLE_PREMIUM_PRICES };
    const tld = name.slice(name.indexOf(".") + 1);
    const price = overrides.get(tld) ?? DNSIMPLE_PRICES.get(tld);
    if (price === undefined || price === "unsold") return { status: 400, text: JSON.stringify({ message: `TLD .${tld.toUpperCase()} is not supported` }) };
    if (price === "premium") return { status: 200, text: DNSIMPLE_PREMIUM_PRICES.replace("bingo.pizza", name) };
    return { status: 200, text: JSON.stringify({ data: { domain: name, premium: false, registration_price: price, renewal_price: price, transfer_price: price } }) };
  };

  const app = new Hono();
  app.get("/v2/tlds", (c) => {
    authorizations.push(c.req.header("authorization"));
    return respond(control, c, {
      contentType: "application/json; charset=utf-8",
      successText: tldPage,
      success: (c) => c.body(tldPage(c), 200, { "content-type": "application/json; charset=utf-8" }),
      malformed: () => Response.json({ data: { tlds: ["com"] } }),
      providerError: refusal,
    });
  });
  app.get("/v2/:account/registrar/domains/:name/prices", (c) => {
    authorizations.push(c.req.header("authorization"));
    const answer = prices(c.req.param("name"));
    return respond(control, c, {
      contentType: "application/json; charset=utf-8",
      successText: () => answer.text,
      success: (c) => c.body(answer.text, answer.status, { "content-type": "application/json; charset=utf-8" }),
      malformed: () => Response.json({ data: [] }),
      providerError: refusal,
    });
  });
  return {
    app, control, authorizations,
    setPrice: (tld, price) => { overrides.set(tld, price); },
    setPadding: (bytes) => { padding = bytes; },
    reset: () => { overrides.clear(); padding = 0; },
  };
}
