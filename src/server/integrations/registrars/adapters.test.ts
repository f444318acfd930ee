import { afterEach, describe, expect, it } from "vitest";
import { REGISTRAR_SLUGS, type RegistrarSlug } from "../../../shared/schemas/registrar-account.ts";
import { loadConfig } from "../../config.ts";
import { startLoopbackServer, type LoopbackServer } from "../../testing/loopback.ts";
import { RegistrarError } from "./registrar.ts";
import { createRegistrarAdapter } from "./registry.ts";
import { fakeAccount, makeDomains, type FakeAccount, type Fault } from "./testing/fake-state.ts";
import { FAKE_CLIENT_IP, FAKES } from "./testing/fakes.ts";

/** Domains needed for a second list call (Dynadot lists everything in one call). */
const TWO_PAGES: Record<RegistrarSlug, number | null> = { porkbun: 1001, godaddy: 1001, namecheap: 101, dynadot: null, namecom: 1001, cloudflare: 51 };
const FAST = { timeoutMs: 400, attempts: 3, baseDelayMs: 5, maxDelayMs: 2000 };

let servers: LoopbackServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function adapterFor(slug: RegistrarSlug, account: FakeAccount, credentials = { apiKey: account.apiKey, secretKey: account.secretKey }) {
  const server = await startLoopbackServer(FAKES[slug].create(account));
  servers.push(server);
  const config = loadConfig({ [FAKES[slug].envKey]: server.url, NAMECHEAP_CLIENT_IP: FAKE_CLIENT_IP });
  return createRegistrarAdapter(slug, config, credentials, FAST);
}

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(RegistrarError);
  return error as RegistrarError;
};

describe.each(REGISTRAR_SLUGS)("%s adapter against its fake", (slug) => {
  it("tests the connection and reports the registrar's answer", async () => {
    const result = await (await adapterFor(slug, fakeAccount(makeDomains(3)))).testConnection();
    expect(result.message.length).toBeGreaterThan(5);
  });

  it("refuses wrong credentials with a readable message that never repeats the secret", async () => {
    const account = fakeAccount(makeDomains(3));
    const adapter = await adapterFor(slug, account, { apiKey: "wrong-key-value-123", secretKey: "wrong-secret-value-456" });
    const error = await failure(adapter.testConnection());
    expect(error.message).not.toMatch(/wrong-key-value|wrong-secret-value|http:\/\//);
    expect(error.message).toMatch(slug === "namecom" ? /Name\.com/ : new RegExp(slug, "i"));
  });

  it("lists every page and maps names, dates and flags", async () => {
    const domains = makeDomains(TWO_PAGES[slug] ?? 40);
    domains[0]!.name = "UPPER-Case.COM";
    const listed = await (await adapterFor(slug, fakeAccount(domains))).listDomains();
    expect(listed).toHaveLength(domains.length);
    expect(new Set(listed.map((d) => d.name)).size).toBe(domains.length);
    const first = listed.find((d) => d.name === "upper-case.com")!;
    expect(first).toEqual({
      name: "upper-case.com", registrationDate: domains[0]!.created, expirationDate: domains[0]!.expires,
      autoRenew: domains[0]!.autoRenew, isLocked: domains[0]!.locked, privacyEnabled: domains[0]!.privacy,
    });
    const second = listed.find((d) => d.name === domains[1]!.name)!;
    expect([second.autoRenew, second.isLocked, second.privacyEnabled]).toEqual([domains[1]!.autoRenew, domains[1]!.locked, domains[1]!.privacy]);
  });

  it("waits out a 429 with Retry-After and a 503, then succeeds", async () => {
    const faults: Record<number, Fault> = { 1: { status: 429, retryAfter: "0" }, 2: { status: 503 } };
    const account = fakeAccount(makeDomains(5), { faultAt: (n) => faults[n] });
    expect(await (await adapterFor(slug, account)).listDomains()).toHaveLength(5);
    expect(account.listCalls).toBe(3);
  });

  it("gives up after bounded retries on a lasting outage or rate limit", async () => {
    const outage = fakeAccount(makeDomains(5), { faultAt: () => ({ status: 502 }) });
    const down = await failure((await adapterFor(slug, outage)).listDomains());
    expect(down.message).toMatch(/unavailable \(HTTP 502\)/);
    expect(outage.listCalls).toBe(3);
    const limited = fakeAccount(makeDomains(5), { faultAt: () => ({ status: 429, retryAfter: "3600" }) });
    const slow = await failure((await adapterFor(slug, limited)).listDomains());
    expect(slow.message).toMatch(/limiting requests \(HTTP 429\); try again in 3600 s/);
    expect(limited.listCalls).toBe(1);
  });

  it("fails on a malformed body, a timeout and a body cut off halfway", async () => {
    const malformed = await failure((await adapterFor(slug, fakeAccount(makeDomains(5), { faultAt: () => ({ kind: "malformed" }) }))).listDomains());
    expect(malformed.kind).toBe("malformed");
    const hang = await failure((await adapterFor(slug, fakeAccount(makeDomains(5), { faultAt: () => ({ kind: "hang", ms: 1500 }) }))).listDomains());
    expect(hang.message).toMatch(/did not answer within/);
    const cut = await failure((await adapterFor(slug, fakeAccount(makeDomains(5), { faultAt: () => ({ kind: "cut" }) }))).listDomains());
    expect(["network", "malformed"]).toContain(cut.kind);
  });

  it.runIf(TWO_PAGES[slug] !== null)("fails when a later page fails, instead of returning half a list", async () => {
    const account = fakeAccount(makeDomains(TWO_PAGES[slug]!), { faultAt: (n) => (n >= 2 ? { kind: "malformed" } : undefined) });
    const error = await failure((await adapterFor(slug, account)).listDomains());
    expect(error.message).toMatch(/page|from|after/);
  });
});
