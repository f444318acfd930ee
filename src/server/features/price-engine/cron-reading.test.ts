/**
 * The schedule form and the admin calls read cron with src/shared/cron.ts; the job queue, which
 * imports nothing of src/, reads it with jobs/schedule-rules.ts. A guard that both readings accept
 * and refuse the same expressions, with the same reason, and fire at the same times.
 */
import { describe, expect, it } from "vitest";
import { parseCron as queueReading } from "../../../../jobs/schedule-rules.ts";
import { parseCron as sharedReading } from "../../../shared/cron.ts";

const EXPRESSIONS = [
  "0 3 * * *", "*/15 * * * *", "30 6 * * 1-5", "0 0 1 * *", "0 12 29 2 *", "0 0 30 2 *",
  "61 * * * *", "* * * *", "0 0 * * * *", "@daily", "not cron", "", "0 24 * * *", "5 4 * * sun",
];
const FROM = new Date("2026-01-30T10:00:00Z");

describe("cron reading of the job queue and of src/shared", () => {
  it.each(EXPRESSIONS)("reads %j the same way", (expression) => {
    const shared = sharedReading(expression);
    let queue: { ok: true; next: Date | null } | { ok: false; message: string };
    try {
      queue = { ok: true, next: queueReading(expression).nextRun(FROM) };
    } catch (error) {
      queue = { ok: false, message: (error as Error).message };
    }
    if (shared.ok) {
      expect(queue).toEqual({ ok: true, next: shared.cron.nextRun(FROM) });
    } else {
      expect(queue.ok).toBe(false);
      expect(queue.ok ? "" : queue.message).toMatch(new RegExp(`: ${shared.reason.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    }
  });
});
