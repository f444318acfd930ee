/**
 * What a fresh database starts with: a daily refresh of every provider and three alert rules.
 * Inserted once (an app_meta marker), at boot, so deleting a default does not bring it back.
 */
import type { Db } from "../../../../db/client.ts";
import { insertDefaultsOnce } from "../../../../db/repositories/engine-defaults-repository.ts";
import { nextRunOf } from "./cron.ts";

const MARKER = "price_engine_defaults";
export const DEFAULT_SCHEDULE_CRON = "0 3 * * *";

export async function ensurePriceEngineDefaults(db: Db): Promise<boolean> {
  return insertDefaultsOnce(db, MARKER, [{
    name: "Daily price refresh",
    description: "Fetches every active provider's prices once a day at 03:00 UTC.",
    providerId: null, schedule: DEFAULT_SCHEDULE_CRON, isActive: true, nextRun: nextRunOf(DEFAULT_SCHEDULE_CRON),
  }], [
    {
      name: "Provider fetch failing", description: "A provider's price fetch failed this many runs in a row.",
      condition: "consecutive_failures", threshold: 2, severity: "high", isActive: true,
    },
    {
      name: "Large price change", description: "One price moved by more than this percentage in a single fetch.",
      condition: "price_change_percent", threshold: 50, severity: "medium", isActive: true,
    },
    {
      name: "Stale price data", description: "An active provider's prices were last confirmed more than this many hours ago.",
      condition: "data_age_hours", threshold: 72, severity: "medium", isActive: true,
    },
  ]);
}
