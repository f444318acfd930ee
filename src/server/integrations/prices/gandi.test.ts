import { beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { ANSWER_CAPS } from "../answer-caps.ts";
import { gandiSource } from "./gandi.ts";
import { failure, serveFake } from "./testing/adapter-harness.ts";
import { fakeGandi, GANDI_CATALOGUE, GANDI_CHECK_GRID_C, GANDI_TLDS } from "./testing/fake-gandi.ts";

const fake = fakeGandi();
const harness = serveFake(fake);
const source = (token: string | undefined = "pat_abc-123") =>
  gandiSource(loadConfig({ GANDI_PERSONAL_ACCESS_TOKEN: token, GANDI_API_URL: `${harness.url()}/` }), harness.http);

/** The documented grid C check answer's price objects, as a catalogue's `.com` products. */
function discountedCatalogue(): string {
  const check = JSON.parse(GANDI_CHECK_GRID_C) as { currency: string; products: { name: string; process: string; prices: unknown[] }[] };
  const create = check.products.find((p) => p.process === "create")!;
  const transfer = check.products.find((p) => p.process === "transfer")!;
  return JSON.stringify({
    currency: check.currency,
    products: [
      { ...create, name: ".com" }, { ...transfer, name: ".com" },
      // Renewals are quoted at their normal price even when discounted.
      { ...create, name: ".com", process: "renew" },
    ],
  });
}

describe("Gandi price source", () => {
  beforeEach(() => {
    fake.setCatalogue(GANDI_CATALOGUE);
    fake.setTlds(GANDI_TLDS);
    fake.authorizations.length = 0;
  });

  it("reads the documented catalogue: the one-year golive price before taxes, grid A, in the answer's currency", async () => {
    const list = await source().fetchPrices();
    expect(fake.control.requests.map((u) => u.pathname)).toEqual(["/v5/domain/tlds", "/v5/billing/price/domain"]);
    expect(fake.authorizations).toEqual(["Bearer pat_abc-123", "Bearer pat_abc-123"]);
    const asked = fake.control.requests[1]!.searchParams;
    expect(asked.getAll("name")).toEqual([".com", ".eu", ".fr", ".info", ".net", ".org"]);
    expect(asked.getAll("processes")).toEqual(["create", "renew", "transfer"]);
    expect(asked.get("grid")).toBe("A");
    expect(list.providerKey).toBe("gandi");
    // 12.54 for one to two years, not 10.66 (three to ten years), nor 15.68 with 25 % VAT.
    expect(list.quotes).toEqual([
      { tld: "com", registration: 1254, renewal: null, transfer: null, currency: "EUR", isPromo: false, regularRegistration: null, transferIsPromo: false },
    ]);
  });

  it("takes a discounted creation as a first-year promotion, and quotes the renewal at its normal price", async () => {
    fake.setCatalogue(discountedCatalogue());
    const list = await source().fetchPrices();
    expect(list.quotes).toEqual([
      { tld: "com", registration: 460, renewal: 920, transfer: 600, currency: "EUR", isPromo: true, regularRegistration: 920, transferIsPromo: false },
    ]);
  });

  it("leaves out premium prices and the phases before general availability", async () => {
    const tier = { min_duration: 1, max_duration: 1, duration_unit: "y", discount: false };
    fake.setCatalogue(JSON.stringify({
      currency: "USD",
      products: [
        { name: ".net", process: "create", prices: [{ ...tier, type: "premium", price_before_taxes: 645.93 }, { ...tier, options: { phase: "eap5" }, price_before_taxes: 732.03 }, { ...tier, options: { phase: "golive" }, price_before_taxes: 15.5 }] },
        { name: ".org", process: "create", prices: [{ ...tier, type: "premium", price_before_taxes: 878.44 }] },
        { name: ".org", process: "renew", prices: [{ ...tier, price_before_taxes: 14 }] },
      ],
    }));
    const list = await source().fetchPrices();
    expect(list.quotes.map((q) => [q.tld, q.registration, q.renewal, q.currency])).toEqual([["net", 1550, null, "USD"], ["org", null, 1400, "USD"]]);
  });

  it("asks the catalogue fifty TLDs at a time", async () => {
    fake.setTlds(JSON.stringify(Array.from({ length: 120 }, (_, i) => ({ name: i === 0 ? "com" : `t${i}` }))));
    const list = await source().fetchPrices();
    const batches = fake.control.requests.filter((u) => u.pathname === "/v5/billing/price/domain").map((u) => u.searchParams.getAll("name"));
    expect(batches.map((names) => names.length)).toEqual([50, 50, 20]);
    expect(batches[0]![0]).toBe(".com");
    expect(list.quotes.map((q) => q.tld)).toEqual(["com"]);
  });

  it("asks the next pages of the TLD list while its Total-Count says there are more", async () => {
    fake.setTlds(GANDI_TLDS, 4);
    const list = await source().fetchPrices();
    const pages = fake.control.requests.filter((u) => u.pathname === "/v5/domain/tlds").map((u) => u.search);
    expect(pages).toEqual(["", "?page=2"]);
    expect(fake.control.requests.find((u) => u.pathname === "/v5/billing/price/domain")!.searchParams.getAll("name")).toHaveLength(6);
    expect(list.quotes.map((q) => q.tld)).toEqual(["com"]);
  });

  it("is not configured until GANDI_PERSONAL_ACCESS_TOKEN is set, and asks nothing meanwhile", async () => {
    expect(source("").missingConfiguration()).toBe("GANDI_PERSONAL_ACCESS_TOKEN is not set");
    expect(await failure(source("").fetchPrices())).toMatchObject({ kind: "not-configured" });
    expect(fake.control.requests).toHaveLength(0);
  });

  it("takes a 401 for a wrong token", async () => {
    fake.control.behaviour = "provider-error";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "auth", httpStatus: 401 });
  });

  it("retries a 429 after Retry-After, and gives up after three 500s", async () => {
    fake.control.behaviour = "rate-limited-once";
    expect((await source().fetchPrices()).quotes).toHaveLength(1);
    expect(harness.waits).toEqual([1000]);
    fake.control.behaviour = "server-error";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "http", message: "Gandi answered 500 Internal Server Error three times; try again later" });
  });

  it("times out, and refuses malformed, cut-short and oversized answers", async () => {
    fake.control.behaviour = "hang";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "timeout" });
    fake.control.behaviour = "malformed";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "malformed", message: expect.stringMatching(/^Gandi answered with an unexpected shape/) });
    fake.control.behaviour = "truncated";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "incomplete" });
    fake.control.behaviour = "cut-off";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "incomplete" });
    fake.control.behaviour = "success";
    fake.setCatalogue(JSON.stringify({ ...(JSON.parse(GANDI_CATALOGUE) as object), padding: "x".repeat(ANSWER_CAPS.gandiPrices) }));
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "malformed", message: expect.stringMatching(/answer is larger than/) });
  });
});
