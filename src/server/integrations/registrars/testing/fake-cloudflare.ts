/** Cloudflare's v4 envelope as documented: bearer token, /user/tokens/verify, registrar domains per account. */
import { Hono } from "hono";
import { listFault, type FakeAccount } from "./fake-state.ts";

const failure = (code: number, message: string) => ({ success: false, errors: [{ code, message }], messages: [], result: null });

export function createFakeCloudflare(account: FakeAccount) {
  const app = new Hono();
  app.use("*", async (c, next) => {
    if (c.req.header("authorization") !== `Bearer ${account.apiKey}`) return c.json(failure(10000, "Authentication error"), 403);
    await next();
  });
  return app
    .get("/user/tokens/verify", (c) => c.json({ success: true, errors: [], messages: [{ code: 10000, message: "This API Token is valid and active", type: null }], result: { id: "tok", status: "active" } }))
    .get("/accounts/:account/registrar/domains", async (c) => {
      if (c.req.param("account") !== account.secretKey) return c.json(failure(7003, "Could not route to /accounts/unknown, perhaps your object identifier is invalid?"), 404);
      const fault = await listFault(c, account);
      if (fault) return fault;
      const perPage = Number(c.req.query("per_page") ?? 20);
      const page = Number(c.req.query("page") ?? 1);
      const rows = account.domains.slice((page - 1) * perPage, page * perPage);
      return c.json({
        success: true, errors: [], messages: [],
        result: rows.map((d) => ({
          id: `id-${d.name}`, name: d.name, available: false, can_register: false, current_registrar: "Cloudflare",
          created_at: `${d.created}T17:26:26Z`, expires_at: `${d.expires}T23:59:59Z`, auto_renew: d.autoRenew, locked: d.locked, privacy: d.privacy,
          supported_tld: true, registry_statuses: "ok",
        })),
        result_info: { page, per_page: perPage, count: rows.length, total_count: account.domains.length, total_pages: Math.max(1, Math.ceil(account.domains.length / perPage)) },
      });
    });
}
