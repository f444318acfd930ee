/**
 * Porkbun API v3: every call is a POST with the keys in the JSON body; /domain/listAll pages
 * by `start`, 1,000 domains at a time. Errors arrive as {status: "ERROR", message}.
 */
import { z } from "zod";
import { callRegistrarApi } from "./api-call.ts";
import { flagField, lenientBool, lenientDate, normaliseName, readJson, tryJson } from "./parse.ts";
import { RegistrarError, type AdapterContext, type RegistrarAdapter, type RegistrarDomain } from "./registrar.ts";

const NAME = "Porkbun";
export const PORKBUN_PAGE_SIZE = 1000;

const domainSchema = z.object({
  domain: z.string().min(1),
  createDate: z.string().nullish(),
  expireDate: z.string().nullish(),
  securityLock: flagField,
  whoisPrivacy: flagField,
  autoRenew: flagField,
});
const pingSchema = z.object({ status: z.literal("SUCCESS"), yourIp: z.string().optional() });
const listSchema = z.object({ status: z.literal("SUCCESS"), domains: z.array(domainSchema).default([]) });

export function createPorkbunAdapter(ctx: AdapterContext): RegistrarAdapter {
  const post = async (path: string, extra: Record<string, string>) => {
    const body = JSON.stringify({ apikey: ctx.credentials.apiKey, secretapikey: ctx.credentials.secretKey, ...extra });
    const answer = await callRegistrarApi({ service: NAME, url: `${ctx.baseUrl}${path}`, method: "POST", headers: { "content-type": "application/json" }, body }, ctx.http);
    const parsed = tryJson(answer.text) as { status?: unknown; message?: unknown } | undefined;
    if (parsed?.status === "ERROR" || answer.status >= 400) {
      const message = typeof parsed?.message === "string" && parsed.message ? parsed.message : `HTTP ${answer.status}`;
      const auth = answer.status === 401 || answer.status === 403 || /api key|secret|not opted in|api access/i.test(message);
      throw new RegistrarError(NAME, `Porkbun: ${message}`, auth ? "auth" : "rejected");
    }
    return answer.text;
  };
  return {
    async testConnection() {
      const ping = readJson(NAME, await post("/ping", {}), pingSchema, "testing the connection");
      return { message: `Porkbun answered ${ping.status}${ping.yourIp ? ` (request from ${ping.yourIp})` : ""}` };
    },
    async listDomains() {
      const domains: RegistrarDomain[] = [];
      for (let start = 0; ; start += PORKBUN_PAGE_SIZE) {
        const what = `listing domains (from ${start})`;
        const page = readJson(NAME, await post("/domain/listAll", { start: String(start), includeLabels: "no" }), listSchema, what);
        for (const d of page.domains) {
          domains.push({
            name: normaliseName(d.domain),
            registrationDate: lenientDate(d.createDate),
            expirationDate: lenientDate(d.expireDate),
            autoRenew: lenientBool(d.autoRenew),
            isLocked: lenientBool(d.securityLock),
            privacyEnabled: lenientBool(d.whoisPrivacy),
          });
        }
        if (page.domains.length < PORKBUN_PAGE_SIZE) return domains;
      }
    },
  };
}
