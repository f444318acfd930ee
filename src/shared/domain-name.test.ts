import punycode from "punycode/punycode.js";
import { describe, expect, it } from "vitest";
import {
  EXAMPLE_HOST,
  bareSuffixMessage,
  candidateSuffixes,
  splitDomain,
  extractTld,
  isPlausibleDomainName,
  validateDomainName,
} from "./domain-name.ts";
import { domainNameSchema } from "./schemas/user-domain.ts";

const messageOf = (input: unknown): string | undefined => {
  const result = validateDomainName(input);
  return result.valid ? undefined : result.message;
};

const label = (length: number, char = "a") => char.repeat(length);

describe("validateDomainName messages", () => {
  it.each([
    [undefined, "Domain is required"],
    [null, "Domain is required"],
    ["", "Domain is required"],
    [42, "Domain is required"],
    ["   \t ", "Domain cannot be empty"],
    [`${label(250)}.com`, "Domain too long (max 253 characters)"],
    [".example.com", "Domain cannot start or end with a dot"],
    ["example.com..", "Domain cannot start or end with a dot"],
    ["-example.com", "Domain cannot start or end with a hyphen"],
    ["example.com-", "Domain cannot start or end with a hyphen"],
    ["example..com", "Domain cannot contain consecutive dots"],
    ["example", `Domain must include at least a name and extension (e.g., ${EXAMPLE_HOST})`],
    [`${label(64)}.com`, `Domain part "${label(64)}" is too long (max 63 characters)`],
    ["www.-ab.com", 'Domain part "-ab" cannot start or end with a hyphen'],
    ["ab-.com", 'Domain part "ab-" cannot start or end with a hyphen'],
    [
      "ex_ample.com",
      'Domain part "ex_ample" contains invalid characters. Only letters, numbers, and hyphens are allowed',
    ],
    ["mü_ller.de", 'Domain part "mü_ller" contains invalid characters. Only letters, numbers, and hyphens are allowed'],
    ["a\uFFFDb.com", 'Domain part "a\uFFFDb" contains "\uFFFD" (U+FFFD), which is not allowed in a domain name'],
    ["⒈x.com", 'Domain part "⒈x" contains "⒈" (U+2488), which is not allowed in a domain name'],
    ["ab\u200Dc.de", 'Domain part "ab\u200Dc" contains U+200D, which is not allowed in a domain name'],
    ["\u2764.com", 'Domain part "\u2764" contains "\u2764" (U+2764), which is not allowed in a domain name'],
    ["\u0301a.com", 'Domain part "\u0301a" starts with a combining mark (U+0301), which must follow a letter'],
    ["a\u05D0.com", 'Domain part "a\u05D0" mixes right-to-left ("\u05D0" (U+05D0)) and left-to-right ("a" (U+0061)) letters, which one part of a domain name cannot do'],
    ["xn--a.com", "Invalid punycode format"],
    ["xn--ab.com", "Invalid punycode format"],
    ["xn--a-b.com", "Invalid punycode format"],
    ["xn--99999999999.com", "Invalid punycode format"],
    ["example.123", "Domain extension cannot be all numbers"],
    ["example.c", "Invalid domain extension format"],
    ["example.co-m", "Invalid domain extension format"],
  ])("%j → %s", (input, message) => {
    expect(messageOf(input)).toBe(message);
  });

  it("names the example host in the two-parts message", () => {
    expect(EXAMPLE_HOST).toBe("example.com");
    expect(messageOf("localhost")).toContain("(e.g., example.com)");
  });

  it("rejects an xn-- part that is only the prefix", () => {
    expect(validateDomainName("xn--.com").valid).toBe(false);
    expect(messageOf("a.xn--")).toBe("Domain cannot start or end with a hyphen");
  });

  it("explains why the xn-- fixtures above are invalid", () => {
    // "a" and "ab" decode to C1 control characters, "a-b" and "0" do not decode.
    expect(punycode.decode("a")).toBe("\u0080");
    expect(punycode.decode("ab")).toBe("\u0081\u0080");
    expect(() => punycode.decode("a-b")).toThrow(RangeError);
    expect(messageOf("xn--0.com")).toBe("Invalid punycode format");
    // An ASCII-only decode needs a trailing delimiter, which the hyphen rule catches first.
    expect(punycode.decode("abc-")).toBe("abc");
    expect(messageOf("xn--abc-.com")).toBe('Domain part "xn--abc-" cannot start or end with a hyphen');
  });
});

describe("validateDomainName accepts", () => {
  it("normalises case and surrounding whitespace", () => {
    expect(validateDomainName(" Example.COM ")).toEqual({ valid: true, domain: "example.com" });
  });

  it.each([
    ["Müller.DE ", "xn--mller-kva.de"],
    ["müller.de.", "xn--mller-kva.de"],
    ["例子.中国", "xn--fsqu00a.xn--fiqs8s"],
    ["例子。中国", "xn--fsqu00a.xn--fiqs8s"],
    ["пример.com", "xn--e1afmkfd.com"],
    ["faß.de", "xn--fa-hia.de"],
    ["ＥＸＡＭＰＬＥ.ＣＯＭ", "example.com"],
    ["שלום.קום", "xn--9dbne9b.xn--9dbq2a"],
    ["example.com.", "example.com"],
  ])("the Unicode, mixed-case or fully qualified name %j as its A-label %s", (input, domain) => {
    expect(validateDomainName(input)).toEqual({ valid: true, domain });
  });

  it.each(["xn--p1ai.xn--p1ai", "example.xn--p1ai", "xn--80ak6aa92e.com", "xn--e1afmkfd.com", "xn--mnchen-3ya.de"])(
    "real IDN %s",
    (domain) => {
      expect(validateDomainName(domain)).toEqual({ valid: true, domain });
    },
  );

  it("accepts xn--zzzz-invalid: it is well-formed punycode despite its name", () => {
    // Decodes to Latin + Canadian syllabics letters and round-trips, so by the
    // specified rule it is valid; invalid ACE labels are covered above.
    expect(validateDomainName("xn--zzzz-invalid.com").valid).toBe(true);
  });

  it("accepts exactly 253 characters and rejects 254", () => {
    const at253 = `${label(63)}.${label(63)}.${label(63)}.${label(61)}`;
    expect(at253).toHaveLength(253);
    expect(validateDomainName(at253).valid).toBe(true);
    const at254 = `${label(63)}.${label(63)}.${label(63)}.${label(62)}`;
    expect(messageOf(at254)).toBe("Domain too long (max 253 characters)");
  });

  it("accepts a 63-character label and rejects 64", () => {
    expect(validateDomainName(`${label(63)}.com`).valid).toBe(true);
    expect(validateDomainName(`${label(64)}.com`).valid).toBe(false);
  });

  it("allows digits and inner hyphens in names but not all-digit extensions", () => {
    expect(validateDomainName("123.com").valid).toBe(true);
    expect(validateDomainName("a-b--c.co.uk").valid).toBe(true);
    expect(validateDomainName("example.c0m").valid).toBe(true);
    expect(messageOf("10.0.0.1")).toBe("Domain extension cannot be all numbers");
  });
});

describe("isPlausibleDomainName and extractTld", () => {
  it.each([
    ["example.com", true],
    ["Example.COM", true],
    ["", false],
    ["example", false],
    ["a..b", false],
    [".a.b", false],
    ["a.b.", false],
    ["ex ample.com", false],
    [`${label(250)}.com`, false],
  ])("isPlausibleDomainName(%j) = %s", (input, expected) => {
    expect(isPlausibleDomainName(input)).toBe(expected);
  });

  it("extracts the last label", () => {
    expect(extractTld("example.co.uk")).toBe("uk");
    expect(extractTld("example.xn--p1ai")).toBe("xn--p1ai");
    expect(extractTld("com")).toBe("com");
  });
});

describe("domainNameSchema", () => {
  it("outputs the normalised domain", () => {
    expect(domainNameSchema.parse(" Example.COM ")).toBe("example.com");
  });

  it.each([
    ["example..com", "Domain cannot contain consecutive dots"],
    ["   ", "Domain cannot be empty"],
    ["", "Domain is required"],
    [undefined, "Domain is required"],
    [7, "Domain is required"],
  ])("fails %j with exactly %s", (input, message) => {
    const result = domainNameSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});

describe("splitDomain", () => {
  const catalogue = new Set(["uk", "co.uk", "au", "com.au", "com", "uk.com", "xn--p1ai"]);
  const split = (domain: string) => splitDomain(domain, (name) => catalogue.has(name));

  it("splits at the longest catalogue suffix", () => {
    expect(split("shop.co.uk")).toEqual({ name: "shop", suffix: "co.uk" });
    expect(split("www.shop.co.uk")).toEqual({ name: "www.shop", suffix: "co.uk" });
    expect(split("shop.com.au")).toEqual({ name: "shop", suffix: "com.au" });
    expect(split("shop.uk")).toEqual({ name: "shop", suffix: "uk" });
    expect(split("shop.uk.com")).toEqual({ name: "shop", suffix: "uk.com" });
    expect(split("example.com")).toEqual({ name: "example", suffix: "com" });
    expect(split("xn--e1afmkfd.xn--p1ai")).toEqual({ name: "xn--e1afmkfd", suffix: "xn--p1ai" });
  });

  it("falls back to the parent when the second level is not a catalogue suffix", () => {
    expect(split("shop.example.uk")).toEqual({ name: "shop.example", suffix: "uk" });
    expect(split("shop.net.au")).toEqual({ name: "shop.net", suffix: "au" });
  });

  it("never splits a bare suffix or a domain under no catalogue suffix", () => {
    expect(split("co.uk")).toBeNull();
    expect(split("com.au")).toBeNull();
    expect(split("uk")).toBeNull();
    expect(split("example.zz")).toBeNull();
  });

  it("lists candidates longest first, never the domain itself", () => {
    expect(candidateSuffixes("a.b.co.uk")).toEqual(["b.co.uk", "co.uk", "uk"]);
    expect(candidateSuffixes("co.uk")).toEqual(["uk"]);
    expect(candidateSuffixes("uk")).toEqual([]);
  });

  it("words the bare-suffix refusal with an example", () => {
    expect(bareSuffixMessage("co.uk")).toBe('".co.uk" is a domain extension, not a domain: add a name before it (e.g., example.co.uk)');
  });
});
