/**
 * Internet.bs's price list: POST {INTERNETBS_API_URL}/Account/PriceList/Get with ApiKey, Password,
 * ResponseFormat=JSON, Currency=USD and version=1 in the form body (the keys stay out of the URL).
 * The answer is `{transactid, status: "SUCCESS", product: [{name: ".com registration", price:
 * "11.30", currency: "USD"}, …]}`: one row per TLD and operation, each the price of one year
 * (version 1 quotes the first year of a registration, of a renewal, of a transfer). Rows for
 * other operations (restore, trade) and for products that are not domains are not prices this
 * product compares. A refusal is `{status: "FAILURE", message, code}`.
 *
 * The list carries no promotions (no discount code is sent) and no premium names, so every
 * quote is a regular price; each row's own currency is kept.
 */
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ANSWER_CAPS } from "../answer-caps.ts";
import type { HttpOptions } from "../http.ts";
import { callPriceApi, checkShape, LivePriceList, missingSettings, readJsonAnswer } from "./live-source.ts";
import { PriceSourceError, type PriceSource } from "./source.ts";

const SERVICE = "Internet.bs";
const CURRENCY = "USD";

const answerSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("SUCCESS"), product: z.array(z.unknown()) }),
  z.object({ status: z.literal("FAILURE"), message: z.string().optional(), code: z.union([z.number(), z.string()]).optional() }),
]);
const rowSchema = z.object({ name: z.string(), price: z.union([z.string(), z.number()]), currency: z.string().optional() });

/** The operations a row may price, as this product's three columns. */
const OPERATIONS = { registration: "registration", renewal: "renewal", transfer: "transfer" } as const;
type Operation = keyof typeof OPERATIONS;

function refusal(message: string | undefined, code: string | number | undefined): PriceSourceError {
  const text = message?.trim() || "no reason given";
  const access = /api ?key|password|credential|ip address|not allowed|access denied|unauthori[sz]ed/i.test(text);
  return new PriceSourceError(access ? "auth" : "http",
    `Internet.bs refused the request: ${text}${code === undefined ? "" : ` (code ${code})`}` +
    `${access ? " — check INTERNETBS_API_KEY, INTERNETBS_PASSWORD and the API's allowed IP addresses in Internet.bs's account settings" : ""}`);
}

type Entry = { registration?: string | number; renewal?: string | number; transfer?: string | number; currency?: string; broken?: boolean };

export function internetBsSource(config: Pick<Config, "INTERNETBS_API_URL" | "INTERNETBS_API_KEY" | "INTERNETBS_PASSWORD">, http?: HttpOptions): PriceSource {
  const missingConfiguration = () => missingSettings(config, ["INTERNETBS_API_KEY", "INTERNETBS_PASSWORD"]);
  return {
    providerKey: "internetbs",
    missingConfiguration,
    async fetchPrices(options = {}) {
      const problem = missingConfiguration();
      if (problem) throw new PriceSourceError("not-configured", problem);
      const form = new URLSearchParams({
        ApiKey: config.INTERNETBS_API_KEY!, Password: config.INTERNETBS_PASSWORD!, ResponseFormat: "JSON", Currency: CURRENCY, version: "1",
      });
      const response = await callPriceApi({
        service: SERVICE, method: "POST", url: `${config.INTERNETBS_API_URL.replace(/\/+$/, "")}/Account/PriceList/Get`,
        headers: { "content-type": "application/x-www-form-urlencoded" }, body: form.toString(),
        signal: options.signal, maxBytes: ANSWER_CAPS.internetbsPrices,
      }, http);
      const answer = checkShape(SERVICE, answerSchema, readJsonAnswer(SERVICE, response.text));
      if (answer.status === "FAILURE") throw refusal(answer.message, answer.code);

      // Rows come one per TLD and operation: gather each TLD's three prices first.
      const entries = new Map<string, Entry>();
      const list = new LivePriceList("internetbs", CURRENCY);
      for (const raw of answer.product) {
        const row = rowSchema.safeParse(raw);
        if (!row.success) { list.out.skip((raw as { name?: unknown } | null)?.name ?? raw, "malformed"); continue; }
        const at = row.data.name.trim().lastIndexOf(" ");
        const name = row.data.name.trim().slice(0, at);
        const operation = row.data.name.trim().slice(at + 1).toLowerCase();
        // Hosting, SSL and other products have no leading dot; restores and trades are not compared.
        if (at < 1 || !name.startsWith(".") || !(operation in OPERATIONS)) continue;
        const tld = name.slice(1).toLowerCase();
        const entry = entries.get(tld) ?? {};
        entries.set(tld, entry);
        const currency = row.data.currency?.trim().toUpperCase();
        const key = OPERATIONS[operation as Operation];
        // Two currencies, or two prices for the same operation, leave the TLD's price unknown.
        if ((entry.currency && currency && entry.currency !== currency) || (entry[key] !== undefined && String(entry[key]) !== String(row.data.price))) {
          entry.broken = true;
        }
        entry.currency ??= currency;
        entry[key] = row.data.price;
      }
      for (const [tld, entry] of entries) {
        if (entry.broken) { list.out.skip(tld, "malformed"); continue; }
        list.out.add(tld, { registration: entry.registration, renewal: entry.renewal, transfer: entry.transfer, ...(entry.currency ? { currency: entry.currency } : {}) });
      }
      return list.finish(SERVICE);
    },
  };
}
