import { describe, expect, it } from "vitest";
import { PRIVATE_REGISTRY_SUFFIXES } from "./private-suffixes.ts";
import { describeSuffix, recogniseSuffix, suffixesAmong } from "./suffixes.ts";

describe("recogniseSuffix", () => {
  it("recognises ICANN-section second levels under their top-level parent", () => {
    expect(recogniseSuffix("co.uk")).toEqual({ name: "co.uk", unicodeName: null, kind: "icann-suffix", parentName: "uk", registryOperator: null });
    expect(recogniseSuffix("com.au")).toMatchObject({ kind: "icann-suffix", parentName: "au" });
    expect(recogniseSuffix("com.br")).toMatchObject({ kind: "icann-suffix", parentName: "br" });
  });

  it("follows the list's wildcards and exceptions: *.bd makes com.bd a suffix, !www.ck unmakes www.ck", () => {
    expect(recogniseSuffix("com.bd")).toMatchObject({ kind: "icann-suffix", parentName: "bd" });
    expect(recogniseSuffix("anything.ck")).toMatchObject({ kind: "icann-suffix", parentName: "ck" });
    expect(recogniseSuffix("www.ck")).toBeNull();
  });

  it("recognises registry-run private names from the committed list, with their operator", () => {
    expect(recogniseSuffix("uk.com")).toEqual({ name: "uk.com", unicodeName: null, kind: "private-suffix", parentName: "com", registryOperator: "CentralNic" });
    expect(recogniseSuffix("co.nl")).toMatchObject({ kind: "private-suffix", registryOperator: "CoDNS B.V." });
  });

  it("rejects names that are neither: ordinary domains, retired CentralNic names, top-level names, malformed input", () => {
    for (const name of ["foo.com", "et.io", "ar.com", "com", "0db", ".co.uk", "co..uk", "CO.UK", ""]) expect(recogniseSuffix(name)).toBeNull();
  });

  it("keeps the Unicode form of an IDN suffix", () => {
    expect(recogniseSuffix("xn--gmqw5a.xn--j6w193g")).toMatchObject({ unicodeName: "個人.香港", parentName: "xn--j6w193g", kind: "icann-suffix" });
  });

  it("lists every private name once, each with two labels", () => {
    const names = PRIVATE_REGISTRY_SUFFIXES.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name.split(".")).toHaveLength(2);
  });
});

describe("suffixesAmong", () => {
  it("keeps recognised names whose parent is in the catalogue, once each, and skips catalogue TLDs", () => {
    const catalogue = new Set(["uk", "com", "au"]);
    const found = suffixesAmong(["co.uk", "foo.com", "uk.com", "co.uk", "com", "com.br", "com.au"], (n) => catalogue.has(n));
    expect(found.map((s) => s.name)).toEqual(["co.uk", "com.au", "uk.com"]);
  });
});

describe("describeSuffix", () => {
  it("names the parent and the section it comes from", () => {
    const parent = { name: "uk", unicodeName: null, category: "country-code" };
    expect(describeSuffix(recogniseSuffix("co.uk")!, parent)).toBe(
      "Second-level domain .co.uk under the country-code top-level domain .uk, a public suffix in the ICANN section of the Public Suffix List.",
    );
    expect(describeSuffix(recogniseSuffix("uk.com")!, { name: "com", unicodeName: null, category: "generic" })).toContain("sold by CentralNic as its own registry");
  });
});
