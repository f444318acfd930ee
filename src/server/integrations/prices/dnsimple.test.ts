import { beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { ANSWER_CAPS } from "../answer-caps.ts";
import { DNSIMPLE_PROBE_LABEL, dnsimpleSource } from "./dnsimple.ts";
import { failure, serveFake } from "./testing/adapter-harness.ts";
import { DNSIMPLE_PRICES, DNSIMPLE_TLDS, fakeDnsimple } from "./testing/fake-dnsimple.ts";

const fake = fakeDnsimple();
const harness = serveFake(fake);
const source = (keys: { token?: string; account?: string } = { token: "a1b2c3d4", account: "1010" }) =>
  dnsimpleSource(loadConfig({ DNSIMPLE_API_TOKEN: keys.token, DNSIMPLE_ACCOUNT_ID: keys.account, DNSIMPLE_API_URL: `${harness.url()}/` }), harness.http);

describe("DNSimple price source", () => {
  beforeEach(() => {
    fake.reset();
    fake.authorizations.length = 0;
  });

  it("lists every TLD page, then prices each TLD's probe name: exact cents, USD, no promotions", async () => {
    const list = await source().fetchPrices();
    const pages = fake.control.requests.filter((u) => u.pathname === "/v2/tlds");
    expect(pages.map((u) => u.searchParams.get("page"))).toEqual(Array.from({ length: Math.ceil(DNSIMPLE_TLDS.length / 100) }, (_, i) => String(i + 1)));
    const priced = fake.control.requests.filter((u) => u.pathname.endsWith("/prices")).map((u) => u.pathname);
    expect(priced).toHaveLength(DNSIMPLE_TLDS.length);
    expect(priced[0]).toBe(`/v2/1010/registrar/domains/${DNSIMPLE_PROBE_LABEL}.ac/prices`);
    expect(new Set(fake.authorizations)).toEqual(new Set(["Bearer a1b2c3d4"]));
    expect(list.providerKey).toBe("dnsimple");
    expect(list.quotes).toHaveLength(DNSIMPLE_PRICES.size);
    const quote = (tld: string) => list.quotes.find((q) => q.tld === tld);
    // The recorded list: .ac takes no transfers; .academy does.
    expect(quote("ac")).toEqual({ tld: "ac", registration: 7000, renewal: 7000, transfer: null, currency: "USD", isPromo: false, regularRegistration: null, transferIsPromo: false });
    expect(quote("academy")).toEqual({ tld: "academy", registration: 3500, renewal: 3500, transfer: 3500, currency: "USD", isPromo: false, regularRegistration: null, transferIsPromo: false });
    expect(quote("agency")).toMatchObject({ registration: 2500, renewal: 2500, transfer: 2500 });
    expect(quote("africa")).toMatchObject({ registration: 2000, renewal: 2000, transfer: 2000 });
    expect(list.quotes.map((q) => q.tld)).toEqual(DNSIMPLE_TLDS.map((t) => t.tld)); // DNSimple's order
  });

  it("reads cents and leaves out a TLD whose probe is premium, with the recorded premium answer", async () => {
    fake.setPrice("academy", 35.99);
    fake.setPrice("agency", "premium");
    const list = await source().fetchPrices();
    expect(list.quotes.find((q) => q.tld === "academy")).toMatchObject({ registration: 3599, renewal: 3599, transfer: 3599 });
    expect(list.quotes.find((q) => q.tld === "agency")).toBeUndefined();
    expect(list.skipped).toEqual([{ name: "agency", reason: "no-price" }]);
  });

  it("quotes nothing for a TLD it answers 400 (not sold), and fails on none", async () => {
    fake.setPrice("africa", "unsold");
    const list = await source().fetchPrices();
    expect(list.quotes.find((q) => q.tld === "africa")).toBeUndefined();
    expect(list.quotes).toHaveLength(DNSIMPLE_PRICES.size - 1);
    expect(list.skipped).toEqual([]);
  });

  it("is not configured until the token and the account are set, and asks nothing meanwhile", async () => {
    expect(source({}).missingConfiguration()).toBe("DNSIMPLE_API_TOKEN, DNSIMPLE_ACCOUNT_ID are not set");
    expect(source({ token: "t" }).missingConfiguration()).toBe("DNSIMPLE_ACCOUNT_ID is not set");
    expect(await failure(source({ token: "t" }).fetchPrices())).toMatchObject({ kind: "not-configured" });
    expect(fake.control.requests).toHaveLength(0);
  });

  it("takes a 401 for a wrong token or account, saying what to check", async () => {
    fake.control.behaviour = "provider-error";
    expect(await failure(source().fetchPrices())).toMatchObject({
      kind: "auth", httpStatus: 401, message: "DNSimple refused the request: Authentication failed — check DNSIMPLE_API_TOKEN and DNSIMPLE_ACCOUNT_ID",
    });
  });

  it("retries a 429 after Retry-After, and gives up after three 500s", async () => {
    fake.control.behaviour = "rate-limited-once";
    expect((await source().fetchPrices()).quotes).toHaveLength(DNSIMPLE_PRICES.size);
    expect(harness.waits).toEqual([1000]);
    fake.control.behaviour = "server-error";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "http", message: "DNSimple answered 500 Internal Server Error three times; try again later" });
  });

  it("times out, and refuses malformed, cut-short and oversized answers", async () => {
    fake.control.behaviour = "hang";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "timeout" });
    fake.control.behaviour = "malformed";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "malformed", message: expect.stringMatching(/^DNSimple answered with an unexpected shape/) });
    fake.control.behaviour = "truncated";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "incomplete" });
    fake.control.behaviour = "cut-off";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "incomplete" });
    fake.control.behaviour = "success";
    fake.setPadding(ANSWER_CAPS.dnsimplePrices);
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "malformed", message: expect.stringMatching(/answer is larger than/) });
  });
});
