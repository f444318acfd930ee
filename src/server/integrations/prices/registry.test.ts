import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { bundledPriceSource, createPriceSources } from "./registry.ts";

describe("price source registry", () => {
  it("lists the live adapters by provider key, each saying what it lacks; four need no key", () => {
    const sources = createPriceSources(loadConfig({ DYNADOT_API_KEY: "k" }));
    expect([...sources.keys()]).toEqual(["porkbun", "openprovider", "hover", "namecheap", "dynadot", "namesilo", "internetbs", "gandi", "dnsimple", "namecom", "resellerclub", "route53"]);
    expect(Object.fromEntries([...sources].map(([key, s]) => [key, s.missingConfiguration()]))).toEqual({
      porkbun: null, openprovider: null, hover: null, namecheap: null, dynadot: null,
      namesilo: "NAMESILO_API_KEY is not set", internetbs: "INTERNETBS_API_KEY, INTERNETBS_PASSWORD are not set",
      route53: "ROUTE53_ACCESS_KEY_ID, ROUTE53_SECRET_ACCESS_KEY are not set",
      gandi: "GANDI_PERSONAL_ACCESS_TOKEN is not set", dnsimple: "DNSIMPLE_API_TOKEN, DNSIMPLE_ACCOUNT_ID are not set",
      namecom: "NAMECOM_USERNAME, NAMECOM_API_TOKEN are not set",
      resellerclub: "RESELLERCLUB_AUTH_USERID, RESELLERCLUB_API_KEY are not set",
    });
  });

  it("skips Namecheap set up halfway (some API keys, not all), saying how to get either source", () => {
    const partial = createPriceSources(loadConfig({ NAMECHEAP_API_KEY: "k" })).get("namecheap")!;
    expect(partial.missingConfiguration()).toBe(
      "NAMECHEAP_API_USER, NAMECHEAP_CLIENT_IP are not set (unset NAMECHEAP_API_USER, NAMECHEAP_API_KEY and NAMECHEAP_CLIENT_IP to read Namecheap's public price list instead)",
    );
  });
});

describe("bundled price source", () => {
  it("answers a provider's newest bundled list, dated by the file, not by now", async () => {
    const porkbun = await bundledPriceSource("porkbun")!.fetchPrices();
    expect(porkbun.observedAt.toISOString()).toBe("2025-11-01T00:00:00.000Z"); // the undated newer file, not 2025-03-22
    expect(porkbun.quotes).toHaveLength(621);
    expect(porkbun.quotes.find((q) => q.tld === "com")?.registration).toBe(1108);
    expect(porkbun.skipped.filter((s) => s.reason === "handshake")).toHaveLength(274);

    const namecheap = await bundledPriceSource("namecheap")!.fetchPrices();
    expect(namecheap.observedAt.toISOString().slice(0, 10)).toBe("2025-10-25"); // not the 2023 list
    expect(namecheap.quotes).toHaveLength(1194);

    const route53 = await bundledPriceSource("route53")!.fetchPrices();
    expect(route53.observedAt.toISOString().slice(0, 10)).toBe("2022-09-28");
  });

  it("is null for a provider without a bundled list", () => {
    expect(bundledPriceSource("namesilo")).toBeNull();
    expect(bundledPriceSource("nobody")).toBeNull();
  });

  it("hands out copies, so a caller cannot change what the next one reads", async () => {
    const first = await bundledPriceSource("dynadot")!.fetchPrices();
    first.quotes[0]!.registration = 1;
    const second = await bundledPriceSource("dynadot")!.fetchPrices();
    expect(second.quotes[0]!.registration).not.toBe(1);
  });

  it("honours a cancelled signal", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(bundledPriceSource("hover")!.fetchPrices({ signal: controller.signal })).rejects.toMatchObject({ kind: "cancelled" });
  });
});
