/**
 * The price engine's queues, registered at boot: "prices.fetch" (one provider's fetch run),
 * "prices.schedule" (a fetch schedule's tick) and "rates.refresh" (the daily exchange rates,
 * after the ECB publishes around 16:00 CET). Active schedules are put on the queue's cron here,
 * so schedules edited while the process was down take effect.
 */
import type { Db } from "../../../../db/client.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { bumpPriceRowsVersion } from "../../../../db/repositories/price-summary-repository.ts";
import { listSchedules, setScheduleNextRun } from "../../../../db/repositories/schedule-repository.ts";
import type { Config } from "../../config.ts";
import type { Logger } from "../../lib/logger.ts";
import { JOB_CATALOGUE, RATES_QUEUE, scheduleJob, workJob } from "../../domain/job-catalogue.ts";
import { nextRunOf } from "./cron.ts";
import { FETCH_QUEUE } from "./fetch-control.ts";
import { runPriceFetch, type PricesAppliedEvent } from "./fetch-run.ts";
import type { IncidentEventSink } from "./incident-events.ts";
import { runSchedule, SCHEDULE_QUEUE, syncScheduleToQueue } from "./schedules.ts";
import type { PriceSources } from "./sources.ts";

export { RATES_QUEUE };
export const RATES_CRON = JOB_CATALOGUE[RATES_QUEUE].schedule.cron;

export interface PriceEngineJobDeps {
  db: Db;
  config: Config;
  log: Logger;
  sources: PriceSources;
  /** Called after a run changed stored prices or exchange rates (drops cached price answers). */
  onPricesChanged: (db: Db) => void;
  /** Called after a fetch run that set quotes anew (failures are logged, the run stands). */
  onPricesApplied?: ((event: PricesAppliedEvent) => Promise<void>) | undefined;
  /** Told of each incident the alert rules open or resolve; without it nobody is. */
  onIncident?: IncidentEventSink | undefined;
  /** Fetches and stores the day's exchange rates; without it no rates job is scheduled. */
  refreshRates?: ((db: Db, config: Config, options: { signal: AbortSignal }) => Promise<{ date: string; currencies: number }>) | undefined;
}

export async function registerPriceEngineJobs(queue: JobQueue, deps: PriceEngineJobDeps): Promise<void> {
  const { db, log } = deps;
  const fetchTimeoutMs = deps.config.PRICE_FETCH_TIMEOUT_SECONDS * 1000;
  await workJob(queue, FETCH_QUEUE, async (job) => {
    await runPriceFetch({
      db, log, sources: deps.sources, onPricesChanged: deps.onPricesChanged, onPricesApplied: deps.onPricesApplied,
      fetchTimeoutMs, staleDays: deps.config.PRICE_STALE_DAYS, onIncident: deps.onIncident,
    }, job.data, job.signal);
  });
  await workJob(queue, SCHEDULE_QUEUE, async (job) => {
    const report = await runSchedule({ db, queue, priceSources: deps.sources }, job.data);
    if (report) log.info({ scheduleId: job.data.scheduleId, ...report }, "scheduled price fetch enqueued");
  });

  const now = new Date();
  for (const schedule of await listSchedules(db)) {
    await syncScheduleToQueue(queue, schedule);
    // nextRun was computed when the schedule was saved; after downtime it may lie in the past.
    if (schedule.isActive) await setScheduleNextRun(db, schedule.id, nextRunOf(schedule.schedule, now));
  }

  const refreshRates = deps.refreshRates;
  if (refreshRates) {
    await workJob(queue, RATES_QUEUE, async (job) => {
      const result = await refreshRates(db, deps.config, { signal: job.signal });
      // Stored price rows are USD only and stay as they are; answers and pages in a display
      // currency were converted at the previous day's rates, in this process and every other.
      await bumpPriceRowsVersion(db);
      deps.onPricesChanged(db);
      log.info(result, "exchange rates refreshed");
    });
    await scheduleJob(queue, RATES_QUEUE);
  }
}
