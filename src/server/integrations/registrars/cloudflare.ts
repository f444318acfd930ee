/**
 * Cloudflare Registrar: a bearer API token, domains under /accounts/{account_id}/registrar/domains
 * in Cloudflare's {success, errors, result, result_info} envelope. The dialog's API key is the
 * token and its secret the account ID.
 */
import { z } from "zod";
import { callRegistrarApi } from "./api-call.ts";
import { flagField, lenientBool, lenientDate, normaliseName, readJson, tryJson } from "./parse.ts";
import { RegistrarError, type AdapterContext, type RegistrarAdapter, type RegistrarDomain } from "./registrar.ts";

const NAME = "Cloudflare";
export const CLOUDFLARE_PAGE_SIZE = 50;

const listSchema = z.object({
  success: z.literal(true),
  result: z.array(z.object({
    name: z.string().min(1),
    created_at: z.string().nullish(),
    expires_at: z.string().nullish(),
    auto_renew: flagField,
    locked: flagField,
    privacy: flagField,
  })),
  result_info: z.object({
    page: z.number().int().optional(),
    total_pages: z.number().int().optional(),
    total_count: z.number().int().optional(),
  }).nullish(),
});
const verifySchema = z.object({ success: z.literal(true), messages: z.array(z.object({ message: z.string() })).default([]) });

export function createCloudflareAdapter(ctx: AdapterContext): RegistrarAdapter {
  const accountId = encodeURIComponent(ctx.credentials.secretKey);
  const get = async (path: string) => {
    const headers = { authorization: `Bearer ${ctx.credentials.apiKey}`, accept: "application/json" };
    const answer = await callRegistrarApi({ service: NAME, url: `${ctx.baseUrl}${path}`, headers }, ctx.http);
    const body = tryJson(answer.text) as { success?: unknown; errors?: { code?: number; message?: string }[] } | undefined;
    if (answer.status >= 400 || body?.success === false) {
      const said = body?.errors?.map((e) => `${e.message ?? "error"}${e.code ? ` (${e.code})` : ""}`).join("; ") || `HTTP ${answer.status}`;
      const isAuth = answer.status === 401 || answer.status === 403;
      throw new RegistrarError(NAME, isAuth ? `Cloudflare rejected the API token or account ID: ${said}` : `Cloudflare: ${said}`, isAuth ? "auth" : "rejected");
    }
    return answer.text;
  };
  const page = async (n: number, size: number) =>
    readJson(NAME, await get(`/accounts/${accountId}/registrar/domains?page=${n}&per_page=${size}`), listSchema, `listing domains (page ${n})`);
  return {
    async testConnection() {
      const verify = readJson(NAME, await get("/user/tokens/verify"), verifySchema, "testing the connection");
      await page(1, 1); // the token may be valid yet lack Registrar access to this account
      return { message: verify.messages[0]?.message ?? "Cloudflare accepted the API token" };
    },
    async listDomains() {
      const domains: RegistrarDomain[] = [];
      for (let n = 1; ; n++) {
        const body = await page(n, CLOUDFLARE_PAGE_SIZE);
        for (const d of body.result) {
          domains.push({
            name: normaliseName(d.name),
            registrationDate: lenientDate(d.created_at),
            expirationDate: lenientDate(d.expires_at),
            autoRenew: lenientBool(d.auto_renew),
            isLocked: lenientBool(d.locked),
            privacyEnabled: lenientBool(d.privacy),
          });
        }
        const info = body.result_info;
        const total = info?.total_count;
        if (total !== undefined && domains.length >= total) return domains;
        if (info?.total_pages !== undefined ? n >= info.total_pages : body.result.length < CLOUDFLARE_PAGE_SIZE) {
          if (total !== undefined && domains.length < total) throw new RegistrarError(NAME, `Cloudflare's domain list ended early (${domains.length} of ${total})`, "incomplete");
          return domains;
        }
        if (body.result.length === 0) throw new RegistrarError(NAME, `Cloudflare's domain list ended early at page ${n}`, "incomplete");
      }
    },
  };
}
