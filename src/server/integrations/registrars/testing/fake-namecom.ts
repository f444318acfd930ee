/** Name.com API v4 as documented: basic auth username:token, /v4/domains paged by page/perPage with nextPage/lastPage. */
import { Hono } from "hono";
import { listFault, type FakeAccount } from "./fake-state.ts";

export function createFakeNameCom(account: FakeAccount, options: { claimLastPage?: number } = {}) {
  const expected = `Basic ${Buffer.from(`${account.secretKey}:${account.apiKey}`).toString("base64")}`;
  const app = new Hono();
  app.use("/v4/*", async (c, next) => {
    if (c.req.header("authorization") !== expected) return c.json({ message: "Unauthenticated" }, 401);
    await next();
  });
  return app
    .get("/v4/hello", (c) => c.json({ serverName: "fake", motd: "Welcome to the Name.com API", username: account.secretKey, serverTime: new Date().toISOString() }))
    .get("/v4/domains", async (c) => {
      const fault = await listFault(c, account);
      if (fault) return fault;
      const perPage = Math.min(Number(c.req.query("perPage") ?? 1000), 1000);
      const page = Number(c.req.query("page") ?? 1);
      const lastPage = options.claimLastPage ?? Math.max(1, Math.ceil(account.domains.length / perPage));
      const rows = account.domains.slice((page - 1) * perPage, page * perPage);
      const more = page * perPage < account.domains.length;
      return c.json({
        domains: rows.map((d) => ({
          domainName: d.name, locked: d.locked, autorenewEnabled: d.autoRenew, privacyEnabled: d.privacy,
          createDate: `${d.created}T08:00:00Z`, expireDate: `${d.expires}T08:00:00Z`,
        })),
        ...(more ? { nextPage: page + 1 } : {}), lastPage,
      });
    });
}
