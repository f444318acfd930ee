/**
 * Namecheap XML API, namecheap.domains.getList: GET with ApiUser/ApiKey/UserName/ClientIp in
 * the query, PageSize up to 100, stop by Paging/TotalItems. Errors come back as HTTP 200 with
 * Status="ERROR" and numbered <Error> elements. The dialog's API key is the Namecheap API key
 * and its secret is the Namecheap username (ApiUser and UserName are the same for one's own account).
 */
import { XMLParser } from "fast-xml-parser";
import { z } from "zod";
import { callRegistrarApi } from "./api-call.ts";
import { lenientBool, lenientDate, normaliseName } from "./parse.ts";
import { RegistrarError, type AdapterContext, type RegistrarAdapter, type RegistrarDomain, type RegistrarErrorKind } from "./registrar.ts";

const NAME = "Namecheap";
export const NAMECHEAP_PAGE_SIZE = 100;

const parser = new XMLParser({
  ignoreAttributes: false, attributeNamePrefix: "", parseTagValue: false, parseAttributeValue: false,
  isArray: (name) => name === "Domain" || name === "Error",
});

const errorSchema = z.union([z.string(), z.object({ "#text": z.string().optional(), Number: z.string().optional() })]);
const responseSchema = z.object({
  ApiResponse: z.object({
    Status: z.enum(["OK", "ERROR"]),
    Errors: z.union([z.object({ Error: z.array(errorSchema).optional() }), z.string()]).optional(),
    CommandResponse: z.object({
      DomainGetListResult: z.union([z.object({ Domain: z.array(z.record(z.string(), z.string())).default([]) }), z.string()]),
      Paging: z.object({ TotalItems: z.coerce.number().int().min(0), CurrentPage: z.coerce.number().int().optional() }),
    }).optional(),
  }),
});

const IP_ERRORS = new Set(["1011150", "1017150", "1017105", "1011105"]);
const KEY_ERRORS = new Set(["1011102", "1010102", "1017101"]);
const USER_ERRORS = new Set(["1011101", "1010101", "1016103", "1019103", "1017103"]);

function mapError(number: string, text: string, clientIp: string): { message: string; kind: RegistrarErrorKind } {
  if (IP_ERRORS.has(number) || /request ?ip|client ?ip/i.test(text)) {
    return { message: `Namecheap refused this server's address (invalid request IP ${clientIp}). Whitelist ${clientIp} in Namecheap under Profile → Tools → Namecheap API Access → Whitelisted IPs.`, kind: "auth" };
  }
  if (KEY_ERRORS.has(number)) return { message: `Namecheap rejected the API key, or API access is not enabled for the account: ${text}`, kind: "auth" };
  if (USER_ERRORS.has(number)) return { message: `Namecheap rejected the username (the Secret Key field): ${text}`, kind: "auth" };
  if (number === "500000" || /too many requests/i.test(text)) return { message: `Namecheap is limiting requests: ${text}`, kind: "rate-limit" };
  return { message: `Namecheap: ${text}${number ? ` (error ${number})` : ""}`, kind: "rejected" };
}

export function createNamecheapAdapter(ctx: AdapterContext): RegistrarAdapter {
  const getPage = async (page: number, pageSize: number) => {
    const clientIp = ctx.clientIp;
    if (!clientIp) {
      throw new RegistrarError(NAME, "Namecheap needs this server's public IP address: set NAMECHEAP_CLIENT_IP and whitelist that address in Namecheap's API settings.", "auth");
    }
    const user = ctx.credentials.secretKey;
    const query = {
      ApiUser: user, ApiKey: ctx.credentials.apiKey, UserName: user, ClientIp: clientIp,
      Command: "namecheap.domains.getList", PageSize: String(pageSize), Page: String(page), SortBy: "NAME",
    };
    const answer = await callRegistrarApi({ service: NAME, url: ctx.baseUrl, query }, ctx.http);
    let xml: unknown;
    try {
      xml = parser.parse(answer.text);
    } catch {
      xml = undefined;
    }
    const parsed = responseSchema.safeParse(xml);
    if (!parsed.success) throw new RegistrarError(NAME, `Namecheap sent an answer in an unexpected shape while listing domains (page ${page}, HTTP ${answer.status})`, "malformed");
    const api = parsed.data.ApiResponse;
    if (api.Status === "ERROR") {
      const first = typeof api.Errors === "object" ? api.Errors.Error?.[0] : undefined;
      const text = typeof first === "string" ? first : first?.["#text"] ?? "unknown error";
      const { message, kind } = mapError(typeof first === "object" ? first.Number ?? "" : "", text.trim(), clientIp);
      throw new RegistrarError(NAME, message, kind);
    }
    if (!api.CommandResponse) throw new RegistrarError(NAME, "Namecheap's answer had no domain list", "malformed");
    const result = api.CommandResponse.DomainGetListResult;
    return { domains: typeof result === "string" ? [] : result.Domain, total: api.CommandResponse.Paging.TotalItems };
  };
  return {
    async testConnection() {
      const { total } = await getPage(1, 10);
      return { message: `Namecheap answered OK: ${total} domain${total === 1 ? "" : "s"} in the account` };
    },
    async listDomains() {
      const domains: RegistrarDomain[] = [];
      for (let page = 1; ; page++) {
        const { domains: rows, total } = await getPage(page, NAMECHEAP_PAGE_SIZE);
        for (const d of rows) {
          if (!d.Name) throw new RegistrarError(NAME, "Namecheap listed a domain without a name", "malformed");
          domains.push({
            name: normaliseName(d.Name),
            registrationDate: lenientDate(d.Created),
            expirationDate: lenientDate(d.Expires),
            autoRenew: lenientBool(d.AutoRenew),
            isLocked: lenientBool(d.IsLocked),
            privacyEnabled: lenientBool(d.WhoisGuard),
          });
        }
        if (domains.length >= total) return domains;
        if (rows.length === 0) throw new RegistrarError(NAME, `Namecheap's domain list ended early (${domains.length} of ${total})`, "incomplete");
      }
    },
  };
}
