/**
 * Name.com API v4: HTTP basic auth username:token; /v4/domains pages with page/perPage and
 * says `nextPage` while more remain. The dialog's API key is the token, its secret the username.
 */
import { z } from "zod";
import { callRegistrarApi } from "./api-call.ts";
import { flagField, lenientBool, lenientDate, normaliseName, readJson, tryJson } from "./parse.ts";
import { RegistrarError, type AdapterContext, type RegistrarAdapter, type RegistrarDomain } from "./registrar.ts";

const NAME = "Name.com";
export const NAMECOM_PAGE_SIZE = 1000;

const listSchema = z.object({
  domains: z.array(z.object({
    domainName: z.string().min(1),
    createDate: z.string().nullish(),
    expireDate: z.string().nullish(),
    autorenewEnabled: flagField,
    locked: flagField,
    privacyEnabled: flagField,
  })).default([]),
  nextPage: z.number().int().positive().nullish(),
  lastPage: z.number().int().positive().nullish(),
});
const helloSchema = z.object({ motd: z.string().optional(), username: z.string().optional(), serverName: z.string().optional() });

export function createNameComAdapter(ctx: AdapterContext): RegistrarAdapter {
  const auth = `Basic ${Buffer.from(`${ctx.credentials.secretKey}:${ctx.credentials.apiKey}`).toString("base64")}`;
  const get = async (path: string) => {
    const headers = { authorization: auth, accept: "application/json" };
    const answer = await callRegistrarApi({ service: NAME, url: `${ctx.baseUrl}${path}`, headers }, ctx.http);
    if (answer.status >= 400) {
      const body = tryJson(answer.text) as { message?: unknown; details?: unknown } | undefined;
      const said = [body?.message, body?.details].filter((v) => typeof v === "string" && v).join(": ") || `HTTP ${answer.status}`;
      const isAuth = answer.status === 401 || answer.status === 403;
      throw new RegistrarError(NAME, isAuth ? `Name.com rejected the username or API token: ${said}` : `Name.com: ${said}`, isAuth ? "auth" : "rejected");
    }
    return answer.text;
  };
  return {
    async testConnection() {
      const hello = readJson(NAME, await get("/v4/hello"), helloSchema, "testing the connection");
      return { message: hello.motd?.trim() || `Name.com says hello${hello.username ? `, ${hello.username}` : ""}` };
    },
    async listDomains() {
      const domains: RegistrarDomain[] = [];
      for (let page = 1; ;) {
        const what = `listing domains (page ${page})`;
        const body = readJson(NAME, await get(`/v4/domains?page=${page}&perPage=${NAMECOM_PAGE_SIZE}`), listSchema, what);
        for (const d of body.domains) {
          domains.push({
            name: normaliseName(d.domainName),
            registrationDate: lenientDate(d.createDate),
            expirationDate: lenientDate(d.expireDate),
            autoRenew: lenientBool(d.autorenewEnabled),
            isLocked: lenientBool(d.locked),
            privacyEnabled: lenientBool(d.privacyEnabled),
          });
        }
        if (!body.nextPage) {
          if (body.lastPage && page < body.lastPage) throw new RegistrarError(NAME, `Name.com's domain list ended at page ${page} of ${body.lastPage}`, "incomplete");
          return domains;
        }
        if (body.nextPage <= page) throw new RegistrarError(NAME, "Name.com's paging went backwards", "malformed");
        page = body.nextPage;
      }
    },
  };
}
