import { describe, expect, it } from "vitest";
import { buildCalendar } from "./ics.ts";

const unfold = (ics: string) => ics.replace(/\r\n /g, "");
const event = { uid: "u1@test", date: "2026-12-31", summary: "x.com expires", description: "one\ntwo", stamp: new Date("2025-01-02T03:04:05.678Z") };

describe("iCalendar feed writer", () => {
  it("writes all-day events with an exclusive end date, the given UID and stamp, and a reminder", () => {
    const ics = buildCalendar("Test", [{ ...event, alarmDaysBefore: 30 }]);
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//TLDscope//Domain portfolio//EN\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics).not.toMatch(/[^\r]\n/);
    expect(ics).toContain("\r\nUID:u1@test\r\n");
    expect(ics).toContain("\r\nDTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\n");
    expect(ics).toContain("DTSTAMP:20250102T030405Z");
    expect(ics).toContain("X-WR-CALNAME:Test");
    expect(ics).toMatch(/BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-P30D\r\nDESCRIPTION:x.com expires\r\nEND:VALARM/);
    expect(buildCalendar("Test", [event])).not.toContain("VALARM");
  });

  it("keeps dates on their day across month, year and leap-day boundaries", () => {
    const ics = buildCalendar("T", [{ ...event, date: "2028-02-29" }, { ...event, uid: "u2@test", date: "2027-01-31" }]);
    expect(ics).toContain("DTSTART;VALUE=DATE:20280229\r\nDTEND;VALUE=DATE:20280301");
    expect(ics).toContain("DTSTART;VALUE=DATE:20270131\r\nDTEND;VALUE=DATE:20270201");
  });

  it("escapes backslashes, semicolons, commas and newlines in TEXT values", () => {
    const ics = buildCalendar("T", [{ ...event, summary: "a\\b;c,d", description: "e\nf\r\ng" }]);
    expect(ics).toContain("SUMMARY:a\\\\b\\;c\\,d\r\n");
    expect(unfold(ics)).toContain("DESCRIPTION:e\\nf\\ng\r\n");
  });

  it("folds long lines at 75 octets without splitting a UTF-8 character", () => {
    const description = "é".repeat(60);
    const ics = buildCalendar("T", [{ ...event, description }]);
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics).not.toContain("\uFFFD");
    expect(unfold(ics)).toContain(`DESCRIPTION:${description}\r\n`);
  });
});
