/**
 * NameSilo's `getPrices`: GET {NAMESILO_API_URL}/getPrices?version=1&type=json&key=…. The reply
 * is `{request, reply: {code: 300, detail: "success", com: {registration, transfer, renew}, …}}`:
 * every key of `reply` beside code and detail is a TLD. Any code but 300 is a refusal whose
 * `detail` says why. Prices are in USD.
 */
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ANSWER_CAPS } from "../answer-caps.ts";
import type { HttpOptions } from "../http.ts";
import { callPriceApi, checkShape, LivePriceList, readJsonAnswer } from "./live-source.ts";
import { PriceSourceError, type PriceSource } from "./source.ts";

const SERVICE = "NameSilo";

const answerSchema = z.object({
  reply: z.looseObject({ code: z.union([z.number(), z.string()]).transform(String), detail: z.string().optional() }),
});
const rowSchema = z.object({ registration: z.unknown(), renew: z.unknown(), transfer: z.unknown() }).partial();

/** 109–113: no key, invalid key, invalid user, sub-account, address not allowed. */
const ACCESS_CODES = new Set(["109", "110", "111", "112", "113"]);

function refusal(code: string, detail: string | undefined): PriceSourceError {
  const hint = code === "113" ? " — allow the server's IP address for the key in NameSilo's API Manager"
    : ACCESS_CODES.has(code) ? " — check NAMESILO_API_KEY" : "";
  return new PriceSourceError(ACCESS_CODES.has(code) ? "auth" : "http",
    `NameSilo refused the request: ${detail?.trim() || "no reason given"} (code ${code})${hint}`);
}

export function nameSiloSource(config: Pick<Config, "NAMESILO_API_URL" | "NAMESILO_API_KEY">, http?: HttpOptions): PriceSource {
  const missingConfiguration = () => (config.NAMESILO_API_KEY ? null : "NAMESILO_API_KEY is not set");
  return {
    providerKey: "namesilo",
    missingConfiguration,
    async fetchPrices(options = {}) {
      const problem = missingConfiguration();
      if (problem) throw new PriceSourceError("not-configured", problem);
      const response = await callPriceApi({
        service: SERVICE, url: `${config.NAMESILO_API_URL.replace(/\/+$/, "")}/getPrices`, signal: options.signal, maxBytes: ANSWER_CAPS.namesiloPrices,
        query: { version: "1", type: "json", key: config.NAMESILO_API_KEY! },
      }, http);
      const { reply } = checkShape(SERVICE, answerSchema, readJsonAnswer(SERVICE, response.text));
      if (reply.code !== "300") throw refusal(reply.code, reply.detail);
      const list = new LivePriceList("namesilo", "USD");
      for (const [name, raw] of Object.entries(reply)) {
        if (name === "code" || name === "detail") continue;
        const row = rowSchema.safeParse(raw);
        if (!row.success || typeof raw !== "object" || raw === null) { list.out.skip(name, "malformed"); continue; }
        // NameSilo quotes no separate list price, so a registration below renewal is its promotion.
        list.out.add(name, { registration: row.data.registration, renewal: row.data.renew, transfer: row.data.transfer, regular: row.data.renew });
      }
      return list.finish(SERVICE);
    },
  };
}
