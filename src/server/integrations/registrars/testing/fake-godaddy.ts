/** GoDaddy /v1/domains as documented: sso-key auth, `limit` and `marker` paging, {code, message} errors. */
import { Hono } from "hono";
import { listFault, type FakeAccount } from "./fake-state.ts";

export function createFakeGoDaddy(account: FakeAccount, options: { accessDenied?: boolean } = {}) {
  return new Hono().get("/v1/domains", async (c) => {
    const fault = await listFault(c, account);
    if (fault) return fault;
    if (c.req.header("authorization") !== `sso-key ${account.apiKey}:${account.secretKey}`) {
      return c.json({ code: "UNABLE_TO_AUTHENTICATE", message: "Unauthorized : Could not authenticate API key/secret" }, 401);
    }
    if (options.accessDenied) return c.json({ code: "ACCESS_DENIED", message: "Authenticated user is not allowed access" }, 403);
    const limit = Number(c.req.query("limit") ?? 1000);
    const marker = c.req.query("marker");
    const key = (name: string) => name.toLowerCase();
    const sorted = [...account.domains].sort((a, b) => (key(a.name) < key(b.name) ? -1 : 1));
    const from = marker ? sorted.findIndex((d) => key(d.name) > key(marker)) : 0;
    const page = from === -1 ? [] : sorted.slice(from, from + limit);
    return c.json(page.map((d) => ({
      domain: d.name, domainId: 1000 + sorted.indexOf(d), status: "ACTIVE",
      createdAt: `${d.created}T10:00:00.000Z`, expires: `${d.expires}T10:00:00.000Z`,
      renewAuto: d.autoRenew, locked: d.locked, privacy: d.privacy, renewable: true,
    })));
  });
}
