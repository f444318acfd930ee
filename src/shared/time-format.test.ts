import { describe, expect, it } from "vitest";
import { describeDomainEvent } from "./domain-event-words.ts";
import { durationInWords, formatMoment, formatMomentIn, formatMomentUtc, isTimeZone } from "./time-format.ts";

const HOUR = 3_600_000;

describe("one way to write a moment", () => {
  it("writes the day, the time and the zone it is read in", () => {
    expect(formatMomentUtc("2026-12-07T03:06:00.000Z")).toBe("Dec 7, 2026, 3:06 AM UTC");
    expect(formatMoment("2026-12-07T03:06:00.000Z", "Europe/Berlin")).toBe("Dec 7, 2026, 4:06 AM GMT+1");
    expect(formatMoment(new Date("2026-07-01T23:30:00Z"), "America/New_York")).toBe("Jul 1, 2026, 7:30 PM EDT");
    expect(formatMoment("not a date")).toBe("");
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });

  it("says a length of time in its largest sensible unit", () => {
    expect(durationInWords(70_707 * HOUR)).toBe("8 years");
    expect(durationInWords(80 * HOUR)).toBe("3 days");
  });

  it("writes the history's moments and days that way, never as raw ISO text", () => {
    expect(describeDomainEvent({ kind: "certificate_expiring", subject: "shop.example:443", oldValue: null, newValue: { daysLeft: 10, validTo: "2026-12-17T03:05:15.000Z" } }))
      .toBe("The certificate of shop.example:443 expires in 10 days (valid until Dec 17, 2026, 3:05 AM UTC).");
    expect(describeDomainEvent({ kind: "expiry_extended", subject: null, oldValue: "2030-03-02", newValue: "2031-03-02" }))
      .toBe("Renewed: the expiry date moved from Mar 2, 2030 to Mar 2, 2031.");
  });

  it("writes a notification's moments in the account's zone, named by its IANA name, and in UTC without one", () => {
    const event = { kind: "certificate_expiring", subject: "shop.example:443", oldValue: null, newValue: { daysLeft: 10, validTo: "2026-12-17T03:05:15.000Z" } };
    expect(describeDomainEvent(event, "Europe/Berlin")).toBe("The certificate of shop.example:443 expires in 10 days (valid until Dec 17, 2026, 4:05 AM (Europe/Berlin)).");
    expect(describeDomainEvent(event, null)).toContain("(valid until Dec 17, 2026, 3:05 AM UTC)");
    expect(formatMomentIn("2027-01-08T08:00:00Z", "Europe/Berlin")).toBe("Jan 8, 2027, 9:00 AM (Europe/Berlin)");
    expect(formatMomentIn("2027-01-08T08:00:00Z", "Not/AZone")).toBe("Jan 8, 2027, 8:00 AM UTC");
  });
});
