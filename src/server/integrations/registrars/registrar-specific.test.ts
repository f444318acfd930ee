import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { startLoopbackServer, type LoopbackServer } from "../../testing/loopback.ts";
import { RegistrarError } from "./registrar.ts";
import { createRegistrarAdapter } from "./registry.ts";
import { createFakeGoDaddy } from "./testing/fake-godaddy.ts";
import { createFakeNameCom } from "./testing/fake-namecom.ts";
import { createFakeNamecheap } from "./testing/fake-namecheap.ts";
import { fakeAccount, makeDomains } from "./testing/fake-state.ts";
import { GODADDY_ACCESS_DENIED } from "./godaddy.ts";
import type { Hono } from "hono";

let servers: LoopbackServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});
const serve = async (app: Hono<any>) => {
  const s = await startLoopbackServer(app);
  servers.push(s);
  return s.url;
};
const account = fakeAccount(makeDomains(250));
const creds = { apiKey: account.apiKey, secretKey: account.secretKey };
const fast = { timeoutMs: 1000, attempts: 2, baseDelayMs: 5 };
const rejection = (p: Promise<unknown>) => p.then(() => { throw new Error("expected a failure"); }, (e: RegistrarError) => e);

describe("GoDaddy", () => {
  it("explains a 403 ACCESS_DENIED: the API is only open to 10+ domains or Discount Domain Club", async () => {
    const url = await serve(createFakeGoDaddy(account, { accessDenied: true }));
    const adapter = createRegistrarAdapter("godaddy", loadConfig({ GODADDY_API_URL: url }), creds, fast);
    expect((await rejection(adapter.testConnection())).message).toBe(GODADDY_ACCESS_DENIED);
    expect(GODADDY_ACCESS_DENIED).toMatch(/10 or more domains or a Discount Domain Club plan/);
  });
});

describe("Namecheap", () => {
  it("tells the user to whitelist the server's address on an invalid request IP", async () => {
    const url = await serve(createFakeNamecheap(account, { whitelistedIp: "192.0.2.1" }));
    const adapter = createRegistrarAdapter("namecheap", loadConfig({ NAMECHEAP_API_URL: url, NAMECHEAP_CLIENT_IP: "198.51.100.9" }), creds, fast);
    const error = await rejection(adapter.testConnection());
    expect(error.message).toMatch(/invalid request IP 198\.51\.100\.9.*Whitelist 198\.51\.100\.9/);
    expect(error.kind).toBe("auth");
  });

  it("needs NAMECHEAP_CLIENT_IP before calling at all", async () => {
    const url = await serve(createFakeNamecheap(account, { whitelistedIp: "192.0.2.1" }));
    const adapter = createRegistrarAdapter("namecheap", loadConfig({ NAMECHEAP_API_URL: url }), creds, fast);
    const before = account.listCalls;
    expect((await rejection(adapter.listDomains())).message).toMatch(/set NAMECHEAP_CLIENT_IP/);
    expect(account.listCalls).toBe(before);
  });

  it("maps a bad API key and fails when the list stops before TotalItems", async () => {
    const url = await serve(createFakeNamecheap(account, { whitelistedIp: "192.0.2.1", claimTotal: 400 }));
    const config = loadConfig({ NAMECHEAP_API_URL: url, NAMECHEAP_CLIENT_IP: "192.0.2.1" });
    const bad = createRegistrarAdapter("namecheap", config, { ...creds, apiKey: "nope" }, fast);
    expect((await rejection(bad.testConnection())).message).toMatch(/rejected the API key.*Parameter APIKey is invalid/);
    const short = await rejection(createRegistrarAdapter("namecheap", config, creds, fast).listDomains());
    expect(short.message).toBe("Namecheap's domain list ended early (250 of 400)");
  });
});

describe("Name.com", () => {
  it("fails when paging ends before lastPage", async () => {
    const url = await serve(createFakeNameCom(fakeAccount(makeDomains(3)), { claimLastPage: 4 }));
    const adapter = createRegistrarAdapter("namecom", loadConfig({ NAMECOM_API_URL: url }), creds, fast);
    expect((await rejection(adapter.listDomains())).message).toBe("Name.com's domain list ended at page 1 of 4");
  });
});
