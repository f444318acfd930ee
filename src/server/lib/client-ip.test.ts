import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { forwardedClient } from "./client-ip.ts";

describe("client address behind proxies", () => {
  it("takes the entry the trusted proxy appended, never the client-written left-most one", () => {
    expect(forwardedClient("203.0.113.9", 1)).toBe("203.0.113.9");
    expect(forwardedClient("6.6.6.6, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(forwardedClient("6.6.6.6,203.0.113.9 , 10.0.0.2", 2)).toBe("203.0.113.9");
    expect(forwardedClient("203.0.113.9", 2)).toBeUndefined();
    expect(forwardedClient(undefined, 1)).toBeUndefined();
    expect(forwardedClient(" , ", 1)).toBeUndefined();
  });

  it("reads TRUST_PROXY_HOPS (default 1, at least 1)", () => {
    expect(loadConfig({}).TRUST_PROXY_HOPS).toBe(1);
    expect(loadConfig({ TRUST_PROXY_HOPS: "2" }).TRUST_PROXY_HOPS).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: "0" })).toThrowError(/TRUST_PROXY_HOPS/);
  });
});
