/**
 * DNSimple's prices (API v2), with an API access token and the account it bills: GET
 * {DNSIMPLE_API_URL}/v2/tlds?page=N lists the TLDs DNSimple sells (`{data: [{tld,
 * registration_enabled, renewal_enabled, transfer_enabled, …}], pagination: {current_page,
 * total_pages}}`), then GET {DNSIMPLE_API_URL}/v2/{DNSIMPLE_ACCOUNT_ID}/registrar/domains/
 * {probe}.{tld}/prices asks each one's prices for one name (`{data: {domain, premium,
 * registration_price, renewal_price, transfer_price, …}}`, USD). DNSimple prices names, not
 * TLDs: the probe is a name nobody would register, so its price is the TLD's standard price;
 * when the registry prices even that one as premium the TLD is left out rather than quoted at
 * a premium price. A 400 `{message}` is a TLD DNSimple does not sell (no quote); a 401 or 403
 * is a wrong token or account.
 *
 * One request per TLD (a few hundred, a few at a time) on DNSimple's limit of 2,400 an hour:
 * a fetch takes a minute or so. DNSimple publishes no list price beside what it charges, so no
 * quote is a promotion; a price for an action the TLD does not allow (say transfers) is dropped.
 */
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ANSWER_CAPS } from "../answer-caps.ts";
import type { HttpOptions } from "../http.ts";
import { callPriceApi, checkShape, jsonOrNull, LivePriceList, missingSettings, readJsonAnswer } from "./live-source.ts";
import { PriceSourceError, type FetchOptions, type PriceSource } from "./source.ts";

const SERVICE = "DNSimple";
const CURRENCY = "USD";
/** The name whose prices stand for its TLD's. */
export const DNSIMPLE_PROBE_LABEL = "pricecheck7k2q";
/** Price requests in flight at once. */
const PARALLEL = 4;
const PER_PAGE = 100;

const pageSchema = z.object({
  data: z.array(z.object({
    tld: z.string().min(1),
    registration_enabled: z.boolean().optional(), renewal_enabled: z.boolean().optional(), transfer_enabled: z.boolean().optional(),
  }).loose()),
  pagination: z.object({ current_page: z.number(), total_pages: z.number() }).loose(),
});
const money = z.union([z.number(), z.string()]).nullable().optional();
const pricesSchema = z.object({
  data: z.object({ premium: z.boolean(), registration_price: money, renewal_price: money, transfer_price: money }).loose(),
});
const refusalSchema = z.object({ message: z.string() }).loose();

type Tld = z.infer<typeof pageSchema>["data"][number];

export function dnsimpleSource(config: Pick<Config, "DNSIMPLE_API_URL" | "DNSIMPLE_API_TOKEN" | "DNSIMPLE_ACCOUNT_ID">, http?: HttpOptions): PriceSource {
  const missingConfiguration = () => missingSettings(config, ["DNSIMPLE_API_TOKEN", "DNSIMPLE_ACCOUNT_ID"]);
  const base = () => `${config.DNSIMPLE_API_URL.replace(/\/+$/, "")}/v2`;

  async function get(url: string, options: FetchOptions) {
    const response = await callPriceApi({
      service: SERVICE, url, signal: options.signal, maxBytes: ANSWER_CAPS.dnsimplePrices, redirect: "error", returnClientErrors: true,
      headers: { authorization: `Bearer ${config.DNSIMPLE_API_TOKEN!}`, accept: "application/json" },
    }, http);
    if (response.status === 401 || response.status === 403 || response.status === 404) {
      const message = refusalSchema.safeParse(jsonOrNull(response.text)).data?.message;
      throw new PriceSourceError(response.status === 404 ? "http" : "auth",
        `DNSimple refused the request: ${message?.trim() || `HTTP ${response.status}`} — check DNSIMPLE_API_TOKEN and DNSIMPLE_ACCOUNT_ID`, response.status);
    }
    return response;
  }

  async function listTlds(options: FetchOptions): Promise<Tld[]> {
    const tlds: Tld[] = [];
    for (let page = 1; ; page++) {
      const response = await get(`${base()}/tlds?page=${page}&per_page=${PER_PAGE}`, options);
      if (response.status !== 200) throw new PriceSourceError("http", `DNSimple answered ${response.status} to its TLD list; try again later`, response.status);
      const answer = checkShape(SERVICE, pageSchema, readJsonAnswer(SERVICE, response.text));
      tlds.push(...answer.data);
      if (answer.pagination.current_page >= answer.pagination.total_pages) return tlds;
    }
  }

  return {
    providerKey: "dnsimple",
    missingConfiguration,
    async fetchPrices(options = {}) {
      const problem = missingConfiguration();
      if (problem) throw new PriceSourceError("not-configured", problem);
      const tlds = await listTlds(options);
      const list = new LivePriceList("dnsimple", CURRENCY);
      const account = encodeURIComponent(config.DNSIMPLE_ACCOUNT_ID!);

      // Each answer lands in its TLD's slot, so the list keeps DNSimple's order whatever the timing.
      const answers: (z.infer<typeof pricesSchema>["data"] | "unsold" | "malformed" | undefined)[] = tlds.map(() => undefined);
      let next = 0;
      let failed = false;
      const worker = async () => {
        while (!failed && next < tlds.length) {
          const at = next++;
          const name = `${DNSIMPLE_PROBE_LABEL}.${tlds[at]!.tld}`;
          try {
            const response = await get(`${base()}/${account}/registrar/domains/${encodeURIComponent(name)}/prices`, options);
            if (response.status === 400) { answers[at] = "unsold"; continue; }
            if (response.status !== 200) throw new PriceSourceError("http", `DNSimple answered ${response.status} for ${name}; try again later`, response.status);
            const parsed = pricesSchema.safeParse(readJsonAnswer(SERVICE, response.text));
            answers[at] = parsed.success ? parsed.data.data : "malformed";
          } catch (error) {
            failed = true;
            throw error;
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL, tlds.length) }, worker));

      tlds.forEach((tld, at) => {
        const answer = answers[at];
        if (answer === "unsold") return;
        if (answer === "malformed" || answer === undefined) return list.out.skip(tld.tld, "malformed");
        if (answer.premium) return list.out.skip(tld.tld, "no-price");
        list.out.add(tld.tld, {
          registration: tld.registration_enabled === false ? null : answer.registration_price,
          renewal: tld.renewal_enabled === false ? null : answer.renewal_price,
          transfer: tld.transfer_enabled === false ? null : answer.transfer_price,
        });
      });
      return list.finish(SERVICE);
    },
  };
}
