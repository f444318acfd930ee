import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseRegistrarIds, parseRootZone, toAsciiName } from "./iana.ts";

const IANA_DIR = fileURLToPath(new URL("../../../../db/seed/data/iana/", import.meta.url));
const read = (file: string) => readFileSync(IANA_DIR + file, "utf8");

const tlds = parseRootZone(read("root-zone-db.csv"), read("root-zone-db-with-rdap.json"), read("rdap-dns-services.json"));
const byName = new Map(tlds.map((t) => [t.name, t]));
const registrars = parseRegistrarIds(read("registrar-ids.csv"));

const countBy = <T>(items: T[], key: (item: T) => string) =>
  items.reduce<Record<string, number>>((acc, item) => ({ ...acc, [key(item)]: (acc[key(item)] ?? 0) + 1 }), {});

describe("parseRootZone on the bundled root zone database", () => {
  it("reads every row once, as bare lowercase ASCII names", () => {
    expect(tlds).toHaveLength(1594);
    expect(byName.size).toBe(1594);
    for (const t of tlds) expect(t.name).toMatch(/^[a-z0-9-]+$/);
  });

  it("maps IANA types onto the product categories", () => {
    expect(countBy(tlds, (t) => t.category)).toEqual({ generic: 1249, "country-code": 316, sponsored: 14, other: 15 });
    expect(countBy(tlds.filter((t) => t.category === "other"), (t) => t.ianaType)).toEqual({
      test: 11, "generic-restricted": 3, infrastructure: 1,
    });
  });

  it("turns Unicode IDNs into punycode and keeps the Unicode form", () => {
    expect(byName.get("xn--p1ai")).toMatchObject({ unicodeName: "рф", category: "country-code", isActive: true });
    expect(byName.get("com")?.unicodeName).toBeNull();
    expect(tlds.filter((t) => t.unicodeName !== null)).toHaveLength(170);
  });

  it("drops the bidi marks IANA wraps around right-to-left IDNs", () => {
    // With the trailing U+200E encoded, .امارات would come out as xn--mgbaam7a8h122r.
    expect(byName.get("xn--mgbaam7a8h")?.unicodeName).toBe("امارات");
    expect(tlds.some((t) => t.unicodeName && /[\u200e\u200f]/.test(t.unicodeName))).toBe(false);
  });

  it("marks 'Not assigned' TLDs inactive without an operator", () => {
    expect(byName.get("abarth")).toMatchObject({ registryOperator: null, isActive: false, category: "generic" });
    expect(tlds.filter((t) => !t.isActive)).toHaveLength(157);
    expect(tlds.filter((t) => t.registryOperator === null)).toHaveLength(157);
    expect(byName.get("com")?.registryOperator).toBe("VeriSign Global Registry Services");
  });

  it("reads managers that span two lines inside quotes", () => {
    expect(byName.get("fj")?.registryOperator).toBe("The University of the South Pacific, IT Services");
    expect(byName.get("mx")?.registryOperator).toBe("NIC-Mexico, ITESM - Campus Monterrey");
  });

  it("takes RDAP from the root zone JSON, else from the bootstrap file", () => {
    expect(byName.get("com")?.rdapUrl).toBe("https://rdap.verisign.com/com/v1/");
    // The JSON lists no RDAP for any IDN; .कॉम's comes from the bootstrap services.
    expect(byName.get("xn--11b4c3d")?.rdapUrl).toBe("https://tld-rdap.verisign.com/xn--11b4c3d/v1/");
    expect(tlds.filter((t) => t.rdapUrl !== null)).toHaveLength(1193);
    expect(byName.get("abarth")?.rdapUrl).toBeNull();
  });

  it("takes DNSSEC from the JSON for ASCII TLDs only", () => {
    expect(byName.get("com")?.dnssec).toBe(true);
    expect(byName.get("abarth")?.dnssec).toBe(false);
    expect(byName.get("merck")?.dnssec).toBeNull(); // absent from the JSON crawl
    expect(byName.get("xn--p1ai")?.dnssec).toBeNull(); // the crawl says false for every IDN
  });
});

describe("parseRegistrarIds on the bundled registrar list", () => {
  it("reads every registrar with its published status", () => {
    expect(registrars).toHaveLength(4177);
    expect(new Set(registrars.map((r) => r.id)).size).toBe(4177);
    expect(countBy(registrars, (r) => r.status)).toEqual({ Accredited: 3020, Terminated: 1142, Reserved: 15 });
  });

  it("knows Porkbun by its IANA ID", () => {
    expect(registrars.find((r) => r.id === 1861)).toEqual({
      id: 1861, name: "Porkbun LLC", status: "Accredited", rdapUrl: "https://cart-before.porkbun.horse/rdap/",
    });
  });

  it("turns an empty RDAP column into null and keeps names trimmed", () => {
    expect(registrars.find((r) => r.id === 1)).toEqual({ id: 1, name: "Reserved", status: "Reserved", rdapUrl: null });
    expect(registrars.find((r) => r.id === 2)?.name).toBe("Network Solutions, LLC");
    expect(registrars.filter((r) => r.rdapUrl !== null)).toHaveLength(3027);
    expect(registrars.every((r) => r.name === r.name.trim() && r.name !== "")).toBe(true);
  });
});

describe("toAsciiName", () => {
  it.each([
    [".COM", "com"],
    ["рф", "xn--p1ai"],
    ["xn--p1ai", "xn--p1ai"],
    ["\u200f.موقع\u200e", "xn--4gbrim"],
    ["co.uk", "co.uk"],
    ["", null],
    ["bad name", null],
  ])("%j → %j", (input, expected) => {
    expect(toAsciiName(input)).toBe(expected);
  });
});
