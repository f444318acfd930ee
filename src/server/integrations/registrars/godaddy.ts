/**
 * GoDaddy Domains API v1: `Authorization: sso-key KEY:SECRET`, /v1/domains pages with `marker`
 * (the last domain of the previous page). GoDaddy answers 403 ACCESS_DENIED to accounts it
 * has not opened the API to, which deserves its own explanation.
 */
import { z } from "zod";
import { callRegistrarApi } from "./api-call.ts";
import { flagField, lenientBool, lenientDate, normaliseName, readJson, tryJson } from "./parse.ts";
import { RegistrarError, type AdapterContext, type RegistrarAdapter, type RegistrarDomain } from "./registrar.ts";

const NAME = "GoDaddy";
export const GODADDY_PAGE_SIZE = 1000;
export const GODADDY_ACCESS_DENIED =
  "GoDaddy denied access to its domains API. GoDaddy opens this API only to accounts with 10 or more domains or a Discount Domain Club plan.";

const listSchema = z.array(z.object({
  domain: z.string().min(1),
  createdAt: z.string().nullish(),
  expires: z.string().nullish(),
  renewAuto: flagField,
  locked: flagField,
  privacy: flagField,
}));

export function createGoDaddyAdapter(ctx: AdapterContext): RegistrarAdapter {
  const page = async (marker: string | null, limit: number, what: string) => {
    const answer = await callRegistrarApi({
      service: NAME, url: `${ctx.baseUrl}/v1/domains`, query: { limit: String(limit), ...(marker ? { marker } : {}) },
      headers: { authorization: `sso-key ${ctx.credentials.apiKey}:${ctx.credentials.secretKey}`, accept: "application/json" },
    }, ctx.http);
    if (answer.status >= 400) {
      const body = tryJson(answer.text) as { code?: unknown; message?: unknown } | undefined;
      const said = typeof body?.message === "string" ? body.message : `HTTP ${answer.status}`;
      if (answer.status === 403 && (body?.code === "ACCESS_DENIED" || body?.code === undefined)) throw new RegistrarError(NAME, GODADDY_ACCESS_DENIED, "auth");
      if (answer.status === 401 || answer.status === 403) throw new RegistrarError(NAME, `GoDaddy rejected the API key or secret: ${said}`, "auth");
      throw new RegistrarError(NAME, `GoDaddy: ${said}`, "rejected");
    }
    return readJson(NAME, answer.text, listSchema, what);
  };
  return {
    async testConnection() {
      await page(null, 1, "testing the connection");
      return { message: "GoDaddy accepted the API key and secret" };
    },
    async listDomains() {
      const domains: RegistrarDomain[] = [];
      for (let marker: string | null = null; ;) {
        const rows = await page(marker, GODADDY_PAGE_SIZE, `listing domains${marker ? ` after ${marker}` : ""}`);
        for (const d of rows) {
          domains.push({
            name: normaliseName(d.domain),
            registrationDate: lenientDate(d.createdAt),
            expirationDate: lenientDate(d.expires),
            autoRenew: lenientBool(d.renewAuto),
            isLocked: lenientBool(d.locked),
            privacyEnabled: lenientBool(d.privacy),
          });
        }
        if (rows.length < GODADDY_PAGE_SIZE) return domains;
        marker = rows[rows.length - 1]!.domain;
      }
    },
  };
}
