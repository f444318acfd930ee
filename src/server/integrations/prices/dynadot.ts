/**
 * Dynadot's api3 `tld_price` command (JSON): GET {DYNADOT_API_URL}?key=…&command=tld_price&currency=USD.
 * Success is `{TldPriceResponse: {ResponseCode: 0, Status: "success", TldPrice: [{Tld, Price:
 * {Register, Renew, Transfer, …}, …}]}}`; a refusal carries ResponseCode -1 and an Error text,
 * either in TldPriceResponse or in a bare `Response` object (as for an invalid key). Called
 * without count_per_page/page_index, the command answers the whole list at once.
 */
import { z } from "zod";
import { dynadotRawPrices } from "./price-list-builder.ts";
import type { Config } from "../../config.ts";
import { ANSWER_CAPS } from "../answer-caps.ts";
import type { HttpOptions } from "../http.ts";
import { callPriceApi, checkShape, LivePriceList, readJsonAnswer } from "./live-source.ts";
import { PriceSourceError, type PriceSource } from "./source.ts";

const SERVICE = "Dynadot";
const CURRENCY = "USD";

const code = z.union([z.number(), z.string()]).transform(String);
const envelopeSchema = z.object({ ResponseCode: code, Status: z.string().optional(), Error: z.string().optional() });
const answerSchema = z.union([
  z.object({ TldPriceResponse: envelopeSchema.extend({ TldPrice: z.array(z.unknown()).optional() }) }),
  z.object({ Response: envelopeSchema }),
]);
const rowSchema = z.object({
  Tld: z.string(),
  Price: z.object({ Register: z.unknown(), Renew: z.unknown(), Transfer: z.unknown() }).partial(),
});

function refusal(error: string | undefined): PriceSourceError {
  const text = error?.trim() || "no reason given";
  const access = /key|ip|permission|denied|unauthori[sz]ed/i.test(text);
  return new PriceSourceError(access ? "auth" : "http",
    `Dynadot refused the request: ${text}${access ? " — check DYNADOT_API_KEY and the API's allowed IP addresses in Dynadot's API settings" : ""}`);
}

export function dynadotSource(config: Pick<Config, "DYNADOT_API_URL" | "DYNADOT_API_KEY">, http?: HttpOptions): PriceSource {
  const missingConfiguration = () => (config.DYNADOT_API_KEY ? null : "DYNADOT_API_KEY is not set");
  return {
    providerKey: "dynadot",
    missingConfiguration,
    async fetchPrices(options = {}) {
      const problem = missingConfiguration();
      if (problem) throw new PriceSourceError("not-configured", problem);
      const response = await callPriceApi({
        service: SERVICE, url: config.DYNADOT_API_URL, signal: options.signal, maxBytes: ANSWER_CAPS.dynadotPrices,
        query: { key: config.DYNADOT_API_KEY!, command: "tld_price", currency: CURRENCY },
      }, http);
      const answer = checkShape(SERVICE, answerSchema, readJsonAnswer(SERVICE, response.text));
      if ("Response" in answer) throw refusal(answer.Response.Error);
      const reply = answer.TldPriceResponse;
      if (reply.ResponseCode !== "0") throw refusal(reply.Error);
      if (!reply.TldPrice) {
        throw new PriceSourceError("malformed", "Dynadot answered success without a TldPrice list; its API may have changed, nothing was used");
      }
      const list = new LivePriceList("dynadot", CURRENCY);
      for (const raw of reply.TldPrice) {
        const row = rowSchema.safeParse(raw);
        if (!row.success) { list.out.skip((raw as { Tld?: unknown } | null)?.Tld ?? raw, "malformed"); continue; }
        const { Register, Renew, Transfer } = row.data.Price;
        list.out.add(row.data.Tld, dynadotRawPrices(Register, Renew, Transfer));
      }
      return list.finish(SERVICE);
    },
  };
}
