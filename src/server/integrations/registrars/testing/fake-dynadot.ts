/** Dynadot api3.json as documented: ?key=&command=, answers wrapped per command, expiry in epoch ms. */
import { Hono } from "hono";
import { epochMs, listFault, type FakeAccount } from "./fake-state.ts";

export function createFakeDynadot(account: FakeAccount) {
  return new Hono().get("/", async (c) => {
    const command = c.req.query("command");
    const keyOk = c.req.query("key") === account.apiKey;
    if (command === "get_account_info") {
      if (!keyOk) return c.json({ GetAccountInfoResponse: { ResponseCode: -1, Status: "error", Error: "invalid key" } });
      return c.json({ GetAccountInfoResponse: { ResponseCode: 0, Status: "success", AccountInfo: { Username: "fake" } } });
    }
    if (command !== "list_domain") return c.json({ Response: { ResponseCode: -1, Error: "unknown command" } });
    const fault = await listFault(c, account);
    if (fault) return fault;
    if (!keyOk) return c.json({ ListDomainInfoResponse: { ResponseCode: -1, Status: "error", Error: "invalid key" } });
    return c.json({
      ListDomainInfoResponse: {
        ResponseCode: 0, Status: "success",
        MainDomains: account.domains.map((d) => ({
          Name: d.name, Registration: String(epochMs(d.created)), Expiration: String(epochMs(d.expires)),
          Locked: d.locked ? "yes" : "no", Disabled: "no", Hold: "no", Privacy: d.privacy ? "full" : "none",
          RenewOption: d.autoRenew ? "auto-renew" : "no renew option", Note: "",
        })),
      },
    });
  });
}
