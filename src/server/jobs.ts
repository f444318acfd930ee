/**
 * Boot's job registration. main.ts starts the queue, then calls registerJobs in every process:
 * it creates every queue of the job catalogue (domain/job-catalogue.ts), so a web process can
 * send to any of them, then runs each owning feature's registration, which works its queues
 * (work() registers handlers but runs them only where the queue was started with work) and
 * puts their schedules on the queue; a worker process also runs the handlers and fires the
 * schedules. What one feature's jobs tell another (a sync's failure, a price run's changes, an
 * incident) is wired here.
 */
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import type { Config } from "./config.ts";
import { registerAccountJobs } from "./features/accounts/jobs.ts";
import { JOB_NAMES, openJobQueue, PRICE_EVENTS_QUEUE, sendOptionsOf, type JobFeature, type PriceEvent } from "./domain/job-catalogue.ts";
import { planAccountNotice } from "./features/notifications/account-trouble.ts";
import { channelSenders, registerNotificationJobs } from "./features/notifications/jobs.ts";
import { webhookSender } from "./features/notifications/webhook-sender.ts";
import { registerMonitorJobs } from "./features/monitoring/jobs.ts";
import { registerRegistryJobs } from "./features/portfolio/registry-jobs.ts";
import { ensurePriceEngineDefaults } from "./features/price-engine/defaults.ts";
import { queueIncidentEvents } from "./features/price-engine/incident-events.ts";
import { registerPriceEngineJobs } from "./features/price-engine/jobs.ts";
import type { PriceSources } from "./features/price-engine/sources.ts";
import { refreshExchangeRates } from "./integrations/rates/refresh.ts";
import type { CredentialCipher } from "./lib/credential-cipher.ts";
import type { Logger } from "./lib/logger.ts";
import type { TokenSigner } from "./lib/signed-token.ts";

export interface JobDeps {
  db: Db;
  config: Config;
  log: Logger;
  cipher: CredentialCipher;
  /** Signs and checks tokens in links (notification unsubscribe links). */
  signer: TokenSigner;
  priceSources: PriceSources;
  /** Called after a job changed stored prices (drops this process's cached price answers). */
  onPricesChanged: (db: Db) => void;
}

/** One feature's jobs: createQueue, then work and schedule on it. Must be safe to run at every boot. */
export type JobRegistration = (queue: JobQueue, deps: JobDeps) => Promise<void>;

// Any number here; it only has to differ from the other advisory locks (db/client.ts, seed).
const DEFAULTS_LOCK = 727276;

/** Account syncs; a failed sync and the first good one after it become messages to the account's owner. */
export const registerAccounts: JobRegistration = (queue, deps) => registerAccountJobs(queue, {
  db: deps.db, config: deps.config, log: deps.log, cipher: deps.cipher,
  onSyncEvent: async (event) => void await planAccountNotice(deps.db, queue, event, new Date()),
});

export const registerNotifications: JobRegistration = (queue, deps) => {
  const base = { db: deps.db, config: deps.config, log: deps.log, signer: deps.signer };
  return registerNotificationJobs(queue, { ...base, senders: channelSenders(base, { webhook: webhookSender(deps.config, deps.cipher) }) });
};

/** The price engine's fetches, schedules and rates; its runs' changes and incidents go to the notifications' queues. */
export const registerPriceEngine: JobRegistration = async (queue, deps) => {
  // Processes booting together on PostgreSQL add the default schedule and rules once.
  await deps.db.withLock(DEFAULTS_LOCK, () => ensurePriceEngineDefaults(deps.db));
  await registerPriceEngineJobs(queue, {
    db: deps.db, config: deps.config, log: deps.log, sources: deps.priceSources,
    onPricesChanged: deps.onPricesChanged, refreshRates: refreshExchangeRates, onIncident: queueIncidentEvents(queue, deps.log),
    // One job per run: the notifications plan from it outside the run (price-events.ts).
    onPricesApplied: async (event) => {
      const data: PriceEvent = { ...event, observedAt: event.observedAt.toISOString() };
      await queue.send(PRICE_EVENTS_QUEUE, data, sendOptionsOf(PRICE_EVENTS_QUEUE));
    },
  });
};

/** Each feature that works queues of the catalogue, and its registration, in boot order. */
export const FEATURE_REGISTRATIONS: Record<JobFeature, JobRegistration> = {
  "price-engine": registerPriceEngine,
  accounts: registerAccounts,
  notifications: registerNotifications,
  portfolio: (queue, deps) => registerRegistryJobs(queue, { db: deps.db, config: deps.config, log: deps.log }),
  monitoring: (queue, deps) => registerMonitorJobs(queue, { db: deps.db, config: deps.config, log: deps.log }),
};

export const JOB_REGISTRATIONS: JobRegistration[] = Object.values(FEATURE_REGISTRATIONS);

export async function registerJobs(queue: JobQueue, deps: JobDeps, registrations = JOB_REGISTRATIONS): Promise<void> {
  for (const name of JOB_NAMES) await openJobQueue(queue, name);
  for (const register of registrations) await register(queue, deps);
}
