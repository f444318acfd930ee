/**
 * Amazon Route 53's domain price list: the route53domains `ListPrices` action, a JSON-RPC POST to
 * {ROUTE53_API_URL}/ (`X-Amz-Target: Route53Domains_v20140515.ListPrices`, body `{MaxItems, Marker?}`)
 * signed with AWS Signature Version 4 for us-east-1, the one region that serves it. Each page is
 * `{Prices: [{Name, RegistrationPrice, RenewalPrice, TransferPrice, …: {Price, Currency}}],
 * NextPageMarker?}`; the next page is asked with that marker until none comes back. A refusal is
 * a 4xx with `{__type, message}`. Route 53 publishes list prices only (no promotions) and prices
 * premium names one by one elsewhere, so every quote here is a regular one-year price.
 */
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ANSWER_CAPS } from "../answer-caps.ts";
import type { HttpOptions } from "../http.ts";
import { signAwsRequest } from "./aws-sigv4.ts";
import { callPriceApi, checkShape, LivePriceList, missingSettings, readJsonAnswer } from "./live-source.ts";
import { PriceSourceError, type PriceSource } from "./source.ts";

const SERVICE = "Amazon Route 53";
const REGION = "us-east-1";
const TARGET = "Route53Domains_v20140515.ListPrices";
/** The most prices one page may hold (the API's own maximum). */
const PAGE_SIZE = 1000;
/** Far more pages than Route 53's few hundred TLDs need: a marker that never ends is a broken answer. */
const MAX_PAGES = 20;

const moneySchema = z.object({ Price: z.number(), Currency: z.string() });
const pageSchema = z.object({ Prices: z.array(z.unknown()), NextPageMarker: z.string().nullish() });
const rowSchema = z.object({
  Name: z.string(),
  RegistrationPrice: moneySchema.nullish(), RenewalPrice: moneySchema.nullish(), TransferPrice: moneySchema.nullish(),
});
const refusalSchema = z.object({ __type: z.string().optional(), message: z.string().optional(), Message: z.string().optional() });

/** The error types AWS answers for a wrong, unknown or unauthorised key. */
const ACCESS_ERRORS = /UnrecognizedClient|InvalidSignature|IncompleteSignature|MissingAuthenticationToken|AccessDenied|InvalidClientTokenId|ExpiredToken|SignatureDoesNotMatch/;

function refusal(status: number, text: string): PriceSourceError {
  let body: z.infer<typeof refusalSchema> = {};
  try { body = refusalSchema.catch({}).parse(JSON.parse(text)); } catch { /* not JSON: the status says enough */ }
  const type = body.__type?.split("#").pop() ?? "";
  const reason = body.message ?? body.Message ?? (type || `HTTP ${status}`);
  const access = status === 401 || status === 403 || ACCESS_ERRORS.test(type);
  return new PriceSourceError(access ? "auth" : "http",
    `Amazon Route 53 refused the request: ${reason}${access ? " — check ROUTE53_ACCESS_KEY_ID and ROUTE53_SECRET_ACCESS_KEY, and that the key may call route53domains:ListPrices" : ""}`,
    status);
}

type Route53Config = Pick<Config, "ROUTE53_API_URL" | "ROUTE53_ACCESS_KEY_ID" | "ROUTE53_SECRET_ACCESS_KEY">;

export function route53Source(config: Route53Config, http?: HttpOptions): PriceSource {
  const missingConfiguration = () => missingSettings(config, ["ROUTE53_ACCESS_KEY_ID", "ROUTE53_SECRET_ACCESS_KEY"]);
  return {
    providerKey: "route53",
    missingConfiguration,
    async fetchPrices(options = {}) {
      const problem = missingConfiguration();
      if (problem) throw new PriceSourceError("not-configured", problem);
      const credentials = { accessKeyId: config.ROUTE53_ACCESS_KEY_ID!, secretAccessKey: config.ROUTE53_SECRET_ACCESS_KEY! };
      const url = `${config.ROUTE53_API_URL.replace(/\/+$/, "")}/`;
      const list = new LivePriceList("route53", "USD");
      const seen = new Set<string>();
      let marker: string | undefined;
      for (let page = 1; ; page++) {
        if (page > MAX_PAGES) {
          throw new PriceSourceError("malformed", `Amazon Route 53 kept answering more pages after ${MAX_PAGES}; its API may have changed, nothing was used`);
        }
        const body = JSON.stringify(marker === undefined ? { MaxItems: PAGE_SIZE } : { Marker: marker, MaxItems: PAGE_SIZE });
        const headers = signAwsRequest({
          method: "POST", url, body, region: REGION, service: "route53domains",
          headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": TARGET },
        }, credentials);
        const response = await callPriceApi({
          service: SERVICE, method: "POST", url, headers, body, signal: options.signal, maxBytes: ANSWER_CAPS.route53Prices,
          returnClientErrors: true,
        }, http);
        if (response.status >= 400) throw refusal(response.status, response.text);
        const answer = checkShape(SERVICE, pageSchema, readJsonAnswer(SERVICE, response.text));
        for (const raw of answer.Prices) addRoute53Row(list, raw);
        const next = answer.NextPageMarker || undefined;
        if (next === undefined) break;
        if (seen.has(next)) {
          throw new PriceSourceError("malformed", "Amazon Route 53 sent the same page marker twice; its API may have changed, nothing was used");
        }
        seen.add(next);
        marker = next;
      }
      return list.finish(SERVICE);
    },
  };
}

/** One DomainPrice: each price carries its own currency, and a row mixing currencies is not quoted. */
function addRoute53Row(list: LivePriceList, raw: unknown): void {
  const row = rowSchema.safeParse(raw);
  if (!row.success) return list.out.skip((raw as { Name?: unknown } | null)?.Name ?? raw, "malformed");
  const { Name, RegistrationPrice, RenewalPrice, TransferPrice } = row.data;
  const currencies = new Set([RegistrationPrice, RenewalPrice, TransferPrice].flatMap((m) => (m ? [m.Currency] : [])));
  if (currencies.size > 1) return list.out.skip(Name, "malformed");
  list.out.add(Name, {
    registration: RegistrationPrice?.Price, renewal: RenewalPrice?.Price, transfer: TransferPrice?.Price,
    ...(currencies.size === 1 ? { currency: [...currencies][0] } : {}),
  });
}
