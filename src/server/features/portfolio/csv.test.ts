import { describe, expect, it } from "vitest";
import { guardFormula, parseCsv, toCsv, unguardFormula } from "./csv.ts";

describe("CSV writing and reading", () => {
  it("quotes only fields that need it, doubles embedded quotes and ends records with CRLF (RFC 4180)", () => {
    expect(toCsv([["a", "b"], ["1", "2"]])).toBe("a,b\r\n1,2\r\n");
    expect(toCsv([["plain", "a,b", 'say "hi"', "two\nlines", "cr\ronly", " padded ", ""]]))
      .toBe('plain,"a,b","say ""hi""","two\nlines","cr\ronly"," padded ",\r\n');
  });

  it("round-trips awkward fields through the parser", () => {
    const rows = [["domainName", "notes"], ["a.com", 'commas, "quotes"\r\nand CRLF'], ["b.com", ""], ["c.com", "ünïcødé ✓"]];
    expect(parseCsv(toCsv(rows))).toEqual(rows);
  });

  it("reads LF files, a byte-order mark, blank lines and short rows", () => {
    expect(parseCsv("\uFEFFdomainName,notes\n\na.com\nb.com,x\n")).toEqual([["domainName", "notes"], ["a.com"], ["b.com", "x"]]);
  });

  it("guards spreadsheet formulas on the way out and restores them on the way in", () => {
    for (const value of ["=HYPERLINK(\"x\")", "+1", "-2", "@SUM(A1)"]) {
      expect(guardFormula(value)).toBe(`'${value}`);
      expect(unguardFormula(guardFormula(value))).toBe(value);
    }
    expect(guardFormula("normal")).toBe("normal");
    expect(unguardFormula("'quoted on purpose")).toBe("'quoted on purpose");
  });

  it("reports malformed CSV as a 400 with the parser's reason", () => {
    expect(() => parseCsv('a,b\n"unterminated,1\n')).toThrowError(/Could not read the CSV file/);
  });
});
