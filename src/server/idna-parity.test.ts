/**
 * The shared name check (src/shared/domain-name.ts) runs in the browser too, so it maps Unicode
 * through the WHATWG URL parser rather than node:url; in Node both are the same UTS #46
 * implementation, and this property holds them to it: whatever the shared check accepts is
 * exactly what node:url's domainToASCII makes of the name.
 */
import { domainToASCII } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateDomainName } from "../shared/domain-name.ts";
import { toUnicodeName } from "../shared/idna.ts";

describe("Unicode names", () => {
  // Letters of several scripts, full-width ones, and the ideographic full stop.
  const unicodeUnit = fc.constantFrom(..."aübßçéøпрдмλσ中国例子日本語ÄÖÜＡＢａｂ1-".split(""), "\u3002");
  const unicodeDomainArb = fc.tuple(fc.string({ unit: unicodeUnit, minLength: 1, maxLength: 12 }), fc.constantFrom("de", "com", "中国", "рф"))
    .map(([name, tld]) => `${name}.${tld}`);

  it("stores what node:url's domainToASCII makes of the name whenever it accepts it, as an ASCII name that reads back the same", () => {
    fc.assert(
      fc.property(unicodeDomainArb, (input) => {
        const result = validateDomainName(input);
        if (!result.valid) return;
        expect(result.domain).toBe(domainToASCII(input));
        expect(result.domain).toMatch(/^[a-z0-9.-]+$/);
        expect(validateDomainName(toUnicodeName(result.domain))).toEqual(result);
      }),
      { numRuns: 300 },
    );
  });
});
