import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseEcbHistoryCsv } from "./ecb-history.ts";

const file = readFileSync(new URL("../../../../db/seed/data/rates/ecb-eurofxref-hist.2018-2025-05-09.csv", import.meta.url), "utf8");

describe("ECB rates history", () => {
  const days = parseEcbHistoryCsv(file);

  it("reads every business day, oldest first", () => {
    expect(days).toHaveLength(1882);
    expect(days[0]!.date).toBe("2018-01-02");
    expect(days.at(-1)!.date).toBe("2025-05-09");
  });

  it("keeps the quoted rates exactly, adds EUR at 1 and leaves out N/A and the trailing empty column", () => {
    const last = days.at(-1)!;
    expect(last.rates).toMatchObject({ EUR: 1, USD: 1.1252, JPY: 163.36, GBP: 0.8477, IDR: 18606.59 });
    expect(last.rates).not.toHaveProperty("CYP"); // N/A: no longer quoted
    expect(last.rates).not.toHaveProperty("RUB"); // suspended in 2022
    expect(Object.keys(last.rates)).not.toContain("");
    expect(days[0]!.rates.RUB).toBe(69.1176);
    expect(days[0]!.rates).not.toHaveProperty("ISK"); // N/A that day
  });

  it("throws on a file that is not the ECB's", () => {
    expect(() => parseEcbHistoryCsv("Day,USD\n2025-01-01,1.1\n")).toThrow(/first column must be Date/);
    expect(() => parseEcbHistoryCsv("Date,USD,\n09/05/2025,1.1,\n")).toThrow(/not a YYYY-MM-DD date/);
  });

  it("leaves out a rate it cannot read instead of guessing", () => {
    const [day] = parseEcbHistoryCsv("Date,USD,JPY,GBP,\n2025-05-09,abc,-3,0.8477,\n");
    expect(day!.rates).toEqual({ EUR: 1, GBP: 0.8477 });
  });
});
