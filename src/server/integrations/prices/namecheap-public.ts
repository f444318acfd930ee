/**
 * Namecheap's public TLD price list: GET {NAMECHEAP_PRICES_URL}, the JSON its pricing pages
 * load (www.namecheap.com/domains/tlds.ashx), no key needed. The answer is an array of
 * `{Name, Pricing: {Price, Regular, Renewal, …}, …}` in USD; it has no transfer prices. The
 * registry reads it while none of NAMECHEAP_API_USER, NAMECHEAP_API_KEY and NAMECHEAP_CLIENT_IP is set (docs/decisions/028).
 */
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ANSWER_CAPS } from "../answer-caps.ts";
import type { HttpOptions } from "../http.ts";
import { callPriceApi, checkShape, LivePriceList, readJsonAnswer } from "./live-source.ts";
import { addNamecheapTldRow } from "./price-list-builder.ts";
import type { PriceSource } from "./source.ts";

const SERVICE = "Namecheap";

// Rows are checked as a whole here; a row whose Pricing is missing or odd is skipped as malformed.
const answerSchema = z.array(z.looseObject({ Name: z.string() }));

export function namecheapPublicSource(config: Pick<Config, "NAMECHEAP_PRICES_URL">, http?: HttpOptions): PriceSource {
  return {
    providerKey: "namecheap",
    missingConfiguration: () => null,
    async fetchPrices(options = {}) {
      const response = await callPriceApi({
        service: SERVICE, url: config.NAMECHEAP_PRICES_URL, headers: { accept: "application/json" }, signal: options.signal, maxBytes: ANSWER_CAPS.namecheapPublicList,
      }, http);
      const rows = checkShape(SERVICE, answerSchema, readJsonAnswer(SERVICE, response.text));
      const list = new LivePriceList("namecheap");
      for (const row of rows) addNamecheapTldRow(list.out, row);
      return list.finish(SERVICE);
    },
  };
}
