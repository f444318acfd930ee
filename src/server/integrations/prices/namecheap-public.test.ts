import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { parseNamecheapTldList } from "./prices.ts";
import { createPriceSources } from "./registry.ts";
import { failure, serveFake } from "./testing/adapter-harness.ts";
import { fakeNamecheap } from "./testing/fake-namecheap.ts";
import { fakeNamecheapPublic, NAMECHEAP_TLD_LIST } from "./testing/fake-namecheap-public.ts";

const publicFake = fakeNamecheapPublic();
const apiFake = fakeNamecheap();
const publicHarness = serveFake(publicFake);
const apiHarness = serveFake(apiFake);
const KEYS = { NAMECHEAP_API_USER: "apiexample", NAMECHEAP_API_KEY: "56b4c87ef4fd49cb96d915c0db68194", NAMECHEAP_CLIENT_IP: "203.0.113.7" };
/** Namecheap's source as the registry picks it, with both of Namecheap's answers on loopback. */
const source = (env: Record<string, string> = {}) => createPriceSources(loadConfig({
  ...env, NAMECHEAP_PRICES_URL: `${publicHarness.url()}/domains/tlds.ashx`, NAMECHEAP_API_URL: `${apiHarness.url()}/xml.response`,
}), publicHarness.http).get("namecheap")!;

describe("Namecheap's public price list (no API key)", () => {
  it("is read when no API key is set, with the rules of the bundled list saved from it", async () => {
    expect(source().missingConfiguration()).toBeNull();
    const list = await source().fetchPrices();
    expect(list.providerKey).toBe("namecheap");
    expect(list.quotes).toEqual(parseNamecheapTldList(NAMECHEAP_TLD_LIST, "2023-08-28").quotes);
    expect(list.quotes.length).toBeGreaterThan(1000);
    // "1": 1.98 now, 40 regular: a promotion; no transfer price in this list.
    expect(list.quotes.find((q) => q.tld === "1")).toMatchObject({ registration: 198, renewal: 4000, transfer: null, isPromo: true, regularRegistration: 4000 });
    expect(publicFake.control.requests.map((u) => u.pathname)).toEqual(["/domains/tlds.ashx"]);
    expect(apiFake.control.requests).toHaveLength(0);
  });

  it("gives way to the API once its keys are set", async () => {
    const list = await source(KEYS).fetchPrices();
    expect(list.quotes.find((q) => q.tld === "com")?.transfer).toEqual(expect.any(Number)); // the API quotes transfers
    expect(apiFake.control.requests.map((u) => u.searchParams.get("ActionName"))).toEqual(["REGISTER", "RENEW", "TRANSFER"]);
    expect(publicFake.control.requests).toHaveLength(0);
  });

  it("refuses an answer that is not the list, or stops halfway", async () => {
    publicFake.control.behaviour = "malformed";
    const error = await failure(source().fetchPrices());
    expect(error).toMatchObject({ kind: "malformed" });
    expect(error.message).toMatch(/^Namecheap answered with an unexpected shape \(the answer: .+\); its API may have changed, nothing was used$/);
    publicFake.control.behaviour = "provider-error";
    expect((await failure(source().fetchPrices())).message).toBe("Namecheap answered with something that is not JSON; its API may have changed, nothing was used");
    publicFake.control.behaviour = "truncated";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "incomplete" });
  });

  it("gives up after three 500s, and times out on a list that never comes", async () => {
    publicFake.control.behaviour = "server-error";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "http", message: "Namecheap answered 500 Internal Server Error three times; try again later" });
    publicFake.control.behaviour = "hang";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "timeout" });
  });
});
