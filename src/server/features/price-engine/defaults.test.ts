import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { ensurePriceEngineDefaults } from "./defaults.ts";

forEachDialect("price engine defaults on a fresh database", (getDb) => {
  it("inserts the daily schedule and three alert rules once; a deleted default does not come back", async () => {
    const { orm: db, t } = getDb();
    expect(await db.select().from(t.fetchSchedules)).toHaveLength(0);
    expect(await ensurePriceEngineDefaults(getDb())).toBe(true);
    const [schedule] = await db.select().from(t.fetchSchedules);
    expect(schedule).toMatchObject({ name: "Daily price refresh", serviceProviderId: null, cron: "0 3 * * *", isActive: true, lastRunAt: null });
    expect(schedule!.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
    expect(schedule!.nextRunAt!.getUTCHours()).toBe(3);
    const rules = await db.select().from(t.alertRules).orderBy(t.alertRules.id);
    expect(rules.map((r) => [r.condition, r.threshold, r.severity])).toEqual([
      ["consecutive_failures", 2, "high"], ["price_change_percent", 50, "medium"], ["data_age_hours", 72, "medium"],
    ]);

    await Promise.all([ensurePriceEngineDefaults(getDb()), ensurePriceEngineDefaults(getDb())]);
    expect(await db.select().from(t.alertRules)).toHaveLength(3);
    await db.delete(t.alertRules).where(eq(t.alertRules.id, rules[1]!.id));
    await db.delete(t.fetchSchedules);
    expect(await ensurePriceEngineDefaults(getDb())).toBe(false);
    expect(await db.select().from(t.alertRules)).toHaveLength(2);
    expect(await db.select().from(t.fetchSchedules)).toHaveLength(0);
  });
}, { seeded: false });
