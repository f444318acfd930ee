/**
 * Namecheap's XML API as documented: everything in the query string, errors as HTTP 200 with
 * Status="ERROR" and numbered <Error> elements, getList paged by Page/PageSize with TotalItems.
 * `claimTotal` makes it announce more domains than it lists (a list that stops halfway).
 */
import { Hono } from "hono";
import { listFault, usDate, type FakeAccount } from "./fake-state.ts";

const envelope = (status: "OK" | "ERROR", inner: string) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<ApiResponse Status="${status}" xmlns="http://api.namecheap.com/xml.response">${inner}<Server>FAKE</Server><GMTTimeDifference>--5:00</GMTTimeDifference><ExecutionTime>0.01</ExecutionTime></ApiResponse>`;

export const namecheapError = (number: string, text: string) =>
  envelope("ERROR", `<Errors><Error Number="${number}">${text}</Error></Errors><Warnings /><RequestedCommand>namecheap.domains.getlist</RequestedCommand>`);

export function createFakeNamecheap(account: FakeAccount, options: { whitelistedIp: string; claimTotal?: number }) {
  return new Hono().get("/", async (c) => {
    const q = c.req.query();
    const xml = (body: string) => c.body(body, 200, { "content-type": "text/xml; charset=utf-8" });
    if (q.Command?.toLowerCase() !== "namecheap.domains.getlist") return xml(namecheapError("1010104", "Command is invalid"));
    const fault = await listFault(c, account);
    if (fault) return fault;
    if (q.ApiKey !== account.apiKey) return xml(namecheapError("1011102", "Parameter APIKey is invalid"));
    if (q.ApiUser !== account.secretKey || q.UserName !== account.secretKey) return xml(namecheapError("1011101", "Parameter APIUser is invalid"));
    if (q.ClientIp !== options.whitelistedIp) return xml(namecheapError("1011150", `Invalid request IP: ${q.ClientIp}`));
    const size = Math.min(Number(q.PageSize ?? 20), 100);
    const page = Number(q.Page ?? 1);
    const rows = account.domains.slice((page - 1) * size, page * size).map((d, i) =>
      `<Domain ID="${i + 1}" Name="${d.name}" User="${account.secretKey}" Created="${usDate(d.created)}" Expires="${usDate(d.expires)}" IsExpired="false" IsLocked="${d.locked}" AutoRenew="${d.autoRenew}" WhoisGuard="${d.privacy ? "ENABLED" : "NOTPRESENT"}" IsPremium="false" IsOurDNS="true"/>`);
    return xml(envelope("OK",
      `<Errors /><Warnings /><RequestedCommand>namecheap.domains.getList</RequestedCommand><CommandResponse Type="namecheap.domains.getList"><DomainGetListResult>${rows.join("")}</DomainGetListResult>` +
      `<Paging><TotalItems>${options.claimTotal ?? account.domains.length}</TotalItems><CurrentPage>${page}</CurrentPage><PageSize>${size}</PageSize></Paging></CommandResponse>`));
  });
}
