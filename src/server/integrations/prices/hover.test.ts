import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { hoverSource, pricesFromPricingPage } from "./hover.ts";
import { parseHoverPrices } from "./prices.ts";
import { failure, serveFake } from "./testing/adapter-harness.ts";
import { fakeHover, HOVER_PRICES } from "./testing/fake-hover.ts";

const fake = fakeHover();
const harness = serveFake(fake);
const source = (path = "/domain-pricing") => hoverSource(loadConfig({ HOVER_PRICES_URL: `${harness.url()}${path}` }), harness.http);

describe("Hover price source (its domain-pricing page)", () => {
  it("reads the price table out of the page, with the rules of the bundled list saved from it", async () => {
    const list = await source().fetchPrices();
    expect(list.providerKey).toBe("hover");
    expect(source().missingConfiguration()).toBeNull();
    expect(list.quotes).toEqual(parseHoverPrices(HOVER_PRICES, "2023-08-28").quotes);
    expect(list.quotes).toHaveLength(485);
    expect(list.quotes.find((q) => q.tld === "com")).toMatchObject({ registration: 1499, renewal: 1699, transfer: 1499, isPromo: true, regularRegistration: 1699 });
  });

  it("decodes the attribute's character references and passes over other components' props", () => {
    const page = `<html><body><div data-props='{"x":1}'></div><div data-props="not json"></div>` +
      `<div class="table" data-props="{&quot;prices&quot;:{&quot;caf&#233;&quot;:[1,&quot;2&amp;3&quot;],&#x22;io&#x22;:[1,34.99,49.99,79.99]}}"></div></body></html>`;
    expect(pricesFromPricingPage(page)).toEqual({ prices: { "café": [1, "2&3"], io: [1, 34.99, 49.99, 79.99] } });
  });

  it("refuses a page without its price table, and a page cut short", async () => {
    fake.control.behaviour = "malformed";
    const error = await failure(source().fetchPrices());
    expect(error).toMatchObject({ kind: "malformed" });
    expect(error.message).toBe("Hover's pricing page no longer carries its price table (no data-props with prices); the page may have changed, nothing was used");
    fake.control.behaviour = "truncated";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "incomplete", message: expect.stringMatching(/^Hover's pricing page stops halfway/) });
    fake.control.behaviour = "cut-off";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "incomplete" });
  });

  it("gives up after three 500s, says a refusal is about access, and times out", async () => {
    fake.control.behaviour = "server-error";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "http", message: "Hover answered 500 Internal Server Error three times; try again later" });
    fake.control.behaviour = "provider-error";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "auth", httpStatus: 403 });
    fake.control.behaviour = "hang";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "timeout" });
  });
});
