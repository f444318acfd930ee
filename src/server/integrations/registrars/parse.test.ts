import { describe, expect, it } from "vitest";
import { lenientBool, lenientDate } from "./parse.ts";

describe("lenient registrar fields", () => {
  it("reads the date formats registrars send", () => {
    expect(lenientDate("02/15/2016")).toBe("2016-02-15");
    expect(lenientDate("2018-08-20 17:52:51")).toBe("2018-08-20");
    expect(lenientDate("2025-03-01T23:59:59Z")).toBe("2025-03-01");
    expect(lenientDate("2025-03-01T23:30:00-02:00")).toBe("2025-03-02");
    expect(lenientDate("1361430589062")).toBe("2013-02-21");
    expect(lenientDate(1361430589062)).toBe("2013-02-21");
    expect(lenientDate(1361430589)).toBe("2013-02-21");
    expect(lenientDate("2025-02-30")).toBeNull();
    expect(lenientDate("13/01/2020")).toBeNull();
    expect(lenientDate("soon")).toBeNull();
    expect(lenientDate(null)).toBeNull();
  });

  it("reads booleans as 1/0, \"1\"/\"0\", yes/no, true/false and ENABLED", () => {
    expect([lenientBool("1"), lenientBool(1), lenientBool(true), lenientBool("yes"), lenientBool("ENABLED"), lenientBool("True")]).toEqual([true, true, true, true, true, true]);
    expect([lenientBool("0"), lenientBool(0), lenientBool("false"), lenientBool("NOTPRESENT"), lenientBool("no")]).toEqual([false, false, false, false, false]);
    expect([lenientBool("maybe"), lenientBool(2), lenientBool(undefined)]).toEqual([null, null, null]);
  });
});
