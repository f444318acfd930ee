import { describe, expect, it } from "vitest";
import { domainVerdict, lookupNeeded, verdictText, type DomainRules } from "./domain-verdict.ts";

const COM: DomainRules = { kind: "extension", name: "com", secondLevel: ["africa.com", "us.com"] };
const UK: DomainRules = { kind: "extension", name: "uk", secondLevel: ["co.uk", "org.uk"] };
const CO_UK: DomainRules = { kind: "extension", name: "co.uk", secondLevel: [] };
const ANY: DomainRules = { kind: "any" };

const text = (input: string, rules: DomainRules, lookup?: { suffix: string | null; isSuffix: boolean }) =>
  verdictText(domainVerdict(input, rules, lookup));

describe("the domain box on a TLD page", () => {
  it("takes the page's own names only", () => {
    expect(domainVerdict(" Example.COM ", COM)).toEqual({ kind: "ok", domain: "example.com" });
    expect(domainVerdict("shop.co.uk", CO_UK)).toEqual({ kind: "ok", domain: "shop.co.uk" });
    expect(domainVerdict("example.uk", UK)).toEqual({ kind: "ok", domain: "example.uk" });
    expect(domainVerdict("", COM)).toEqual({ kind: "empty" });
  });

  it("puts a name typed without an extension on the page's own", () => {
    expect(domainVerdict("My-Shop", COM)).toEqual({ kind: "ok", domain: "my-shop.com" });
    expect(domainVerdict(" shop ", CO_UK)).toEqual({ kind: "ok", domain: "shop.co.uk" });
    expect(lookupNeeded("My-Shop", COM)).toBeNull();
    expect(text("-shop", COM)).toBe("Domain cannot start or end with a hyphen");
  });

  it("sends a name of another extension to that extension's page, once the catalogue says which", () => {
    expect(lookupNeeded("example.org", COM)).toBe("example.org");
    expect(text("example.org", COM)).toBe("example.org is not a .com name");
    expect(text("example.org", COM, { suffix: "org", isSuffix: false })).toBe("example.org is a .org name — see .org prices");
    expect(text("shop.co.uk", COM, { suffix: "co.uk", isSuffix: false })).toBe("shop.co.uk is a .co.uk name — see .co.uk prices");
    expect(text("example.zz", COM, { suffix: null, isSuffix: false })).toBe("example.zz is not a .com name, and its extension is not one we list");
    expect(lookupNeeded("example.com", COM)).toBeNull();
  });

  it("knows the suffixes sold under the page's TLD without asking", () => {
    expect(lookupNeeded("shop.co.uk", UK)).toBeNull();
    expect(text("shop.co.uk", UK)).toBe("shop.co.uk is a .co.uk name — see .co.uk prices");
    expect(text("my.shop.africa.com", COM)).toBe("my.shop.africa.com is a .africa.com name — see .africa.com prices");
  });

  it("says a bare extension is an extension, not a domain", () => {
    expect(domainVerdict("co.uk", COM, { suffix: "co.uk", isSuffix: true })).toEqual({ kind: "extension", suffix: "co.uk" });
    expect(text("co.uk", COM, { suffix: "co.uk", isSuffix: true })).toBe('".co.uk" is a domain extension, not a domain: add a name before it (e.g., example.co.uk)');
    expect(text("co.uk", CO_UK)).toBe('".co.uk" is a domain extension, not a domain: add a name before it (e.g., example.co.uk)');
    expect(text("co.uk", UK)).toBe('".co.uk" is a domain extension, not a domain: add a name before it (e.g., example.co.uk)');
    expect(text("com", COM)).toBe("Domain must include at least a name and extension (e.g., example.com)");
  });

  it("keeps the syntax messages", () => {
    expect(text("my_site.com", COM)).toBe('Domain part "my_site" contains invalid characters. Only letters, numbers, and hyphens are allowed');
  });

  it("takes a name typed in Unicode as its A-label, on an ASCII or an internationalised extension's page", () => {
    const DE: DomainRules = { kind: "extension", name: "de", secondLevel: [] };
    const RF: DomainRules = { kind: "extension", name: "xn--p1ai", secondLevel: [] };
    expect(domainVerdict(" Müller.DE. ", DE)).toEqual({ kind: "ok", domain: "xn--mller-kva.de" });
    expect(domainVerdict("Пример.РФ", RF)).toEqual({ kind: "ok", domain: "xn--e1afmkfd.xn--p1ai" });
    expect(text("mü\u200Dller.de", DE)).toBe('Domain part "mü\u200Dller" contains U+200D, which is not allowed in a domain name');
  });
});

describe("the domain box on a registrar page", () => {
  it("takes a bare name or a name of any extension, since each row puts it on its own", () => {
    expect(domainVerdict("example", ANY)).toEqual({ kind: "ok", domain: "example.com" });
    expect(lookupNeeded("example", ANY)).toBeNull();
    expect(domainVerdict("example.org", ANY, { suffix: "org", isSuffix: false })).toEqual({ kind: "ok", domain: "example.org" });
  });

  it("says why a name is refused, and refuses a bare extension", () => {
    expect(text("my_site", ANY)).toBe('Domain part "my_site" contains invalid characters. Only letters, numbers, and hyphens are allowed');
    expect(text("-shop", ANY)).toBe("Domain cannot start or end with a hyphen");
    expect(lookupNeeded("co.uk", ANY)).toBe("co.uk");
    expect(text("co.uk", ANY, { suffix: "co.uk", isSuffix: true })).toBe('".co.uk" is a domain extension, not a domain: add a name before it (e.g., example.co.uk)');
  });
});
