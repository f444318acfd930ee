/**
 * Set-up of the watched-TLD tests: a loopback SMTP server, and a started queue running the
 * notification jobs with the e-mail and webhook senders as src/server/jobs.ts wires them.
 */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "../../../db/client.ts";
import type { TestDb } from "../../../db/testing/test-db.ts";
import { createTestQueue } from "../../../jobs/testing/queue-test-kit.ts";
import type { JobQueue } from "../../../jobs/queue.ts";
import { loadConfig, type Config } from "../config.ts";
import { createCredentialCipher } from "../lib/credential-cipher.ts";
import { createLogger } from "../lib/logger.ts";
import { createTokenSigner } from "../lib/signed-token.ts";
import { startSmtpFake, type SmtpFake } from "./smtp-fake.ts";
import { createTestApp, TEST_APP_SECRET } from "./test-app.ts";
import { channelSenders, registerNotificationJobs } from "../features/notifications/jobs.ts";
import { envFor } from "./notifications.ts";
import { webhookSender } from "../features/notifications/webhook-sender.ts";

/** The receivers run on loopback, so the server allows loopback webhooks (and http). */
const LOOPBACK_ENV = { WEBHOOK_ALLOW_PRIVATE: "127.0.0.1:*", WEBHOOK_TIMEOUT_SECONDS: "2" };

export interface WatchWorker {
  smtp: SmtpFake;
  queue: JobQueue;
  config: Config;
  app: () => ReturnType<typeof createTestApp>;
}

/** For the enclosing describe block; read the fields inside tests (set in beforeAll). */
export function useWatchWorker(getDb: () => Db, getTestDb: () => TestDb): WatchWorker {
  const w = {} as WatchWorker;
  const env = () => ({ ...envFor(w.smtp), ...LOOPBACK_ENV });
  w.app = () => createTestApp(getDb(), { queue: w.queue, env: env() });
  beforeAll(async () => {
    w.smtp = await startSmtpFake();
    w.config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", APP_SECRET: TEST_APP_SECRET, ...env() });
    w.queue = createTestQueue(getTestDb());
    await w.queue.start({ work: true });
    const base = { db: getDb(), config: w.config, log: createLogger("silent"), signer: createTokenSigner(TEST_APP_SECRET) };
    await registerNotificationJobs(w.queue, { ...base, senders: channelSenders(base, { webhook: webhookSender(w.config, createCredentialCipher(TEST_APP_SECRET)) }) });
  });
  afterAll(async () => {
    await w.queue.stop(2000);
    await w.smtp.close();
  });
  return w;
}

export const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

/**
 * Replaces the quotes of `tld` with these registrations (hundredths) at the first active
 * providers, renewal 5.00 more, no transfer; returns the providers.
 */
export async function setQuotes(db: Db, tld: string, quotes: { registration: number; currency?: string; checked: Date }[]) {
  const { t } = db;
  const [tldRow] = await db.orm.select({ id: t.tlds.id }).from(t.tlds).where(eq(t.tlds.name, tld));
  const providers = await db.orm.select({ id: t.serviceProviders.id, name: t.serviceProviders.name }).from(t.serviceProviders)
    .where(and(eq(t.serviceProviders.isActive, true))).orderBy(asc(t.serviceProviders.id)).limit(quotes.length);
  await db.orm.delete(t.domainPrices).where(eq(t.domainPrices.tldId, tldRow!.id));
  await db.orm.insert(t.domainPrices).values(quotes.map((q, i) => ({
    tldId: tldRow!.id, serviceProviderId: providers[i]!.id, registrationPrice: q.registration, renewalPrice: q.registration + 500, transferPrice: null,
    currency: q.currency ?? "USD", snapshotDate: q.checked.toISOString().slice(0, 10), lastCheckedAt: q.checked, changedAt: q.checked,
  })));
  return { tldId: tldRow!.id, providers };
}
