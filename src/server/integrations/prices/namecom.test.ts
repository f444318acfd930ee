import { beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { ANSWER_CAPS } from "../answer-caps.ts";
import { nameComSource } from "./namecom.ts";
import { failure, serveFake } from "./testing/adapter-harness.ts";
import { fakeNameCom, NAMECOM_ROWS } from "./testing/fake-namecom.ts";

const fake = fakeNameCom();
const harness = serveFake(fake);
const source = (keys: { username?: string; token?: string } = { username: "example", token: "e5d0a6b1c2" }) =>
  nameComSource(loadConfig({ NAMECOM_USERNAME: keys.username, NAMECOM_API_TOKEN: keys.token, NAMECOM_API_URL: `${harness.url()}/` }), harness.http);

const quote = (tld: string, prices: Partial<Record<string, unknown>>) =>
  ({ tld, registration: null, renewal: null, transfer: null, currency: "USD", isPromo: false, regularRegistration: null, transferIsPromo: false, ...prices });

describe("Name.com price source", () => {
  beforeEach(() => {
    fake.reset();
    fake.authorizations.length = 0;
  });

  it("reads the documented TLD price list to the cent, one year in US dollars, with basic auth", async () => {
    const list = await source().fetchPrices();
    const asked = fake.control.requests[0]!;
    expect(asked.pathname).toBe("/core/v1/tldpricing");
    expect(Object.fromEntries(asked.searchParams)).toEqual({ duration: "1", page: "1", perPage: "100" });
    expect(fake.authorizations[0]).toBe(`Basic ${Buffer.from("example:e5d0a6b1c2").toString("base64")}`);
    expect(list.providerKey).toBe("namecom");
    expect(list.quotes).toEqual([
      // The documented example: 9.99 against an original 11.99 is a first-year promotion.
      quote("com", { registration: 999, renewal: 999, transfer: 1999, isPromo: true, regularRegistration: 1199 }),
      quote("es", { registration: 899, renewal: 1299 }),
      quote("io", { registration: 3499, renewal: 5299, transfer: 5299 }),
      // The newer documented shape: the public (retail) prices are quoted, not the account's 9.99.
      quote("net", { registration: 1099, renewal: 1099, transfer: 2099, isPromo: true, regularRegistration: 1199, transferIsPromo: true }),
      quote("xn--p1ai", { registration: 599, renewal: 1199, transfer: 1199 }),
    ]);
    expect(list.skipped).toEqual([]);
  });

  it("follows nextPage through every page", async () => {
    fake.setPageCap(2);
    const list = await source().fetchPrices();
    expect(fake.control.requests.map((u) => u.searchParams.get("page"))).toEqual(["1", "2", "3"]);
    expect(list.quotes.map((q) => q.tld)).toEqual(["com", "es", "io", "net", "xn--p1ai"]);
  });

  it("refuses a list that still says another page follows after 100 pages, using none of it", async () => {
    fake.setEndless(true);
    expect(await failure(source().fetchPrices())).toMatchObject({
      kind: "incomplete", message: "Name.com's TLD price list still went on after 100 pages; nothing was used, try again later",
    });
    expect(fake.control.requests).toHaveLength(100);
  });

  it("skips a row that is not the documented shape or not one year, and keeps the rest", async () => {
    fake.setField("io", "renewalPrice", "52.99 USD");
    fake.setField("es", "duration", 2);
    const list = await source().fetchPrices();
    expect(list.quotes).toHaveLength(NAMECOM_ROWS.length - 2);
    expect(list.skipped).toEqual([{ name: "es", reason: "malformed" }, { name: "io", reason: "malformed" }]);
  });

  it("is not configured until the username and the token are set, and asks nothing meanwhile", async () => {
    expect(source({}).missingConfiguration()).toBe("NAMECOM_USERNAME, NAMECOM_API_TOKEN are not set");
    expect(source({ username: "example" }).missingConfiguration()).toBe("NAMECOM_API_TOKEN is not set");
    expect(await failure(source({ username: "example" }).fetchPrices())).toMatchObject({ kind: "not-configured" });
    expect(fake.control.requests).toHaveLength(0);
  });

  it("takes a 401 for a wrong username or token, saying what to check", async () => {
    fake.control.behaviour = "provider-error";
    expect(await failure(source().fetchPrices())).toMatchObject({
      kind: "auth", httpStatus: 401, message: "Name.com refused the request: Unauthorized — check NAMECOM_USERNAME and NAMECOM_API_TOKEN",
    });
  });

  it("retries a 429 after Retry-After, and gives up after three 500s", async () => {
    fake.control.behaviour = "rate-limited-once";
    expect((await source().fetchPrices()).quotes).toHaveLength(NAMECOM_ROWS.length);
    expect(harness.waits).toEqual([1000]);
    fake.control.behaviour = "server-error";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "http", message: "Name.com answered 500 Internal Server Error three times; try again later" });
  });

  it("times out, and refuses malformed, cut-short and oversized answers", async () => {
    fake.control.behaviour = "hang";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "timeout" });
    fake.control.behaviour = "malformed";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "malformed", message: expect.stringMatching(/^Name\.com answered with an unexpected shape \(pricing: /) });
    fake.control.behaviour = "truncated";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "incomplete" });
    fake.control.behaviour = "cut-off";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "incomplete" });
    fake.control.behaviour = "success";
    fake.setPadding(ANSWER_CAPS.namecomPrices);
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "malformed", message: expect.stringMatching(/answer is larger than/) });
  });
});
