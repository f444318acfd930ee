import { describe, expect, it } from "vitest";
import { checkDomain, domainForTld, redirectHref, supports } from "./redirect-links.ts";

describe("register and transfer links", () => {
  it("points at the server's redirect with an encoded domain", () => {
    expect(redirectHref("register", 5, "example.com")).toBe("/api/r/register?providerId=5&domain=example.com");
    expect(redirectHref("transfer", 5, "xn--p1ai.xn--p1ai")).toBe("/api/r/transfer?providerId=5&domain=xn--p1ai.xn--p1ai");
    expect(redirectHref("register", 1, "a&b=c")).toBe("/api/r/register?providerId=1&domain=a%26b%3Dc");
  });

  it("words the spec's toasts", () => {
    expect(checkDomain("")).toEqual({ ok: false, title: "Domain Required", description: "Please enter a domain name first." });
    expect(checkDomain("   ")).toMatchObject({ description: "Please enter a domain name first." });
    expect(checkDomain("example")).toEqual({
      ok: false, title: "Invalid Domain", description: "Domain must include at least a name and extension (e.g., example.com)",
    });
    expect(checkDomain(" Example.COM ")).toEqual({ ok: true, domain: "example.com" });
  });

  it("puts the typed name on each row's TLD", () => {
    expect(domainForTld("example", "io")).toBe("example.io");
    expect(domainForTld("Example.com", "io")).toBe("example.io");
    expect(domainForTld("shop.example.co.uk", "uk")).toBe("shop.example.co.uk");
    expect(domainForTld("example.io", "io")).toBe("example.io");
    expect(domainForTld("  ", "io")).toBe("");
  });

  it("puts the name on a second-level row, and takes a known suffix off before another row's", () => {
    const known = new Set(["uk", "co.uk", "com", "com.au", "io"]);
    const isKnown = (n: string) => known.has(n);
    expect(domainForTld("example", "co.uk", isKnown)).toBe("example.co.uk");
    expect(domainForTld("example.com", "co.uk", isKnown)).toBe("example.co.uk");
    expect(domainForTld("example.co.uk", "co.uk", isKnown)).toBe("example.co.uk");
    expect(domainForTld("example.co.uk", "uk", isKnown)).toBe("example.uk");
    expect(domainForTld("shop.com.au", "io", isKnown)).toBe("shop.io");
    expect(domainForTld("shop.example.uk", "uk", isKnown)).toBe("shop.example.uk");
  });

  it("refuses the page's own extension typed on its own", () => {
    expect(checkDomain("co.uk", "co.uk")).toEqual({
      ok: false, title: "Invalid Domain", description: '".co.uk" is a domain extension, not a domain: add a name before it (e.g., example.co.uk)',
    });
    expect(checkDomain("shop.co.uk", "co.uk")).toEqual({ ok: true, domain: "shop.co.uk" });
  });

  it("links only the actions a provider has a URL pattern for", () => {
    const sp = { registrationUrlPattern: "https://x/{domain}", transferUrlPattern: null };
    expect(supports(sp, "register")).toBe(true);
    expect(supports(sp, "transfer")).toBe(false);
  });
});
