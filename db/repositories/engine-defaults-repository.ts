import { exec, type Db } from "../client.ts";
import type { AlertRuleValues } from "./alert-rule-repository.ts";
import type { ScheduleValues } from "./schedule-repository.ts";

/**
 * Inserts the given schedules and rules once per database: the app_meta marker and the rows go
 * in one transaction, so a concurrent boot (or a crash half-way) never doubles or halves them,
 * and rows an administrator later deletes never come back. True when this call inserted them.
 */
export async function insertDefaultsOnce(handle: Db, marker: string, schedules: ScheduleValues[], rules: AlertRuleValues[]): Promise<boolean> {
  const { t } = handle;
  return handle.transaction(function* (db) {
    const claimed = yield* exec(db.insert(t.appMeta).values({ key: marker, value: new Date().toISOString() })
      .onConflictDoNothing().returning({ key: t.appMeta.key }));
    if (claimed.length === 0) return false;
    if (schedules.length) {
      yield* exec(db.insert(t.fetchSchedules).values(schedules.map((s) => ({
        name: s.name, description: s.description, serviceProviderId: s.providerId, cron: s.schedule, isActive: s.isActive, nextRunAt: s.nextRun,
      }))));
    }
    if (rules.length) yield* exec(db.insert(t.alertRules).values(rules));
    return true;
  });
}
