import { describe, expect, it } from "vitest";
import { parseNamecheapApiPricing } from "./prices.ts";
import { loadConfig } from "../../config.ts";
import { namecheapSource } from "./namecheap.ts";
import { failure, serveFake } from "./testing/adapter-harness.ts";
import { fakeNamecheap } from "./testing/fake-namecheap.ts";
import { readFileSync } from "node:fs";

const fake = fakeNamecheap();
const harness = serveFake(fake);
const KEYS = { NAMECHEAP_API_USER: "apiexample", NAMECHEAP_API_KEY: "56b4c87ef4fd49cb96d915c0db68194", NAMECHEAP_CLIENT_IP: "203.0.113.7" };
const source = (env: Record<string, string> = KEYS) =>
  namecheapSource(loadConfig({ ...env, NAMECHEAP_API_URL: `${harness.url()}/xml.response` }), harness.http);

describe("Namecheap price source", () => {
  it("asks for each action's one-year prices and reads them as the bundled export does", async () => {
    const list = await source().fetchPrices();
    const actions = fake.control.requests.map((u) => u.searchParams.get("ActionName"));
    expect(actions).toEqual(["REGISTER", "RENEW", "TRANSFER"]);
    expect(Object.fromEntries(fake.control.requests[0]!.searchParams)).toMatchObject({
      ApiUser: "apiexample", UserName: "apiexample", ClientIp: "203.0.113.7",
      Command: "namecheap.users.getPricing", ProductType: "DOMAIN", ProductCategory: "DOMAINS",
    });
    // Same prices as the file built from this API, through the same rules.
    const file = parseNamecheapApiPricing(readFileSync(new URL("../../../../db/seed/data/prices/namecheap.2025-10-25.json", import.meta.url), "utf8"));
    expect(list.quotes).toHaveLength(file.quotes.length);
    const com = list.quotes.find((q) => q.tld === "com");
    expect(com).toEqual(file.quotes.find((q) => q.tld === "com"));
    expect(com).toMatchObject({ isPromo: true, currency: "USD" });
    expect(com!.registration).toBeLessThan(com!.regularRegistration!);
    // A sale transfer is kept as the price (not replaced by the list price), with its own flag.
    expect(com).toMatchObject({ transfer: 1148, transferIsPromo: true });
    expect(list.quotes.find((q) => q.tld === "io")?.transferIsPromo).toBe(false);
  });

  it("uses NAMECHEAP_USERNAME when it is set", async () => {
    await source({ ...KEYS, NAMECHEAP_USERNAME: "owner" }).fetchPrices();
    expect(fake.control.requests[0]!.searchParams.get("UserName")).toBe("owner");
  });

  it("names every missing key and never calls the API without them", async () => {
    expect(source({}).missingConfiguration()).toBe("NAMECHEAP_API_USER, NAMECHEAP_API_KEY, NAMECHEAP_CLIENT_IP are not set");
    const partial = source({ NAMECHEAP_API_USER: "apiexample", NAMECHEAP_CLIENT_IP: "203.0.113.7" });
    expect(partial.missingConfiguration()).toBe("NAMECHEAP_API_KEY is not set");
    expect(await failure(partial.fetchPrices())).toMatchObject({ kind: "not-configured", message: "NAMECHEAP_API_KEY is not set" });
    expect(fake.control.requests).toHaveLength(0);
  });

  it("explains Namecheap's refusal of a server address that is not whitelisted", async () => {
    fake.control.behaviour = "provider-error";
    const error = await failure(source().fetchPrices());
    expect(error).toMatchObject({ kind: "auth" });
    expect(error.message).toBe(
      "Namecheap refused the request: Invalid request IP: 203.0.113.7 (error 1011150) — whitelist the server's address in Namecheap's API settings",
    );
  });

  it("retries a 429 after Retry-After", async () => {
    fake.control.behaviour = "rate-limited-once";
    const list = await source().fetchPrices();
    expect(list.quotes.length).toBeGreaterThan(1000);
    expect(harness.waits).toEqual([1000]);
  });

  it("gives up after three 500s", async () => {
    fake.control.behaviour = "server-error";
    expect(await failure(source().fetchPrices())).toMatchObject({
      kind: "http", message: "Namecheap answered 500 Internal Server Error three times; try again later",
    });
  });

  it("times out on a server that never answers", async () => {
    fake.control.behaviour = "hang";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "timeout" });
  });

  it("rejects XML that is not the documented shape", async () => {
    fake.control.behaviour = "malformed";
    const error = await failure(source().fetchPrices());
    expect(error.kind).toBe("malformed");
    expect(error.message).toMatch(/^Namecheap answered with an unexpected shape/);
  });

  it("rejects XML that stops halfway", async () => {
    fake.control.behaviour = "truncated";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "incomplete" });
  });
});
