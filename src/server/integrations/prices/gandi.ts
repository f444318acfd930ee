/**
 * Gandi's price catalogue (API v5), with a personal access token (`Authorization: Bearer …`):
 * GET {GANDI_API_URL}/v5/domain/tlds lists the TLDs Gandi sells (`[{name: "com", href}, …]`; when
 * its Total-Count header says there are more, the next pages are asked with page=2, 3, …),
 * then GET {GANDI_API_URL}/v5/billing/price/domain?name=.com&name=.net…&processes=create&
 * processes=renew&processes=transfer&grid=A asks their prices, a batch of names at a time. That
 * answer is `{currency, grid, products: [{name: ".com", process: "create", prices: [{min_duration,
 * max_duration, duration_unit: "y", discount, price_before_taxes, normal_price_before_taxes?,
 * options: {phase}}]}]}`: one product per TLD and process, its prices by ranges of years.
 *
 * Quoted: grid A (Gandi's public rate, whatever the token's account earns), in the answer's
 * currency, before taxes as the other registrars' lists are, for one year of the general
 * availability ("golive") phase; premium prices are left out. A discounted creation is a
 * first-year promotion over its normal price; a renewal is always quoted at its normal price; a
 * discounted transfer is kept as a transfer sale. A refusal is a 401/403 (a wrong token).
 */
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ANSWER_CAPS } from "../answer-caps.ts";
import type { HttpOptions } from "../http.ts";
import { callPriceApi, checkShape, LivePriceList, readJsonAnswer } from "./live-source.ts";
import type { RawPrices } from "./price-list-builder.ts";
import { PriceSourceError, type PriceSource } from "./source.ts";

const SERVICE = "Gandi";
/** TLDs asked per catalogue request: three products each, well inside one page. */
const BATCH = 50;
const PER_PAGE = 500;

const tldsSchema = z.array(z.object({ name: z.string().min(1) }).loose());
const catalogueSchema = z.object({ currency: z.string(), products: z.array(z.unknown()) });
const priceSchema = z.object({
  min_duration: z.number(), max_duration: z.number(), duration_unit: z.string().optional(),
  discount: z.boolean().optional(), type: z.string().optional(), options: z.object({ phase: z.string().optional() }).loose().optional(),
  price_before_taxes: z.number(), normal_price_before_taxes: z.number().optional(),
}).loose();
const productSchema = z.object({ name: z.string(), process: z.string(), prices: z.array(z.unknown()) }).loose();

type Price = z.infer<typeof priceSchema>;

/** The one-year general-availability price of a product, premium prices aside; null when it has none. */
function oneYear(prices: unknown[]): Price | null {
  for (const raw of prices) {
    const price = priceSchema.safeParse(raw);
    if (!price.success) continue;
    const p = price.data;
    const phase = p.options?.phase;
    if ((p.duration_unit ?? "y") !== "y" || p.min_duration > 1 || p.max_duration < 1) continue;
    if (p.type === "premium" || (phase !== undefined && phase !== "golive")) continue;
    return p;
  }
  return null;
}

/** What a discounted price replaces: its normal price when Gandi gives one. */
const normal = (p: Price) => (p.discount && p.normal_price_before_taxes !== undefined ? p.normal_price_before_taxes : p.price_before_taxes);

export function gandiSource(config: Pick<Config, "GANDI_API_URL" | "GANDI_PERSONAL_ACCESS_TOKEN">, http?: HttpOptions): PriceSource {
  const missingConfiguration = () => (config.GANDI_PERSONAL_ACCESS_TOKEN ? null : "GANDI_PERSONAL_ACCESS_TOKEN is not set");
  const base = () => `${config.GANDI_API_URL.replace(/\/+$/, "")}/v5`;
  return {
    providerKey: "gandi",
    missingConfiguration,
    async fetchPrices(options = {}) {
      const problem = missingConfiguration();
      if (problem) throw new PriceSourceError("not-configured", problem);
      const get = async (url: string) => {
        const response = await callPriceApi({
          service: SERVICE, url, signal: options.signal, maxBytes: ANSWER_CAPS.gandiPrices, redirect: "error",
          headers: { authorization: `Bearer ${config.GANDI_PERSONAL_ACCESS_TOKEN!}`, accept: "application/json" },
        }, http);
        return { body: readJsonAnswer(SERVICE, response.text), total: Number(response.headers.get("total-count") ?? Number.NaN) };
      };

      const tlds: string[] = [];
      for (let page = 1; ; page++) {
        const { body, total } = await get(`${base()}/domain/tlds${page === 1 ? "" : `?page=${page}`}`);
        const names = checkShape(SERVICE, tldsSchema, body).map((t) => t.name.replace(/^\./, "").toLowerCase());
        tlds.push(...names);
        if (names.length === 0 || !(tlds.length < total)) break;
      }

      const byTld = new Map<string, { create?: Price | null; renew?: Price | null; transfer?: Price | null }>();
      let currency: string | undefined;
      for (let at = 0; at < tlds.length; at += BATCH) {
        for (let page = 1; ; page++) {
          const query = new URLSearchParams();
          for (const tld of tlds.slice(at, at + BATCH)) query.append("name", `.${tld}`);
          for (const process of ["create", "renew", "transfer"]) query.append("processes", process);
          query.set("grid", "A");
          query.set("per_page", String(PER_PAGE));
          query.set("page", String(page));
          const answer = checkShape(SERVICE, catalogueSchema, (await get(`${base()}/billing/price/domain?${query.toString()}`)).body);
          if (currency !== undefined && answer.currency !== currency) {
            throw new PriceSourceError("malformed", `Gandi answered in ${answer.currency} after ${currency}; its API may have changed, nothing was used`);
          }
          currency = answer.currency;
          for (const raw of answer.products) {
            const product = productSchema.safeParse(raw);
            if (!product.success) continue;
            const { name, process, prices } = product.data;
            if (process !== "create" && process !== "renew" && process !== "transfer") continue;
            const tld = name.replace(/^\./, "").toLowerCase();
            const entry = byTld.get(tld) ?? {};
            byTld.set(tld, entry);
            entry[process] = oneYear(prices);
          }
          if (answer.products.length < PER_PAGE) break;
        }
      }

      const list = new LivePriceList("gandi", currency ?? "EUR");
      for (const [tld, { create, renew, transfer }] of byTld) {
        const raw: RawPrices = {
          registration: create?.price_before_taxes, regular: create ? normal(create) : undefined,
          renewal: renew ? normal(renew) : undefined,
          transfer: transfer?.price_before_taxes, regularTransfer: transfer ? normal(transfer) : undefined,
        };
        list.out.add(tld, raw);
      }
      return list.finish(SERVICE);
    },
  };
}
