import { describe, expect, it } from "vitest";
import { checkCron, runInWords } from "./cron-check.ts";

const FROM = new Date("2026-01-05T10:30:00.000Z"); // a Monday

describe("cron check as typed", () => {
  it("gives the next three runs, in UTC", () => {
    const check = checkCron("0 3 * * *", FROM);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.nextRuns.map((d) => d.toISOString())).toEqual(["2026-01-06T03:00:00.000Z", "2026-01-07T03:00:00.000Z", "2026-01-08T03:00:00.000Z"]);
    expect(runInWords(check.nextRuns[0]!)).toBe("Tuesday, January 6, 2026 at 3:00 AM UTC");
  });

  it("uses the server's messages for each kind of mistake", () => {
    expect(checkCron("", FROM)).toEqual({ ok: false, message: "Cron expression is required" });
    expect(checkCron("0 3 * *", FROM)).toEqual({ ok: false, message: "Cron expression must have five fields: minute, hour, day of month, month, day of week" });
    const outOfRange = checkCron("61 3 * * *", FROM);
    expect(outOfRange.ok).toBe(false);
    if (!outOfRange.ok) expect(outOfRange.message).toMatch(/^Invalid cron expression: \S/);
    expect(checkCron("0 0 30 2 *", FROM)).toEqual({ ok: false, message: "Invalid cron expression: it never matches a date" });
  });
});
