/**
 * ResellerClub's prices (the LogicBoxes reseller platform behind ResellerClub, BigRock and
 * NetEarthOne), with the reseller id and an API key in each request's query (`auth-userid`,
 * `api-key`, as the API takes them):
 *
 * - GET {RESELLERCLUB_API_URL}/products/category-keys-mapping.json says which TLDs each domain
 *   product key sells: `{domorder: [{domcno: ["com"]}, {dotnet: ["net"]}, {donutsgroup1:
 *   ["academy", …]}, …], hosting: …}`; one key may sell many TLDs at one price.
 * - GET {RESELLERCLUB_API_URL}/products/customer-price.json answers the account's customer
 *   prices per product key, action and number of years: `{domcno: {addnewdomain: {"1": "9.99",
 *   …}, renewdomain: {…}, addtransferdomain: {"1": …}, restoredomain: {…}}, …}` (prices as
 *   strings or numbers), beside other products' prices that are not domains.
 *
 * Each TLD gets its key's one-year registration, renewal and transfer; an action without a
 * one-year price (a TLD sold two years at a time) has no quote. The prices carry no currency:
 * they are in the account's selling currency, RESELLERCLUB_CURRENCY. The customer price list
 * holds no promotions (those are a separate list) and no premium names, so every quote is a
 * regular price. A refusal is `{status: "ERROR", message}`.
 */
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ANSWER_CAPS } from "../answer-caps.ts";
import type { HttpOptions } from "../http.ts";
import { isObject } from "./price-list-builder.ts";
import { callPriceApi, checkShape, jsonOrNull, LivePriceList, missingSettings, readJsonAnswer } from "./live-source.ts";
import { PriceSourceError, type FetchOptions, type PriceSource } from "./source.ts";

const SERVICE = "ResellerClub";
const KEYS = ["RESELLERCLUB_AUTH_USERID", "RESELLERCLUB_API_KEY"] as const;

const refusalSchema = z.object({ status: z.string().regex(/^error$/i), message: z.string().optional() }).loose();
const mappingSchema = z.object({ domorder: z.array(z.unknown()) }).loose();
const pricesSchema = z.record(z.string(), z.unknown());

/** The actions a product's prices are listed under, as this product's three columns. */
const ACTIONS = { registration: "addnewdomain", renewal: "renewdomain", transfer: "addtransferdomain" } as const;

function refusal(message: string | undefined, status: number): PriceSourceError {
  const text = message?.trim() || `HTTP ${status}`;
  const access = status === 401 || status === 403
    || /\b(auth\w*|api[- ]?key|password|access denied|unauthori[sz]ed|ip address\w*|whitelist\w*)\b/i.test(text);
  return new PriceSourceError(access ? "auth" : "http",
    `ResellerClub refused the request: ${text}` +
    `${access ? " — check RESELLERCLUB_AUTH_USERID, RESELLERCLUB_API_KEY and this server's IP address in the reseller control panel's API settings" : ""}`,
    status === 200 ? undefined : status);
}

export function resellerClubSource(
  config: Pick<Config, "RESELLERCLUB_API_URL" | "RESELLERCLUB_AUTH_USERID" | "RESELLERCLUB_API_KEY" | "RESELLERCLUB_CURRENCY">,
  http?: HttpOptions,
): PriceSource {
  const missingConfiguration = () => missingSettings(config, KEYS);

  async function get(path: string, options: FetchOptions): Promise<unknown> {
    const query = new URLSearchParams({ "auth-userid": config.RESELLERCLUB_AUTH_USERID!, "api-key": config.RESELLERCLUB_API_KEY! });
    const response = await callPriceApi({
      service: SERVICE, url: `${config.RESELLERCLUB_API_URL.replace(/\/+$/, "")}/${path}?${query.toString()}`,
      // The key travels in the URL: a redirect is refused rather than followed with it.
      signal: options.signal, maxBytes: ANSWER_CAPS.resellerclubPrices, redirect: "error", returnClientErrors: true,
      headers: { accept: "application/json" },
    }, http);
    if (response.status !== 200) {
      const said = refusalSchema.safeParse(jsonOrNull(response.text));
      throw refusal(said.success ? said.data.message : undefined, response.status);
    }
    const answer = readJsonAnswer(SERVICE, response.text);
    const said = refusalSchema.safeParse(answer);
    if (said.success) throw refusal(said.data.message, 200);
    return answer;
  }

  return {
    providerKey: "resellerclub",
    missingConfiguration,
    async fetchPrices(options = {}) {
      const problem = missingConfiguration();
      if (problem) throw new PriceSourceError("not-configured", problem);
      const mapping = checkShape(SERVICE, mappingSchema, await get("products/category-keys-mapping.json", options));
      const prices = checkShape(SERVICE, pricesSchema, await get("products/customer-price.json", options));

      const list = new LivePriceList("resellerclub", config.RESELLERCLUB_CURRENCY);
      for (const entry of mapping.domorder) {
        if (!isObject(entry)) { list.out.skip(JSON.stringify(entry), "malformed"); continue; }
        for (const [productKey, tlds] of Object.entries(entry)) {
          if (!Array.isArray(tlds)) { list.out.skip(productKey, "malformed"); continue; }
          const product = prices[productKey];
          // A product key the account has no customer price for is not on sale there.
          if (product === undefined) continue;
          for (const tld of tlds) {
            if (typeof tld !== "string") { list.out.skip(productKey, "malformed"); continue; }
            if (!isObject(product)) { list.out.skip(tld, "malformed"); continue; }
            list.out.add(tld, {
              registration: oneYear(product[ACTIONS.registration]),
              renewal: oneYear(product[ACTIONS.renewal]),
              transfer: oneYear(product[ACTIONS.transfer]),
            });
          }
        }
      }
      return list.finish(SERVICE);
    },
  };
}

/** The one-year price of an action's `{years: price}` map; anything else becomes NaN, which the builder refuses as malformed. */
function oneYear(byYears: unknown): unknown {
  if (byYears === undefined || byYears === null) return null;
  return isObject(byYears) ? (byYears["1"] ?? null) : Number.NaN;
}
