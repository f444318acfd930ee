/** Shared set-up of the notification tests: the app and a working queue wired to a loopback SMTP server. */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "../../../db/client.ts";
import type { TestDb } from "../../../db/testing/test-db.ts";
import { createTestQueue, waitFor } from "../../../jobs/testing/queue-test-kit.ts";
import type { JobQueue } from "../../../jobs/queue.ts";
import { loadConfig } from "../config.ts";
import { createLogger } from "../lib/logger.ts";
import { createTokenSigner } from "../lib/signed-token.ts";
import { authed, AUTH_TEST_ENV, registerUser } from "./auth.ts";
import { startSmtpFake, type SmtpFake } from "./smtp-fake.ts";
import { createTestApp, TEST_APP_SECRET } from "./test-app.ts";
import type { NotificationDeps } from "../features/notifications/deps.ts";
import { channelSenders, registerNotificationJobs } from "../features/notifications/jobs.ts";

export const MAIL_FROM = "TLDScope <alerts@tldscope.test>";
export const APP_URL = "https://tldscope.test";

export function envFor(smtp: SmtpFake | null): Record<string, string> {
  return { ...AUTH_TEST_ENV, APP_URL, ...(smtp ? { SMTP_URL: smtp.url, MAIL_FROM } : {}) };
}

export function depsFor(db: Db, smtp: SmtpFake | null): NotificationDeps {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", APP_SECRET: TEST_APP_SECRET, ...envFor(smtp) });
  const base = { db, config, log: createLogger("silent"), signer: createTokenSigner(TEST_APP_SECRET) };
  return { ...base, senders: channelSenders(base) };
}

/** A started queue running the notification jobs (a worker process, as far as the queue knows). */
export async function startWorker(testDb: TestDb, smtp: SmtpFake | null): Promise<JobQueue> {
  const queue = createTestQueue(testDb);
  await queue.start({ work: true });
  await registerNotificationJobs(queue, depsFor(testDb.db, smtp));
  return queue;
}

export const appFor = (db: Db, queue: JobQueue, smtp: SmtpFake | null) => createTestApp(db, { queue, env: envFor(smtp) });

export interface MailWorker {
  smtp: SmtpFake;
  queue: JobQueue;
  /** The app sending through `smtp` and enqueueing on `queue`. */
  app: () => ReturnType<typeof createTestApp>;
}

/**
 * For the enclosing describe block: a loopback SMTP server and a worker queue running the
 * notification jobs, started before its tests and stopped after them. Read the fields inside
 * tests (they are set in beforeAll); a test may replace `queue` with another started worker.
 */
export function useMailWorker(getDb: () => Db, getTestDb: () => TestDb): MailWorker {
  const mail = { app: () => appFor(getDb(), mail.queue, mail.smtp) } as MailWorker;
  beforeAll(async () => {
    mail.smtp = await startSmtpFake();
    mail.queue = await startWorker(getTestDb(), mail.smtp);
  });
  afterAll(async () => {
    await mail.queue.stop(2000);
    await mail.smtp.close();
  });
  return mail;
}

/** The confirmation link in the newest mail to `to`. */
export async function confirmLinkFor(smtp: SmtpFake, to: string): Promise<string> {
  const mails = await waitFor(() => smtp.mailsTo(to), (m) => m.length > 0);
  const link = /https?:\/\/\S+\/api\/notifications\/confirm\?token=[a-z2-7]+/.exec(mails.at(-1)!.text ?? "")?.[0];
  if (!link) throw new Error(`no confirmation link in: ${mails.at(-1)!.text}`);
  return link;
}

/** A new user with one confirmed address; returns its session client and channel id. */
export async function userWithConfirmedEmail(app: ReturnType<typeof createTestApp>, smtp: SmtpFake) {
  const user = await registerUser(app);
  const client = authed(app, user.cookie);
  const email = `inbox-${user.email}`;
  const added = await client<{ id: number }>("/api/notifications/channels", { method: "POST", body: { email } });
  if (added.status !== 201) throw new Error(`adding the address failed: ${added.status} ${added.text}`);
  const link = new URL(await confirmLinkFor(smtp, email));
  const confirmed = await app.request(`http://localhost${link.pathname}${link.search}`, { method: "POST", headers: { origin: "http://localhost" } });
  if (confirmed.status !== 200) throw new Error(`confirming failed: ${confirmed.status}`);
  return { user, client, email, channelId: added.body.id };
}

/** Replaces every quote of `tld` with these renewals (cents, USD), each last confirmed on `checked`; returns the providers. */
export async function setRenewals(db: Db, tld: string, renewals: { cents: number; checked: Date }[]) {
  const { t } = db;
  const [tldRow] = await db.orm.select({ id: t.tlds.id }).from(t.tlds).where(eq(t.tlds.name, tld));
  const providers = await db.orm.select({ id: t.serviceProviders.id, name: t.serviceProviders.name }).from(t.serviceProviders)
    .where(and(eq(t.serviceProviders.isActive, true))).orderBy(asc(t.serviceProviders.id)).limit(renewals.length);
  await db.orm.delete(t.domainPrices).where(eq(t.domainPrices.tldId, tldRow!.id));
  await db.orm.insert(t.domainPrices).values(renewals.map((r, i) => ({
    tldId: tldRow!.id, serviceProviderId: providers[i]!.id, registrationPrice: r.cents, renewalPrice: r.cents, transferPrice: r.cents,
    currency: "USD", snapshotDate: r.checked.toISOString().slice(0, 10), lastCheckedAt: r.checked, changedAt: r.checked,
  })));
  return providers;
}

export const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
