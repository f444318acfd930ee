/**
 * Namecheap's `namecheap.users.getPricing` (XML), one call per action (REGISTER, RENEW,
 * TRANSFER) so each answer stays a manageable size. Errors arrive as HTTP 200 with
 * Status="ERROR" and `<Errors><Error Number="…">text</Error></Errors>`. The one-year Price is
 * what a registration costs now and RegularPrice the list price; renewals and transfers are
 * quoted at list price, as in the bundled Namecheap list.
 */
import { z } from "zod";
import { namecheapRawPrices } from "./price-list-builder.ts";
import type { Config } from "../../config.ts";
import { ANSWER_CAPS } from "../answer-caps.ts";
import type { HttpOptions } from "../http.ts";
import { callPriceApi, checkShape, LivePriceList, readXmlAnswer } from "./live-source.ts";
import { PriceSourceError, type PriceSource } from "./source.ts";

const SERVICE = "Namecheap";
type Action = "REGISTER" | "RENEW" | "TRANSFER";

const priceSchema = z.object({
  "@_Duration": z.string(), "@_DurationType": z.string(), "@_Price": z.string(),
  "@_RegularPrice": z.string().optional(), "@_Currency": z.string().optional(),
});
const productSchema = z.object({ "@_Name": z.string(), Price: z.array(priceSchema).default([]) });
const categorySchema = z.object({ "@_Name": z.string(), Product: z.array(productSchema).default([]) });
const errorSchema = z.union([z.string(), z.object({ "#text": z.string().optional(), "@_Number": z.string().optional() })]);
const answerSchema = z.object({
  ApiResponse: z.object({
    "@_Status": z.enum(["OK", "ERROR"]),
    Errors: z.union([z.literal(""), z.object({ Error: z.array(errorSchema).default([]) })]).optional(),
    CommandResponse: z.object({
      UserGetPricingResult: z.object({
        ProductType: z.array(z.object({ "@_Name": z.string(), ProductCategory: z.array(categorySchema).default([]) })),
      }),
    }).optional(),
  }),
});

/** Global-parameter errors (1010xxx missing, 1011xxx invalid: user, key, client IP) are about access. */
function refusal(errors: z.infer<typeof errorSchema>[]): PriceSourceError {
  const first = errors[0];
  const text = (typeof first === "string" ? first : first?.["#text"])?.trim() || "no reason given";
  const number = typeof first === "string" ? undefined : first?.["@_Number"];
  const hint = number === "1011150" ? " — whitelist the server's address in Namecheap's API settings"
    : number === "1011102" ? " — check NAMECHEAP_API_KEY and that API access is enabled for the account" : "";
  const kind = number && /^101[01]/.test(number) ? "auth" : "http";
  return new PriceSourceError(kind, `Namecheap refused the request: ${text}${number ? ` (error ${number})` : ""}${hint}`);
}

type OneYear = { price: string; regular: string; currency?: string };

export function namecheapSource(config: Config, http?: HttpOptions): PriceSource {
  const missing = (["NAMECHEAP_API_USER", "NAMECHEAP_API_KEY", "NAMECHEAP_CLIENT_IP"] as const).filter((key) => !config[key]);
  const missingConfiguration = () => (missing.length ? `${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not set` : null);

  async function fetchAction(action: Action, signal?: AbortSignal): Promise<Map<string, OneYear | null>> {
    const user = config.NAMECHEAP_API_USER!;
    const response = await callPriceApi({
      service: SERVICE, url: config.NAMECHEAP_API_URL, signal, maxBytes: ANSWER_CAPS.namecheapPricing,
      query: {
        ApiUser: user, ApiKey: config.NAMECHEAP_API_KEY!, UserName: config.NAMECHEAP_USERNAME ?? user,
        ClientIp: config.NAMECHEAP_CLIENT_IP!, Command: "namecheap.users.getPricing",
        ProductType: "DOMAIN", ProductCategory: "DOMAINS", ActionName: action,
      },
    }, http);
    const xml = readXmlAnswer(SERVICE, response.text, "ApiResponse", ["Error", "ProductType", "ProductCategory", "Product", "Price"]);
    const answer = checkShape(SERVICE, answerSchema, xml).ApiResponse;
    if (answer["@_Status"] === "ERROR") throw refusal(typeof answer.Errors === "object" ? answer.Errors.Error : []);
    // The documentation's example says "DOMAIN", live answers say "domains".
    const domain = answer.CommandResponse?.UserGetPricingResult.ProductType.find((t) => /^domains?$/i.test(t["@_Name"]));
    const category = domain?.ProductCategory.find((c) => c["@_Name"].toUpperCase() === action);
    if (!category) {
      throw new PriceSourceError("malformed", `Namecheap answered without its ${action} prices; its API may have changed, nothing was used`);
    }
    // null marks a name listed twice or without a one-year price: a malformed row.
    const byName = new Map<string, OneYear | null>();
    for (const product of category.Product) {
      const year = product.Price.find((p) => p["@_Duration"] === "1" && p["@_DurationType"].toUpperCase() === "YEAR");
      const name = product["@_Name"];
      byName.set(name, byName.has(name) || !year ? null
        : { price: year["@_Price"], regular: year["@_RegularPrice"] || year["@_Price"], currency: year["@_Currency"] });
    }
    return byName;
  }

  return {
    providerKey: "namecheap",
    missingConfiguration,
    async fetchPrices(options = {}) {
      const problem = missingConfiguration();
      if (problem) throw new PriceSourceError("not-configured", problem);
      const [register, renew, transfer] = [
        await fetchAction("REGISTER", options.signal), await fetchAction("RENEW", options.signal), await fetchAction("TRANSFER", options.signal),
      ] as const;
      const list = new LivePriceList("namecheap");
      for (const name of new Set([...register.keys(), ...renew.keys(), ...transfer.keys()])) {
        const [reg, ren, tra] = [register.get(name), renew.get(name), transfer.get(name)];
        if (reg === null || ren === null || tra === null) { list.out.skip(name, "malformed"); continue; }
        const currency = reg?.currency ?? ren?.currency ?? tra?.currency;
        list.out.add(name, {
          ...namecheapRawPrices({ create: reg?.regular, renew: ren?.regular, transfer: tra?.regular }, reg?.price, tra?.price),
          ...(currency ? { currency } : {}),
        });
      }
      return list.finish(SERVICE);
    },
  };
}
