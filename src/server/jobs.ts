/**
 * Where features register their queues, handlers and schedules at boot. main.ts starts the
 * queue, then calls registerJobs in every process: a web process creates the queues it sends
 * to (work() registers handlers but runs them only where the queue was started with work),
 * and a worker process also runs the handlers and fires the schedules.
 */
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import type { Config } from "./config.ts";
import { registerAccountJobs } from "./features/accounts/jobs.ts";
import { planAccountNotice } from "./features/notifications/account-trouble.ts";
import { publicOrigin } from "./features/notifications/deps.ts";
import { planIncidentNotices } from "./features/notifications/incident-notices.ts";
import { channelSenders, registerNotificationJobs } from "./features/notifications/jobs.ts";
import { PRICE_EVENTS_QUEUE, type PriceEvent } from "./features/notifications/price-events.ts";
import { webhookSender } from "./features/notifications/webhook-sender.ts";
import { registerMonitorJobs } from "./features/monitoring/jobs.ts";
import { registerRegistryJobs } from "./features/portfolio/registry-jobs.ts";
import { ensurePriceEngineDefaults } from "./features/price-engine/defaults.ts";
import { INCIDENT_EVENTS_QUEUE, queueIncidentEvents, type IncidentEvent } from "./features/price-engine/incident-events.ts";
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

/**
 * Incidents the price engine opens or resolves become messages to administrators and to status
 * subscribers. Their queue is created here, once: fetch runs and administrators' requests send to
 * it, and every process runs this registration.
 */
export const registerIncidentNotices: JobRegistration = async (queue, deps) => {
  await queue.createQueue(INCIDENT_EVENTS_QUEUE);
  await queue.work<IncidentEvent>(INCIDENT_EVENTS_QUEUE, async (job) => {
    const planned = await planIncidentNotices(deps.db, queue, job.data, new Date(), publicOrigin(deps.config));
    if (planned > 0) deps.log.info({ ...job.data, planned }, "incident notifications planned");
  });
};

export const JOB_REGISTRATIONS: JobRegistration[] = [
  async (queue, deps) => {
    // Processes booting together on PostgreSQL add the default schedule and rules once.
    await deps.db.withLock(DEFAULTS_LOCK, () => ensurePriceEngineDefaults(deps.db));
    await registerPriceEngineJobs(queue, {
      db: deps.db, config: deps.config, log: deps.log, sources: deps.priceSources,
      onPricesChanged: deps.onPricesChanged, refreshRates: refreshExchangeRates, onIncident: queueIncidentEvents(queue, deps.log),
      // One job per run: the notifications plan from it outside the run (price-events.ts).
      onPricesApplied: async (event) => {
        const data: PriceEvent = { ...event, observedAt: event.observedAt.toISOString() };
        await queue.send(PRICE_EVENTS_QUEUE, data);
      },
    });
  },
  registerAccounts,
  registerNotifications,
  registerIncidentNotices,
  (queue, deps) => registerRegistryJobs(queue, { db: deps.db, config: deps.config, log: deps.log }),
  (queue, deps) => registerMonitorJobs(queue, { db: deps.db, config: deps.config, log: deps.log }),
];

export async function registerJobs(queue: JobQueue, deps: JobDeps, registrations = JOB_REGISTRATIONS): Promise<void> {
  for (const register of registrations) await register(queue, deps);
}
