import { beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { ANSWER_CAPS } from "../answer-caps.ts";
import { resellerClubSource } from "./resellerclub.ts";
import { failure, serveFake } from "./testing/adapter-harness.ts";
import { fakeResellerClub, RESELLERCLUB_DOCUMENTED_PRICES, RESELLERCLUB_MAPPING, RESELLERCLUB_PRICES } from "./testing/fake-resellerclub.ts";

const fake = fakeResellerClub();
const harness = serveFake(fake);
const source = (keys: { userid?: string; key?: string; currency?: string } = { userid: "614860", key: "k3y" }) =>
  resellerClubSource(loadConfig({
    RESELLERCLUB_AUTH_USERID: keys.userid, RESELLERCLUB_API_KEY: keys.key, RESELLERCLUB_API_URL: `${harness.url()}/api/`,
    ...(keys.currency ? { RESELLERCLUB_CURRENCY: keys.currency } : {}),
  }), harness.http);

const quote = (tld: string, registration: number | null, renewal: number | null, transfer: number | null, currency = "USD") =>
  ({ tld, registration, renewal, transfer, currency, isPromo: false, regularRegistration: null, transferIsPromo: false });

describe("ResellerClub price source", () => {
  beforeEach(() => {
    fake.reset();
    fake.queries.length = 0;
  });

  it("maps each product key to its TLDs and reads one year's customer prices to the cent", async () => {
    const list = await source().fetchPrices();
    expect(fake.control.requests.map((u) => u.pathname)).toEqual(["/api/products/category-keys-mapping.json", "/api/products/customer-price.json"]);
    expect(fake.queries).toEqual([{ "auth-userid": "614860", "api-key": "k3y" }, { "auth-userid": "614860", "api-key": "k3y" }]);
    expect(list.providerKey).toBe("resellerclub");
    expect(list.quotes).toEqual([
      quote("com", 1359, 1359, 1359),
      quote("net", 1479, 1479, 1479),
      quote("org", 1149, 1399, 1399),
      quote("in", 749, 999, 999),
      // One product key sells a group of TLDs at one price; a key without transfers quotes none.
      quote("co.in", 599, 699, null), quote("net.in", 599, 699, null), quote("org.in", 599, 699, null),
      quote("academy", 2999, 3299, 3299), quote("agency", 2999, 3299, 3299), quote("xn--czrs0t", 2999, 3299, 3299),
    ]);
    // .ai is sold two years at a time: no one-year price. .xyz has no customer price: not on sale.
    expect(list.skipped).toEqual([{ name: "ai", reason: "no-price" }]);
  });

  it("quotes in the account's selling currency", async () => {
    const list = await source({ userid: "614860", key: "k3y", currency: "INR" }).fetchPrices();
    expect(list.quotes[0]).toEqual(quote("com", 1359, 1359, 1359, "INR"));
  });

  it("reads the documented example's shape and leaves out products that are not domains", async () => {
    fake.setPrices(RESELLERCLUB_DOCUMENTED_PRICES);
    const list = await source().fetchPrices();
    expect(list.quotes).toEqual([quote("net", 0, 0, 0)]);
    expect(list.skipped).toEqual([]);
  });

  it("skips a product or mapping entry that is not the documented shape, and keeps the rest", async () => {
    const prices = JSON.parse(RESELLERCLUB_PRICES) as Record<string, unknown>;
    prices.dotnet = "n/a";
    prices.domorg = { addnewdomain: { 1: "eleven" } };
    prices.dotin = { addnewdomain: "7.49" };
    fake.setPrices(JSON.stringify(prices));
    const mapping = JSON.parse(RESELLERCLUB_MAPPING) as { domorder: unknown[] };
    mapping.domorder.push("dotio", { dotco: "co" });
    fake.setMapping(JSON.stringify(mapping));
    const list = await source().fetchPrices();
    expect(list.quotes.map((q) => q.tld)).toEqual(["com", "co.in", "net.in", "org.in", "academy", "agency", "xn--czrs0t"]);
    expect(list.skipped).toEqual([
      { name: "net", reason: "malformed" }, { name: "org", reason: "malformed" }, { name: "ai", reason: "no-price" },
      { name: "in", reason: "malformed" }, { name: "\"dotio\"", reason: "malformed" }, { name: "dotco", reason: "malformed" },
    ]);
  });

  it("is not configured until the reseller id and the API key are set, and asks nothing meanwhile", async () => {
    expect(source({}).missingConfiguration()).toBe("RESELLERCLUB_AUTH_USERID, RESELLERCLUB_API_KEY are not set");
    expect(source({ userid: "614860" }).missingConfiguration()).toBe("RESELLERCLUB_API_KEY is not set");
    expect(await failure(source({ userid: "614860" }).fetchPrices())).toMatchObject({ kind: "not-configured" });
    expect(fake.control.requests).toHaveLength(0);
  });

  it("takes a refusal of the credentials as an auth failure, saying what to check", async () => {
    fake.control.behaviour = "provider-error";
    expect(await failure(source().fetchPrices())).toMatchObject({
      kind: "auth", httpStatus: 403,
      message: "ResellerClub refused the request: Invalid auth-userid or api-key — check RESELLERCLUB_AUTH_USERID, RESELLERCLUB_API_KEY and this server's IP address in the reseller control panel's API settings",
    });
  });

  it("passes on an ERROR answered with 200, naming it", async () => {
    fake.setPrices(JSON.stringify({ status: "ERROR", message: "Service temporarily unavailable" }));
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "http", message: "ResellerClub refused the request: Service temporarily unavailable" });
  });

  it("retries a 429 after Retry-After, and gives up after three 500s", async () => {
    fake.control.behaviour = "rate-limited-once";
    expect((await source().fetchPrices()).quotes).toHaveLength(10);
    expect(harness.waits).toEqual([1000]);
    fake.control.behaviour = "server-error";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "http", message: "ResellerClub answered 500 Internal Server Error three times; try again later" });
  });

  it("times out, and refuses malformed, cut-short and oversized answers", async () => {
    fake.control.behaviour = "hang";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "timeout" });
    fake.control.behaviour = "malformed";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "malformed", message: expect.stringMatching(/^ResellerClub answered with an unexpected shape/) });
    fake.control.behaviour = "truncated";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "incomplete" });
    fake.control.behaviour = "cut-off";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "incomplete" });
    fake.control.behaviour = "success";
    fake.setPrices(JSON.stringify({ padding: "x".repeat(ANSWER_CAPS.resellerclubPrices) }));
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "malformed", message: expect.stringMatching(/answer is larger than/) });
  });
});
