/**
 * Every job queue of the product, in one place: its name, the data its jobs carry, the feature
 * whose handler works it (and where), who sends to it, the options its jobs are sent with, its
 * schedule (cron in UTC, the short name an operator types and its title) and, for work that
 * belongs to one user, the field of its data naming the user's row (what closing an account
 * cancels). Boot (src/server/jobs.ts) creates the queues from here, each feature's registration
 * works its queues and puts their schedules on the queue through workJob and scheduleJob, the
 * operator's list (`npm run jobs -- list`, the admin Operations page) names schedules from here
 * and account deletion reads ownership from here. Adding a job is adding an entry, its payload
 * type and its handler in the feature named.
 */
import type { listUserWorkIds } from "../../../db/repositories/account-data-repository.ts";
import type { RenewalChange } from "../../../db/repositories/price-apply-repository.ts";
import type { JobHandler, JobQueue, SendOptions } from "../../../jobs/queue.ts";

export const SYNC_QUEUE = "accounts.sync";
export const SYNC_ALL_QUEUE = "accounts.sync-all";
export const DELIVER_QUEUE = "notifications.deliver";
export const DIGEST_QUEUE = "notifications.digest";
export const PLAN_EXPIRY_QUEUE = "notifications.plan-expiry";
export const WATCH_CHECK_QUEUE = "notifications.watch-check";
export const PRICE_EVENTS_QUEUE = "notifications.price-events";
export const DOMAIN_EVENTS_QUEUE = "notifications.domain-events";
export const INCIDENT_EVENTS_QUEUE = "incidents.events";
export const FETCH_QUEUE = "prices.fetch";
export const SCHEDULE_QUEUE = "prices.schedule";
export const RATES_QUEUE = "rates.refresh";
export const REGISTRY_CHECK_QUEUE = "portfolio.registry-check";
export const RDAP_BOOTSTRAP_QUEUE = "portfolio.rdap-bootstrap";
export const MONITOR_CHECK_QUEUE = "monitoring.check";

export interface SyncJobData {
  accountId: number;
}
export interface DeliverJobData {
  deliveryId: number;
}
export interface DigestJobData {
  channelId: number;
  digestDate: string;
}
export interface WatchCheckJobData {
  watchId: number;
}
/** A price run's changes, as a job's data (JSON). */
export interface PriceEvent {
  providerId: number;
  providerName: string;
  /** ISO 8601: when the source observed the list, which is when the changed quotes were last checked. */
  observedAt: string;
  /** Every TLD whose quote at the provider was added, changed, or confirmed after going stale. */
  changedTldIds: number[];
  renewalChanges: RenewalChange[];
}
export interface DomainEventsJobData {
  eventIds: number[];
}
export interface IncidentEvent {
  incidentId: number;
  change: "opened" | "resolved";
  /** Who resolved it: its alert rule (the condition cleared) or an administrator. */
  by: "rule" | "admin";
}
export type FetchRequestType = "provider" | "all" | "pricing" | "scheduled";
export interface FetchJobData {
  providerKey: string;
  requestType: FetchRequestType;
  /** "bundled" re-applies the shipped price list even where a live adapter exists. */
  source: "auto" | "bundled";
}
export interface ScheduleJobData {
  scheduleId: number;
}
/** The data of a job that works through whatever is due, or of a schedule's tick: nothing. */
export type NoData = Record<string, never>;

/** Each queue's job data. */
export interface JobPayloads {
  [SYNC_QUEUE]: SyncJobData;
  [SYNC_ALL_QUEUE]: NoData;
  [DELIVER_QUEUE]: DeliverJobData;
  [DIGEST_QUEUE]: DigestJobData;
  [PLAN_EXPIRY_QUEUE]: NoData;
  [WATCH_CHECK_QUEUE]: WatchCheckJobData;
  [PRICE_EVENTS_QUEUE]: PriceEvent;
  [DOMAIN_EVENTS_QUEUE]: DomainEventsJobData;
  [INCIDENT_EVENTS_QUEUE]: IncidentEvent;
  [FETCH_QUEUE]: FetchJobData;
  [SCHEDULE_QUEUE]: ScheduleJobData;
  [RATES_QUEUE]: NoData;
  [REGISTRY_CHECK_QUEUE]: NoData;
  [RDAP_BOOTSTRAP_QUEUE]: NoData;
  [MONITOR_CHECK_QUEUE]: NoData;
}
export type JobName = keyof JobPayloads;

export type JobFeature = "price-engine" | "accounts" | "notifications" | "portfolio" | "monitoring";

/** The ids of a user's rows that queued work names, read before the user is deleted. */
export type UserWorkIds = Awaited<ReturnType<typeof listUserWorkIds>>;

export interface JobSpec {
  /** The feature whose registration works the queue. */
  feature: JobFeature;
  /** The file, under src/server/features, whose registration works it. */
  handler: string;
  /** Who sends its jobs. */
  sentBy: string;
  /** Jobs of this queue one process runs at once (default 1). */
  concurrency?: number;
  /** The options its jobs are sent with (the queue's defaults where left out, jobs/queue.ts). */
  retry: Pick<SendOptions, "retryLimit" | "retryDelaySeconds" | "expireInSeconds">;
  /** A fixed schedule (key "periodic", "daily", …): what an operator calls it and what it does. */
  schedule?: { key: string; cron: string; name: string; title: string };
  /** The field of its data naming one user's row, and which of the user's ids it is. */
  ownedBy?: { field: string; ids: keyof UserWorkIds };
  /** A sweep of due entries (due-sweep.ts): how long one run takes entries before handing over to the next. */
  sweep?: { budgetMs: number };
}

export const JOB_CATALOGUE = {
  [FETCH_QUEUE]: {
    feature: "price-engine", handler: "price-engine/jobs.ts", concurrency: 2, retry: { retryLimit: 0 },
    sentBy: "administrators' fetch requests and the fetch schedules (prices.schedule)",
  },
  [SCHEDULE_QUEUE]: {
    feature: "price-engine", handler: "price-engine/jobs.ts", retry: {},
    // Its schedules are the stored fetch schedules, one per row, named price-schedule-ID (PRICE_SCHEDULE_NAME).
    sentBy: "each stored fetch schedule's cron (price-engine/schedules.ts)",
  },
  [RATES_QUEUE]: {
    feature: "price-engine", handler: "price-engine/jobs.ts", retry: {}, sentBy: "its schedule",
    // After the ECB publishes around 16:00 CET.
    schedule: { key: "daily", cron: "15 16 * * *", name: "rates", title: "Exchange rates update" },
  },
  [SYNC_QUEUE]: {
    feature: "accounts", handler: "accounts/jobs.ts", concurrency: 2, retry: { retryLimit: 0, expireInSeconds: 15 * 60 },
    sentBy: "Sync now and the daily sync (accounts.sync-all)", ownedBy: { field: "accountId", ids: "accountIds" },
  },
  [SYNC_ALL_QUEUE]: {
    feature: "accounts", handler: "accounts/jobs.ts", retry: {}, sentBy: "its schedule",
    // 03:17 UTC: off the hour, when registrar APIs see the most scheduled traffic.
    schedule: { key: "daily", cron: "17 3 * * *", name: "account-syncs", title: "Registrar account syncs" },
  },
  [DELIVER_QUEUE]: {
    feature: "notifications", handler: "notifications/jobs.ts", concurrency: 4, retry: { retryLimit: 5, retryDelaySeconds: 60, expireInSeconds: 300 },
    sentBy: "every planner of notifications (notifications/deliveries.ts)", ownedBy: { field: "deliveryId", ids: "deliveryIds" },
  },
  [DIGEST_QUEUE]: {
    feature: "notifications", handler: "notifications/jobs.ts", concurrency: 2, retry: { retryLimit: 5, retryDelaySeconds: 60, expireInSeconds: 300 },
    sentBy: "every planner of notifications, for channels that take a daily digest", ownedBy: { field: "channelId", ids: "channelIds" },
  },
  [PLAN_EXPIRY_QUEUE]: {
    feature: "notifications", handler: "notifications/jobs.ts", retry: {}, sentBy: "its schedule",
    // 06:05 UTC: reminders arrive in the morning in Europe and before the working day in the Americas.
    schedule: { key: "daily", cron: "5 6 * * *", name: "reminders", title: "Daily expiry reminder scan" },
  },
  [WATCH_CHECK_QUEUE]: {
    feature: "notifications", handler: "notifications/jobs.ts", retry: { retryLimit: 3, retryDelaySeconds: 30 },
    sentBy: "a watched TLD added or edited", ownedBy: { field: "watchId", ids: "watchIds" },
  },
  [PRICE_EVENTS_QUEUE]: {
    feature: "notifications", handler: "notifications/jobs.ts", retry: {},
    sentBy: "a price fetch run that set quotes anew (src/server/jobs.ts wires it)",
  },
  [DOMAIN_EVENTS_QUEUE]: {
    feature: "notifications", handler: "notifications/jobs.ts", retry: { retryLimit: 5, retryDelaySeconds: 5 },
    sentBy: "registry re-checks and certificate and DNS checks (domain/domain-events.ts)",
  },
  [INCIDENT_EVENTS_QUEUE]: {
    feature: "notifications", handler: "notifications/jobs.ts", retry: { retryLimit: 3 },
    sentBy: "the price engine's alert rules and administrators resolving an incident",
  },
  [REGISTRY_CHECK_QUEUE]: {
    feature: "portfolio", handler: "portfolio/registry-jobs.ts", retry: { retryLimit: 2, expireInSeconds: 30 * 60 }, sweep: { budgetMs: 10 * 60_000 },
    sentBy: "its schedule, domains added, a registrar sync with new domains, and a run that ran out of time",
    schedule: { key: "periodic", cron: "*/5 * * * *", name: "registry-checks", title: "Registry (RDAP) re-checks of portfolio domains" },
  },
  [RDAP_BOOTSTRAP_QUEUE]: {
    feature: "portfolio", handler: "portfolio/registry-jobs.ts", retry: {}, sentBy: "its schedule",
    // 05:23 UTC on the 2nd of each month: IANA publishes changes as they come, a month old is fresh enough.
    schedule: { key: "monthly", cron: "23 5 2 * *", name: "rdap-bootstrap", title: "Refresh of IANA's RDAP server list" },
  },
  [MONITOR_CHECK_QUEUE]: {
    feature: "monitoring", handler: "monitoring/jobs.ts", retry: { retryLimit: 2, expireInSeconds: 30 * 60 }, sweep: { budgetMs: 10 * 60_000 },
    sentBy: "its schedule, Check now, and a run that ran out of time",
    schedule: { key: "periodic", cron: "*/10 * * * *", name: "monitoring-checks", title: "Certificate and DNS checks of portfolio domains" },
  },
} as const satisfies Record<JobName, JobSpec>;

export const JOB_NAMES = Object.keys(JOB_CATALOGUE) as JobName[];

const specOf = (name: JobName): JobSpec => JOB_CATALOGUE[name];

/** The options a queue's jobs are sent with, plus `extra` (a singleton key, a delay). */
export function sendOptionsOf(name: JobName, extra: SendOptions = {}): SendOptions {
  return { ...specOf(name).retry, ...extra };
}

/** What an operator calls one of the stored price fetch schedules (the prices.schedule queue's). */
export const PRICE_SCHEDULE_NAME = { prefix: "price-schedule-", title: (id: string) => `Price fetch schedule ${id}` };

/** The fixed schedules, by operator name. */
export const SCHEDULED_JOBS = JOB_NAMES.flatMap((queue) => {
  const schedule = specOf(queue).schedule;
  return schedule ? [{ queue, ...schedule }] : [];
});

/** The queues whose jobs belong to one user: what closing an account cancels. */
export const USER_OWNED_JOBS = JOB_NAMES.flatMap((queue) => {
  const owned = specOf(queue).ownedBy;
  return owned ? [{ queue, ...owned }] : [];
});

/** Creates a queue as the catalogue says (its concurrency); call before sending to it. */
export async function openJobQueue(queue: JobQueue, name: JobName): Promise<void> {
  const concurrency = specOf(name).concurrency;
  await queue.createQueue(name, concurrency ? { concurrency } : undefined);
}

/** Creates the queue and runs `handler` for its jobs in this process (where the queue works). */
export async function workJob<N extends JobName>(queue: JobQueue, name: N, handler: JobHandler<JobPayloads[N]>): Promise<void> {
  await openJobQueue(queue, name);
  await queue.work<JobPayloads[N]>(name, handler);
}

/** Puts the queue's fixed schedule on the queue (again, at every boot: the cron may have changed). */
export async function scheduleJob(queue: JobQueue, name: keyof { [N in JobName as (typeof JOB_CATALOGUE)[N] extends { schedule: object } ? N : never]: 1 }): Promise<void> {
  const { key, cron } = JOB_CATALOGUE[name].schedule;
  await queue.schedule(name, key, cron, {});
}
