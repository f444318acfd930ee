import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { nameSiloSource } from "./namesilo.ts";
import { failure, serveFake } from "./testing/adapter-harness.ts";
import { fakeNameSilo } from "./testing/fake-namesilo.ts";

const fake = fakeNameSilo();
const harness = serveFake(fake);
const source = (key = "k3y") => nameSiloSource(loadConfig({ NAMESILO_API_KEY: key, NAMESILO_API_URL: `${harness.url()}/api` }), harness.http);

describe("NameSilo price source", () => {
  it("reads every TLD of the getPrices reply", async () => {
    const list = await source().fetchPrices();
    const url = fake.control.requests[0]!;
    expect(url.pathname).toBe("/api/getPrices");
    expect(Object.fromEntries(url.searchParams)).toEqual({ version: "1", type: "json", key: "k3y" });
    expect(list.providerKey).toBe("namesilo");
    expect(list.quotes.map((q) => q.tld).sort()).toEqual(["car", "com", "io", "net", "org", "xn--p1ai", "xyz"]);
    expect(list.quotes.find((q) => q.tld === "xyz")).toEqual({
      tld: "xyz", registration: 199, renewal: 1299, transfer: 1299, currency: "USD", isPromo: true, regularRegistration: 1299, transferIsPromo: false,
    });
    expect(list.quotes.find((q) => q.tld === "car")?.renewal).toBe(229900);
  });

  it("is skipped without NAMESILO_API_KEY", () => {
    expect(source("").missingConfiguration()).toBe("NAMESILO_API_KEY is not set");
  });

  it("treats any reply code but 300 as a refusal, with NameSilo's detail", async () => {
    fake.control.behaviour = "provider-error";
    const error = await failure(source().fetchPrices());
    expect(error).toMatchObject({ kind: "auth", message: "NameSilo refused the request: Invalid API Key (code 110) — check NAMESILO_API_KEY" });
  });

  it("retries a 429 after Retry-After, and gives up after three 500s", async () => {
    fake.control.behaviour = "rate-limited-once";
    expect((await source().fetchPrices()).quotes).toHaveLength(7);
    expect(harness.waits).toEqual([1000]);
    fake.control.behaviour = "server-error";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "http", httpStatus: 500 });
  });

  it("times out, and rejects malformed and cut-short answers", async () => {
    fake.control.behaviour = "hang";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "timeout" });
    fake.control.behaviour = "malformed";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "malformed" });
    fake.control.behaviour = "truncated";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "incomplete" });
    fake.control.behaviour = "cut-off";
    expect(await failure(source().fetchPrices())).toMatchObject({ kind: "incomplete" });
  });
});
