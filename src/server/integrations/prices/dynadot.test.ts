import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { dynadotSource } from "./dynadot.ts";
import { failure, serveFake } from "./testing/adapter-harness.ts";
import { fakeDynadot } from "./testing/fake-dynadot.ts";

const fake = fakeDynadot();
const harness = serveFake(fake);
const source = (key: string | undefined = "k3y") =>
  dynadotSource(loadConfig({ DYNADOT_API_KEY: key, DYNADOT_API_URL: `${harness.url()}/api3.json` }), harness.http);

describe("Dynadot price source", () => {
  it("reads tld_price: names without the dot, exact cents, first-year promotions", async () => {
    const list = await source().fetchPrices();
    expect(Object.fromEntries(fake.control.requests[0]!.searchParams)).toEqual({ key: "k3y", command: "tld_price", currency: "USD" });
    expect(list.providerKey).toBe("dynadot");
    expect(list.quotes).toHaveLength(809);
    expect(list.quotes.find((q) => q.tld === "com")).toMatchObject({ registration: 1088, renewal: 1088, transfer: 1088, currency: "USD", isPromo: false });
    expect(list.quotes.find((q) => q.tld === "xyz")).toMatchObject({ registration: 199, renewal: 1317, isPromo: true, regularRegistration: 1317 });
  });

  it("is skipped without DYNADOT_API_KEY", async () => {
    expect(source("").missingConfiguration()).toBe("DYNADOT_API_KEY is not set");
    expect(await failure(source("").fetchPrices())).toMatchObject({ kind: "not-configured" });
    expect(fake.control.requests).toHaveLength(0);
  });

  it("passes on Dynadot's refusal of a bad key", async () => {
    fake.control.behaviour = "provider-error";
    const error = await failure(source().fetchPrices());
    expect(error).toMatchObject({ kind: "auth" });
    expect(error.message).toMatch(/^Dynadot refused the request: invalid key — check DYNADOT_API_KEY/);
  });

  it("retries a 429 after Retry-After, and gives up after three 500s", async () => {
    fake.control.behaviour = "rate-limited-once";
    expect((await source().fetchPrices()).quotes).toHaveLength(809);
    expect(harness.waits).toEqual([1000]);
    fake.control.behaviour = "server-error";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "http", message: "Dynadot answered 500 Internal Server Error three times; try again later" });
  });

  it("times out, and rejects malformed and cut-short answers", async () => {
    fake.control.behaviour = "hang";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "timeout" });
    fake.control.behaviour = "malformed";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "malformed" });
    fake.control.behaviour = "truncated";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "incomplete" });
  });
});
