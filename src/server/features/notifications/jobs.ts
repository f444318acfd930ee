/**
 * The notification jobs: a daily expiry scan ("notifications.plan-expiry" at 06:05 UTC), a price
 * run's changes ("notifications.price-events", one job per run that set quotes anew), a domain's
 * recorded monitoring events ("notifications.domain-events") and
 * the senders ("notifications.deliver" per delivery, "notifications.digest" per channel and day),
 * and the price engine's incidents ("incidents.events"). Their options and schedule are the
 * job catalogue's (domain/job-catalogue.ts).
 */
import type { JobQueue } from "../../../../jobs/queue.ts";
import {
  DELIVER_QUEUE, DIGEST_QUEUE, DOMAIN_EVENTS_QUEUE, INCIDENT_EVENTS_QUEUE, PLAN_EXPIRY_QUEUE, PRICE_EVENTS_QUEUE, scheduleJob, WATCH_CHECK_QUEUE, workJob,
} from "../../domain/job-catalogue.ts";
import { publicOrigin, type ChannelSender, type NotificationDeps } from "./deps.ts";
import { deliverDigest, deliverOne } from "./deliveries.ts";
import { emailSender, mailerFor } from "./email-sender.ts";
import { planExpiryReminders } from "./expiry-plan.ts";
import { planTransferWindowReminders } from "./transfer-window-plan.ts";
import { planWatch } from "./watched-tld-plan.ts";
import { PRICE_EVENT_PLANNERS } from "./price-event-planners.ts";
import { runPriceEventPlanners } from "./price-events.ts";
import { planDomainEvents } from "./domain-event-plan.ts";
import { planIncidentNotices } from "./incident-notices.ts";

/** The senders of every channel kind this process can serve: e-mail when SMTP_URL is set, plus `others`. */
export function channelSenders(deps: Omit<NotificationDeps, "senders">, others: NotificationDeps["senders"] = {}): NotificationDeps["senders"] {
  const mailer = mailerFor(deps.config);
  const email: ChannelSender | undefined = mailer ? emailSender(deps.config, deps.signer, mailer) : undefined;
  return { ...others, ...(email ? { email } : {}) };
}

export async function registerNotificationJobs(queue: JobQueue, deps: NotificationDeps): Promise<void> {
  await workJob(queue, DELIVER_QUEUE, async (job) => {
    await deliverOne(deps, job.data.deliveryId, job.retryCount, job.signal);
  });
  await workJob(queue, DIGEST_QUEUE, async (job) => {
    await deliverDigest(deps, job.data, job.retryCount, job.signal);
  });
  await workJob(queue, PLAN_EXPIRY_QUEUE, async () => {
    const outcome = await planExpiryReminders(deps.db, queue, new Date(), deps.config.PRICE_STALE_DAYS);
    deps.log.info(outcome, "expiry reminders planned");
    // The transfer windows (off by default) are planned with the day's reminders.
    const windows = await planTransferWindowReminders(deps.db, queue, new Date(), deps.config.PRICE_STALE_DAYS);
    deps.log.info(windows, "transfer window reminders planned");
  });
  await scheduleJob(queue, PLAN_EXPIRY_QUEUE);
  // A watch just added or edited is evaluated at once (watched-tld-plan.ts).
  await workJob(queue, WATCH_CHECK_QUEUE, async (job) => {
    const outcome = await planWatch(deps.db, queue, job.data.watchId, new Date(), deps.config.PRICE_STALE_DAYS, publicOrigin(deps.config));
    deps.log.info({ watchId: job.data.watchId, ...outcome }, "watch evaluated");
  });
  await workJob(queue, PRICE_EVENTS_QUEUE, async (job) => {
    await runPriceEventPlanners({ db: deps.db, queue, config: deps.config, log: deps.log }, job.data, new Date(), PRICE_EVENT_PLANNERS);
  });
  // What a domain's monitoring recorded (registry re-checks, certificates, DNS), told at once (domain-event-plan.ts).
  await workJob(queue, DOMAIN_EVENTS_QUEUE, async (job) => {
    const outcome = await planDomainEvents(deps.db, queue, job.data.eventIds, new Date(), publicOrigin(deps.config));
    if (outcome.planned) deps.log.info(outcome, "domain events planned");
  });
  // Incidents the price engine opens or resolves, for administrators and status subscribers (incident-notices.ts).
  await workJob(queue, INCIDENT_EVENTS_QUEUE, async (job) => {
    const planned = await planIncidentNotices(deps.db, queue, job.data, new Date(), publicOrigin(deps.config));
    if (planned > 0) deps.log.info({ ...job.data, planned }, "incident notifications planned");
  });
}
