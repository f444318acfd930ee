/**
 * The notification jobs: a daily expiry scan ("notifications.plan-expiry" at 06:05 UTC), a price
 * run's changes ("notifications.price-events", one job per run that set quotes anew), a domain's
 * recorded monitoring events ("notifications.domain-events") and
 * the senders ("notifications.deliver" per delivery, "notifications.digest" per channel and day).
 */
import type { JobQueue } from "../../../../jobs/queue.ts";
import {
  DELIVER_QUEUE, DIGEST_QUEUE, PLAN_EXPIRY_QUEUE, publicOrigin, type ChannelSender, type DeliverJobData, type DigestJobData, type NotificationDeps,
} from "./deps.ts";
import { deliverDigest, deliverOne } from "./deliveries.ts";
import { emailSender, mailerFor } from "./email-sender.ts";
import { planExpiryReminders } from "./expiry-plan.ts";
import { planWatch } from "./watched-tld-plan.ts";
import { WATCH_CHECK_QUEUE, type WatchCheckJobData } from "./watched-tlds.ts";
import { PRICE_EVENT_PLANNERS } from "./price-event-planners.ts";
import { PRICE_EVENTS_QUEUE, runPriceEventPlanners, type PriceEvent } from "./price-events.ts";
import { DOMAIN_EVENTS_QUEUE, type DomainEventsJobData } from "../../domain/domain-events.ts";
import { planDomainEvents } from "./domain-event-plan.ts";

/** 06:05 UTC: reminders arrive in the morning in Europe and before the working day in the Americas. */
const DAILY_EXPIRY_CRON = "5 6 * * *";

/** The senders of every channel kind this process can serve: e-mail when SMTP_URL is set, plus `others`. */
export function channelSenders(deps: Omit<NotificationDeps, "senders">, others: NotificationDeps["senders"] = {}): NotificationDeps["senders"] {
  const mailer = mailerFor(deps.config);
  const email: ChannelSender | undefined = mailer ? emailSender(deps.config, deps.signer, mailer) : undefined;
  return { ...others, ...(email ? { email } : {}) };
}

export async function registerNotificationJobs(queue: JobQueue, deps: NotificationDeps): Promise<void> {
  await queue.createQueue(DELIVER_QUEUE, { concurrency: 4 });
  await queue.createQueue(DIGEST_QUEUE, { concurrency: 2 });
  await queue.createQueue(PLAN_EXPIRY_QUEUE);
  await queue.work<DeliverJobData>(DELIVER_QUEUE, async (job) => {
    await deliverOne(deps, job.data.deliveryId, job.retryCount, job.signal);
  });
  await queue.work<DigestJobData>(DIGEST_QUEUE, async (job) => {
    await deliverDigest(deps, job.data, job.retryCount, job.signal);
  });
  await queue.work(PLAN_EXPIRY_QUEUE, async () => {
    const outcome = await planExpiryReminders(deps.db, queue, new Date(), deps.config.PRICE_STALE_DAYS);
    deps.log.info(outcome, "expiry reminders planned");
  });
  await queue.schedule(PLAN_EXPIRY_QUEUE, "daily", DAILY_EXPIRY_CRON, {});
  // A watch just added or edited is evaluated at once (watched-tld-plan.ts).
  await queue.createQueue(WATCH_CHECK_QUEUE);
  await queue.work<WatchCheckJobData>(WATCH_CHECK_QUEUE, async (job) => {
    const outcome = await planWatch(deps.db, queue, job.data.watchId, new Date(), deps.config.PRICE_STALE_DAYS, publicOrigin(deps.config));
    deps.log.info({ watchId: job.data.watchId, ...outcome }, "watch evaluated");
  });
  await queue.createQueue(PRICE_EVENTS_QUEUE);
  await queue.work<PriceEvent>(PRICE_EVENTS_QUEUE, async (job) => {
    await runPriceEventPlanners({ db: deps.db, queue, config: deps.config, log: deps.log }, job.data, new Date(), PRICE_EVENT_PLANNERS);
  });
  // What a domain's monitoring recorded (registry re-checks, certificates, DNS), told at once (domain-event-plan.ts).
  await queue.createQueue(DOMAIN_EVENTS_QUEUE);
  await queue.work<DomainEventsJobData>(DOMAIN_EVENTS_QUEUE, async (job) => {
    const outcome = await planDomainEvents(deps.db, queue, job.data.eventIds, new Date(), publicOrigin(deps.config));
    if (outcome.planned) deps.log.info(outcome, "domain events planned");
  });
}
