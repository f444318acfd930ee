/**
 * Dynadot API3 (JSON flavour): GET ?key=KEY&command=..., one answer object per command with
 * ResponseCode/Status/Error. list_domain returns the whole account at once, dates in epoch
 * milliseconds. The key alone authenticates; the dialog's secret is kept but not sent.
 */
import { z } from "zod";
import { ANSWER_CAPS, DYNADOT_BYTES_PER_DOMAIN } from "../answer-caps.ts";
import { callRegistrarApi } from "./api-call.ts";
import { lenientBool, lenientDate, normaliseName, readJson } from "./parse.ts";
import { RegistrarError, type AdapterContext, type RegistrarAdapter } from "./registrar.ts";

const NAME = "Dynadot";

const header = {
  ResponseCode: z.union([z.number(), z.string()]).optional(),
  SuccessCode: z.union([z.number(), z.string()]).optional(),
  Status: z.string().optional(),
  Error: z.string().optional(),
};
const domainSchema = z.object({
  Name: z.string().min(1),
  Registration: z.union([z.string(), z.number()]).nullish(),
  Expiration: z.union([z.string(), z.number()]).nullish(),
  Locked: z.union([z.string(), z.boolean()]).nullish(),
  Privacy: z.string().nullish(),
  RenewOption: z.string().nullish(),
});
const listSchema = z.object({ ListDomainInfoResponse: z.object({ ...header, MainDomains: z.array(domainSchema).optional() }) });
const accountSchema = z.object({ GetAccountInfoResponse: z.object(header) });

function checkHeader(h: { ResponseCode?: number | string | undefined; SuccessCode?: number | string | undefined; Status?: string | undefined; Error?: string | undefined }) {
  const code = String(h.ResponseCode ?? h.SuccessCode ?? "");
  if (code === "0" && (!h.Status || h.Status.toLowerCase() === "success")) return;
  const said = h.Error ?? h.Status ?? "unknown error";
  const auth = /key|ip|auth|denied|permission/i.test(said);
  throw new RegistrarError(NAME, `Dynadot: ${said}`, auth ? "auth" : "rejected");
}

export function createDynadotAdapter(ctx: AdapterContext): RegistrarAdapter {
  // list_domain answers every domain of the account at once, so its cap grows with the portfolio limit.
  const listCap = Math.max(ANSWER_CAPS.registrarPage, DYNADOT_BYTES_PER_DOMAIN * (ctx.maxDomains ?? 10_000));
  const call = async (command: string) => {
    const query = { key: ctx.credentials.apiKey, command };
    const maxBytes = command === "list_domain" ? listCap : ANSWER_CAPS.registrarPage;
    const answer = await callRegistrarApi({ service: NAME, url: ctx.baseUrl, query, headers: { accept: "application/json" }, maxBytes }, ctx.http);
    if (answer.status === 401 || answer.status === 403) throw new RegistrarError(NAME, `Dynadot refused the API key (HTTP ${answer.status})`, "auth");
    return answer.text;
  };
  return {
    async testConnection() {
      const body = readJson(NAME, await call("get_account_info"), accountSchema, "testing the connection").GetAccountInfoResponse;
      checkHeader(body);
      return { message: `Dynadot answered ${body.Status ?? "success"}` };
    },
    async listDomains() {
      const body = readJson(NAME, await call("list_domain"), listSchema, "listing domains").ListDomainInfoResponse;
      checkHeader(body);
      if (!body.MainDomains) throw new RegistrarError(NAME, "Dynadot's answer had no domain list", "malformed");
      return body.MainDomains.map((d) => {
        const renew = d.RenewOption?.toLowerCase();
        return {
          name: normaliseName(d.Name),
          registrationDate: lenientDate(d.Registration),
          expirationDate: lenientDate(d.Expiration),
          autoRenew: renew === undefined ? null : renew === "auto-renew" || renew === "auto renew",
          isLocked: lenientBool(d.Locked),
          privacyEnabled: d.Privacy ? d.Privacy.toLowerCase() !== "none" && d.Privacy.toLowerCase() !== "off" : null,
        };
      });
    },
  };
}
