/**
 * Name.com's TLD price list (its Core API), with HTTP basic auth of the account's username and
 * an API token: GET {NAMECOM_API_URL}/core/v1/tldpricing?duration=1&page=N&perPage=100 answers
 * `{pricing: [{tld, duration, registrationPrice, registrationOriginalPrice, renewalPrice,
 * transferInPrice, domainRestorationPrice, …}], nextPage, lastPage, totalCount, from, to}`, in
 * US dollars, `nextPage` set while more pages remain. Newer answers add the public price beside
 * the account's (`registrationRetailPrice`, `renewalRetailPrice`, `transferInRetailPrice`); when
 * present it is the one quoted, else the account's price.
 *
 * The list holds the price of non-premium names only, so premium prices never enter it. A null
 * price is an action Name.com does not offer for that TLD now. A first year or a transfer below
 * its original price (`registrationOriginalPrice`, `transferInOriginalPrice`) is a promotion
 * over that price. A 401 or 403 is a wrong username or token.
 */
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ANSWER_CAPS } from "../answer-caps.ts";
import type { HttpOptions } from "../http.ts";
import { callPriceApi, checkShape, jsonOrNull, LivePriceList, missingSettings, readJsonAnswer } from "./live-source.ts";
import { PriceSourceError, type FetchOptions, type PriceSource } from "./source.ts";

const SERVICE = "Name.com";
const CURRENCY = "USD";
const PER_PAGE = 100;
/** No real list needs more pages than this; a list that keeps saying "next" past it is refused, not followed forever. */
const MAX_PAGES = 100;

const money = z.number().nullable().optional();
const pageSchema = z.object({
  pricing: z.array(z.unknown()),
  nextPage: z.number().int().nullable().optional(),
});
const rowSchema = z.object({
  tld: z.string().min(1),
  duration: z.number().optional(),
  registrationPrice: money, registrationRetailPrice: money, registrationOriginalPrice: money,
  renewalPrice: money, renewalRetailPrice: money,
  transferInPrice: money, transferInRetailPrice: money, transferInOriginalPrice: money,
}).loose();
const refusalSchema = z.object({ message: z.string(), details: z.string().nullish() }).loose();

export function nameComSource(config: Pick<Config, "NAMECOM_API_URL" | "NAMECOM_USERNAME" | "NAMECOM_API_TOKEN">, http?: HttpOptions): PriceSource {
  const missingConfiguration = () => missingSettings(config, ["NAMECOM_USERNAME", "NAMECOM_API_TOKEN"]);

  async function page(number: number, options: FetchOptions) {
    const url = `${config.NAMECOM_API_URL.replace(/\/+$/, "")}/core/v1/tldpricing?duration=1&page=${number}&perPage=${PER_PAGE}`;
    const response = await callPriceApi({
      service: SERVICE, url, signal: options.signal, maxBytes: ANSWER_CAPS.namecomPrices, returnClientErrors: true,
      headers: {
        authorization: `Basic ${Buffer.from(`${config.NAMECOM_USERNAME!}:${config.NAMECOM_API_TOKEN!}`).toString("base64")}`,
        accept: "application/json",
      },
    }, http);
    if (response.status !== 200) {
      const said = refusalSchema.safeParse(jsonOrNull(response.text)).data;
      const reason = [said?.message?.trim(), said?.details?.trim()].filter(Boolean).join(": ") || `HTTP ${response.status}`;
      if (response.status === 401 || response.status === 403) {
        throw new PriceSourceError("auth", `Name.com refused the request: ${reason} — check NAMECOM_USERNAME and NAMECOM_API_TOKEN`, response.status);
      }
      throw new PriceSourceError("http", `Name.com answered ${response.status} to its TLD price list (${reason}); try again later`, response.status);
    }
    return checkShape(SERVICE, pageSchema, readJsonAnswer(SERVICE, response.text));
  }

  return {
    providerKey: "namecom",
    missingConfiguration,
    async fetchPrices(options = {}) {
      const problem = missingConfiguration();
      if (problem) throw new PriceSourceError("not-configured", problem);
      const list = new LivePriceList("namecom", CURRENCY);
      for (let number = 1, pages = 0; ; pages++) {
        if (pages === MAX_PAGES) {
          throw new PriceSourceError("incomplete", `Name.com's TLD price list still went on after ${MAX_PAGES} pages; nothing was used, try again later`);
        }
        const answer = await page(number, options);
        for (const raw of answer.pricing) {
          const row = rowSchema.safeParse(raw);
          if (!row.success) { list.out.skip((raw as { tld?: unknown } | null)?.tld ?? raw, "malformed"); continue; }
          const r = row.data;
          // A row for more than one year is not the one-year price this product compares.
          if (r.duration !== undefined && r.duration !== 1) { list.out.skip(r.tld, "malformed"); continue; }
          list.out.add(r.tld, {
            registration: pick(r.registrationRetailPrice, r.registrationPrice), regular: r.registrationOriginalPrice,
            renewal: pick(r.renewalRetailPrice, r.renewalPrice),
            transfer: pick(r.transferInRetailPrice, r.transferInPrice), regularTransfer: r.transferInOriginalPrice,
          });
        }
        if (!answer.nextPage || answer.nextPage <= number) break;
        number = answer.nextPage;
      }
      return list.finish(SERVICE);
    },
  };
}

/** The public price when the answer has that field, else the account's. */
function pick(retail: number | null | undefined, account: number | null | undefined) {
  return retail === undefined ? account : retail;
}
