import { beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { ANSWER_CAPS } from "../answer-caps.ts";
import { internetBsSource } from "./internetbs.ts";
import { failure, serveFake } from "./testing/adapter-harness.ts";
import { fakeInternetBs, INTERNETBS_ANSWER } from "./testing/fake-internetbs.ts";

const fake = fakeInternetBs();
const harness = serveFake(fake);
const source = (keys: { key?: string; password?: string } = { key: "testapi", password: "testpass" }) =>
  internetBsSource(loadConfig({ INTERNETBS_API_KEY: keys.key, INTERNETBS_PASSWORD: keys.password, INTERNETBS_API_URL: `${harness.url()}/` }), harness.http);

const answer = (product: unknown[]) => JSON.stringify({ transactid: "t", status: "SUCCESS", product });

describe("Internet.bs price source", () => {
  beforeEach(() => {
    fake.setAnswer(INTERNETBS_ANSWER);
    fake.forms.length = 0;
  });

  it("reads the documented PriceList/Get answer to the cent, one quote per TLD, in the row's currency", async () => {
    const list = await source().fetchPrices();
    expect(fake.control.requests[0]!.pathname).toBe("/Account/PriceList/Get");
    expect(fake.control.requests[0]!.search).toBe(""); // the key and password travel in the body, never in the URL
    expect(fake.forms[0]).toEqual({ ApiKey: "testapi", Password: "testpass", ResponseFormat: "JSON", Currency: "USD", version: "1" });
    expect(list.providerKey).toBe("internetbs");
    expect(list.quotes).toEqual([
      { tld: "in", registration: 491, renewal: null, transfer: null, currency: "CAD", isPromo: false, regularRegistration: null, transferIsPromo: false },
      { tld: "ind.in", registration: 1480, renewal: 1480, transfer: null, currency: "CAD", isPromo: false, regularRegistration: null, transferIsPromo: false },
      { tld: "org.in", registration: null, renewal: null, transfer: 1480, currency: "CAD", isPromo: false, regularRegistration: null, transferIsPromo: false },
    ]);
  });

  it("never takes a first year below the renewal for a promotion, and leaves out restores, trades and other products", async () => {
    fake.setAnswer(answer([
      { name: ".ai registration", price: "92.40", currency: "USD" }, { name: ".ai renewal", price: "100.80", currency: "USD" },
      { name: ".ai transfer", price: "92.40", currency: "USD" }, { name: ".ai restore", price: "120.00", currency: "USD" },
      { name: ".com trade", price: "5.00", currency: "USD" }, { name: "Hosting registration", price: "3.00", currency: "USD" },
      { name: ".io registration", price: "49.98", currency: "USD" }, { name: ".io registration", price: "39.98", currency: "USD" },
      { name: ".net registration", price: "n/a", currency: "USD" }, { name: ".org registration" },
    ]));
    const list = await source().fetchPrices();
    expect(list.quotes).toEqual([
      { tld: "ai", registration: 9240, renewal: 10080, transfer: 9240, currency: "USD", isPromo: false, regularRegistration: null, transferIsPromo: false },
    ]);
    expect(list.skipped).toEqual([{ name: ".org registration", reason: "malformed" }, { name: "io", reason: "malformed" }, { name: "net", reason: "malformed" }]);
  });

  it("is not configured until both the key and the password are set, and asks nothing meanwhile", async () => {
    expect(source({}).missingConfiguration()).toBe("INTERNETBS_API_KEY, INTERNETBS_PASSWORD are not set");
    expect(source({ key: "k" }).missingConfiguration()).toBe("INTERNETBS_PASSWORD is not set");
    expect(await failure(source({ key: "k" }).fetchPrices())).toMatchObject({ kind: "not-configured" });
    expect(fake.control.requests).toHaveLength(0);
  });

  it("passes on Internet.bs's refusal with its message and code", async () => {
    fake.control.behaviour = "provider-error";
    const error = await failure(source().fetchPrices());
    expect(error).toMatchObject({ kind: "http", message: "Internet.bs refused the request: Unexpected ERROR: Tech department has been notified! (code 107015)" });
  });

  it("retries a 429 after Retry-After, and gives up after three 500s", async () => {
    fake.control.behaviour = "rate-limited-once";
    expect((await source().fetchPrices()).quotes.length).toBeGreaterThan(0);
    expect(harness.waits).toEqual([1000]);
    fake.control.behaviour = "server-error";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "http", message: "Internet.bs answered 500 Internal Server Error three times; try again later" });
  });

  it("times out, and refuses malformed, cut-short and oversized answers", async () => {
    fake.control.behaviour = "hang";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "timeout" });
    fake.control.behaviour = "malformed";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "malformed", message: expect.stringMatching(/^Internet\.bs answered with an unexpected shape \(product: /) });
    fake.control.behaviour = "truncated";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "incomplete" });
    fake.control.behaviour = "cut-off";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "incomplete" });
    fake.control.behaviour = "success";
    fake.setAnswer(answer([{ name: ".in registration", price: "4.91", currency: "CAD", note: "x".repeat(ANSWER_CAPS.internetbsPrices) }]));
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "malformed" });
  });
});
