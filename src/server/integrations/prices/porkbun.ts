/**
 * Porkbun's public price list: POST {PORKBUN_API_URL}/pricing/get, no key needed. The answer
 * is `{status: "SUCCESS", pricing: {tld: {registration, renewal, transfer, coupons, specialType?}}}`
 * with prices as strings ("2,060.25"); a refusal is `{status: "ERROR", message}`.
 */
import { z } from "zod";
import { addPorkbunEntry } from "./price-list-builder.ts";
import type { Config } from "../../config.ts";
import { ANSWER_CAPS } from "../answer-caps.ts";
import type { HttpOptions } from "../http.ts";
import { callPriceApi, checkShape, LivePriceList, readJsonAnswer } from "./live-source.ts";
import { PriceSourceError, type PriceSource } from "./source.ts";

const SERVICE = "Porkbun";

const answerSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("SUCCESS"), pricing: z.record(z.string(), z.unknown()) }),
  z.object({ status: z.literal("ERROR"), message: z.string().optional() }),
]);

export function porkbunSource(config: Pick<Config, "PORKBUN_API_URL">, http?: HttpOptions): PriceSource {
  return {
    providerKey: "porkbun",
    missingConfiguration: () => null,
    async fetchPrices(options = {}) {
      const response = await callPriceApi({
        service: SERVICE, method: "POST", url: `${config.PORKBUN_API_URL.replace(/\/+$/, "")}/pricing/get`,
        headers: { "content-type": "application/json" }, body: "{}", signal: options.signal, maxBytes: ANSWER_CAPS.porkbunPrices,
      }, http);
      const answer = checkShape(SERVICE, answerSchema, readJsonAnswer(SERVICE, response.text));
      if (answer.status === "ERROR") {
        throw new PriceSourceError("http", `Porkbun refused the request: ${answer.message ?? "no reason given"}`);
      }
      const list = new LivePriceList("porkbun");
      for (const [name, entry] of Object.entries(answer.pricing)) addPorkbunEntry(list.out, name, entry);
      return list.finish(SERVICE);
    },
  };
}
