/** Porkbun API v3 as documented: POST JSON with apikey/secretapikey, listAll paged by `start` (1,000). */
import { Hono } from "hono";
import { listFault, type FakeAccount } from "./fake-state.ts";

export function createFakePorkbun(account: FakeAccount) {
  const authOk = (body: { apikey?: string; secretapikey?: string }) => body.apikey === account.apiKey && body.secretapikey === account.secretKey;
  return new Hono()
    .post("/ping", async (c) => {
      const body = await c.req.json<{ apikey?: string; secretapikey?: string }>();
      if (!authOk(body)) return c.json({ status: "ERROR", message: "Invalid API key. (002)" }, 400);
      return c.json({ status: "SUCCESS", yourIp: "203.0.113.7" });
    })
    .post("/domain/listAll", async (c) => {
      const body = await c.req.json<{ apikey?: string; secretapikey?: string; start?: string }>();
      const fault = await listFault(c, account);
      if (fault) return fault;
      if (!authOk(body)) return c.json({ status: "ERROR", message: "Invalid API key. (002)" }, 400);
      const start = Number(body.start ?? 0);
      const page = account.domains.slice(start, start + 1000);
      return c.json({
        status: "SUCCESS",
        domains: page.map((d) => ({
          domain: d.name, status: "ACTIVE", tld: d.name.split(".").pop(),
          createDate: `${d.created} 17:52:51`, expireDate: `${d.expires} 17:52:51`,
          securityLock: d.locked ? "1" : "0", whoisPrivacy: d.privacy ? "1" : "0", autoRenew: d.autoRenew ? 1 : 0, notLocal: 0,
        })),
      });
    });
}
