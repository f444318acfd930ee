import { describe, expect, it } from "vitest";
import { buildCalendar, escapeText, foldLine } from "./ics.ts";

describe("iCalendar writer", () => {
  it("escapes backslashes, semicolons, commas and newlines in TEXT", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("folds lines at 75 octets without splitting a UTF-8 character", () => {
    const folded = foldLine(`DESCRIPTION:${"é".repeat(60)}`);
    const lines = folded.split("\r\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((l) => l.startsWith(" "))).toBe(true);
    expect(lines.map((l, i) => (i ? l.slice(1) : l)).join("")).toBe(`DESCRIPTION:${"é".repeat(60)}`);
    expect(foldLine("SHORT:line")).toBe("SHORT:line");
  });

  it("writes all-day events with an exclusive end date and a reminder", () => {
    const ics = buildCalendar("Test", [{
      uid: "u1@test", date: "2026-12-31", summary: "x.com expires", description: "one\ntwo", stamp: new Date("2025-01-02T03:04:05.678Z"), alarmDaysBefore: 30,
    }]);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics).not.toMatch(/[^\r]\n/);
    expect(ics).toContain("\r\nDTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\n");
    expect(ics).toContain("DTSTAMP:20250102T030405Z");
    expect(ics).toContain("DESCRIPTION:one\\ntwo");
    expect(ics).toContain("BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:x.com expires\r\nTRIGGER:-P30D\r\nEND:VALARM");
  });
});
