import { describe, expect, it } from "vitest";
import { domainKindOn, partKey } from "./domain-switches.ts";

describe("a domain's switches", () => {
  const own = (entries: [string, boolean][]) => new Map(entries);
  it.each([
    ["the owner's switch when the domain has none", true, undefined, "registry_change", undefined, true],
    ["the owner's switch off", false, undefined, "certificate", undefined, false],
    ["the domain turns on a kind the owner left off", false, own([["dns_change", true]]), "dns_change", undefined, true],
    ["the domain mutes a kind the owner has on", true, own([["certificate", false]]), "certificate", undefined, false],
    ["a record type muted alone", true, own([["dns:TXT", false]]), "dns_change", "TXT", false],
    ["another record type still told", true, own([["dns:TXT", false]]), "dns_change", "MX", true],
    ["a record type's switch cannot turn on a kind that is off", false, own([["dns:MX", true]]), "dns_change", "MX", false],
  ] as const)("%s", (_label, ownerOn, switches, kind, part, expected) => {
    expect(domainKindOn(ownerOn, switches, kind, part)).toBe(expected);
  });
  it("names a part's key under its kind", () => {
    expect(partKey("dns_change", "MX")).toBe("dns:MX");
    expect(partKey("certificate", "www.example.com:443")).toBe("certificate:www.example.com:443");
  });
});
