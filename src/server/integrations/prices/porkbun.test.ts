import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { porkbunSource } from "./porkbun.ts";
import { PriceSourceError } from "./source.ts";
import { failure, serveFake } from "./testing/adapter-harness.ts";
import { fakePorkbun } from "./testing/fake-porkbun.ts";

const fake = fakePorkbun();
const harness = serveFake(fake);
const source = () => porkbunSource(loadConfig({ PORKBUN_API_URL: `${harness.url()}/` }), harness.http);

describe("Porkbun price source", () => {
  it("reads the real pricing/get answer: exact cents, promotions, Handshake names skipped", async () => {
    const before = Date.now();
    const list = await source().fetchPrices();
    expect(list.providerKey).toBe("porkbun");
    expect(list.observedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(list.quotes).toHaveLength(621);
    expect(list.skipped.filter((s) => s.reason === "handshake")).toHaveLength(274);
    expect(list.quotes.find((q) => q.tld === "com")).toMatchObject({ registration: 1108, renewal: 1108, transfer: 1108, isPromo: false });
    expect(list.quotes.find((q) => q.tld === "xyz")).toMatchObject({ registration: 206, renewal: 1298, isPromo: true, regularRegistration: 1298 });
    expect(list.quotes.find((q) => q.tld === "sexy")?.registration).toBe(257518); // "2,575.18"
    expect(fake.control.requests[0]?.pathname).toBe("/pricing/get");
  });

  it("needs no key", () => {
    expect(source().missingConfiguration()).toBeNull();
  });

  it("waits as Retry-After asks on a 429, then reads the list", async () => {
    fake.control.behaviour = "rate-limited-once";
    const list = await source().fetchPrices();
    expect(list.quotes).toHaveLength(621);
    expect(harness.waits).toEqual([1000]);
    expect(fake.control.requests).toHaveLength(2);
  });

  it("gives up after three 500s with a message a person can act on", async () => {
    fake.control.behaviour = "server-error";
    const error = await failure(source().fetchPrices());
    expect(error).toBeInstanceOf(PriceSourceError);
    expect(error).toMatchObject({ kind: "http", httpStatus: 500 });
    expect(error.message).toBe("Porkbun answered 500 Internal Server Error three times; try again later");
    expect(fake.control.requests).toHaveLength(3);
    expect(harness.waits).toEqual([1000, 2000]); // exponential backoff between the tries
  });

  it("times out on a server that never answers", async () => {
    fake.control.behaviour = "hang";
    const error = await failure(source().fetchPrices());
    expect(error).toMatchObject({ kind: "timeout", message: "Porkbun did not answer within 500 ms; try again later" });
  });

  it("stops when the caller cancels", async () => {
    fake.control.behaviour = "hang";
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await failure(source().fetchPrices({ signal: controller.signal }));
    expect(error).toMatchObject({ kind: "cancelled" });
  });

  it("rejects a body that is not the documented shape", async () => {
    fake.control.behaviour = "malformed";
    const error = await failure(source().fetchPrices());
    expect(error.kind).toBe("malformed");
    expect(error.message).toMatch(/^Porkbun answered with an unexpected shape \(pricing: .+\); its API may have changed/);
  });

  it("rejects an answer cut in half instead of returning part of the list", async () => {
    fake.control.behaviour = "truncated";
    const error = await failure(source().fetchPrices());
    expect(error).toMatchObject({ kind: "incomplete" });
    expect(error.message).toMatch(/Porkbun's answer stops halfway/);
  });

  it("rejects a connection that drops before the promised length", async () => {
    fake.control.behaviour = "cut-off";
    const error = await failure(source().fetchPrices());
    expect(error).toMatchObject({ kind: "incomplete" });
    expect(error.message).toMatch(/^Porkbun's answer broke off before its end/);
  });

  it("passes on Porkbun's own error message", async () => {
    fake.control.behaviour = "provider-error";
    const error = await failure(source().fetchPrices());
    expect(error.message).toBe("Porkbun refused the request: Rate limit exceeded: wait a moment before requesting pricing again.");
  });
});
