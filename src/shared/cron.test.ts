import { describe, expect, it } from "vitest";
import { parseCron } from "./cron.ts";

describe("a cron expression", () => {
  it("is read as five fields in UTC", () => {
    const parsed = parseCron("30 3 * * 1");
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.cron.nextRun(new Date("2026-01-01T00:00:00Z"))?.toISOString()).toBe("2026-01-05T03:30:00.000Z");
  });

  it("that is not one says why, without croner's prefix", () => {
    expect(parseCron("61 * * * *")).toEqual({ ok: false, reason: "Invalid value for minute: 61" });
    // Six fields are seconds-first in croner's default mode; here they are refused.
    expect(parseCron("0 30 3 * * 1").ok).toBe(false);
  });
});
