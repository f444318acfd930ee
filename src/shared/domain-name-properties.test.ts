import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPlausibleDomainName, validateDomainName } from "./domain-name.ts";
import { domainNameSchema } from "./schemas/user-domain.ts";

const alnum = "abcdefghijklmnopqrstuvwxyz0123456789".split("");
const alnumArb = fc.constantFrom(...alnum);
const labelArb = fc
  .tuple(alnumArb, fc.string({ unit: fc.constantFrom(...alnum, "-"), maxLength: 61 }), alnumArb)
  .chain(([first, middle, last]) => fc.constantFrom(first, `${first}${middle}${last}`))
  .filter((l) => !l.startsWith("xn--"));
const extensionArb = fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz".split("")), minLength: 2, maxLength: 10 });
const validDomainArb = fc
  .tuple(fc.array(labelArb, { minLength: 1, maxLength: 4 }), extensionArb)
  .map(([labels, extension]) => [...labels, extension].join("."))
  .filter((domain) => domain.length <= 253);
const domainishArb = fc.string({ unit: fc.constantFrom(..."aZ09.-_ xn".split("")), maxLength: 30 });

describe("validateDomainName properties", () => {
  it("accepts generated valid domains and normalises them to themselves", () => {
    fc.assert(
      fc.property(validDomainArb, (domain) => {
        expect(validateDomainName(domain)).toEqual({ valid: true, domain });
      }),
    );
  });

  it("never throws, whatever the input", () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.string({ unit: "binary" }), domainishArb), (input) => {
        const result = validateDomainName(input);
        expect(typeof result.valid).toBe("boolean");
        domainNameSchema.safeParse(input);
      }),
    );
  });

  it("is idempotent and agrees with the lighter check", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), domainishArb, validDomainArb), (input) => {
        const result = validateDomainName(input);
        if (!result.valid) return;
        expect(isPlausibleDomainName(result.domain)).toBe(true);
        expect(validateDomainName(result.domain)).toEqual(result);
      }),
    );
  });

  it("rejects any domain with an ASCII character outside [a-z0-9.-] inserted", () => {
    const foreignChar = fc
      .string({ unit: fc.integer({ min: 0, max: 127 }).map((n) => String.fromCharCode(n)), minLength: 1, maxLength: 1 })
      .filter((c) => /[^a-z0-9.-]/.test(c.toLowerCase()));
    fc.assert(
      fc.property(validDomainArb, foreignChar, fc.nat(), (domain, c, at) => {
        // Interior positions only: trimming would legitimately drop edge whitespace.
        const i = 1 + (at % (domain.length - 1));
        expect(validateDomainName(domain.slice(0, i) + c + domain.slice(i)).valid).toBe(false);
      }),
    );
  });
});

