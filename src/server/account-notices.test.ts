import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { forEachDialect } from "../../db/testing/test-db.ts";
import { createTestQueue, waitFor } from "../../jobs/testing/queue-test-kit.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { loadConfig } from "./config.ts";
import { addPorkbunAccount, startPorkbun, userIdOf } from "./testing/registrar-accounts.ts";
import { SYNC_QUEUE, syncSingletonKey } from "./features/accounts/deps.ts";
import { envFor, userWithConfirmedEmail } from "./testing/notifications.ts";
import { NO_PRICE_SOURCES } from "./features/price-engine/sources.ts";
import { makeDomains } from "./integrations/registrars/testing/fake-state.ts";
import { registerAccounts, registerJobs, registerNotifications } from "./jobs.ts";
import { createCredentialCipher } from "./lib/credential-cipher.ts";
import { createLogger } from "./lib/logger.ts";
import { createTokenSigner } from "./lib/signed-token.ts";
import { startSmtpFake, type SmtpFake } from "./testing/smtp-fake.ts";
import { createTestApp, TEST_APP_SECRET } from "./testing/test-app.ts";

forEachDialect("registrar account trouble by e-mail", (getDb, _dialect, getTestDb) => {
  let smtp: SmtpFake;
  let queue: JobQueue;
  let porkbun: Awaited<ReturnType<typeof startPorkbun>>;
  const env = () => ({ ...envFor(smtp), PORKBUN_API_URL: porkbun.server.url });
  const app = () => createTestApp(getDb(), { queue, env: env() });

  beforeAll(async () => {
    smtp = await startSmtpFake();
    porkbun = await startPorkbun(makeDomains(2, ["com"]));
    queue = createTestQueue(getTestDb());
    await queue.start({ work: true });
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", APP_SECRET: TEST_APP_SECRET, ...env() });
    // The accounts' and notifications' jobs as every process registers them.
    await registerJobs(queue, {
      db: getDb(), config, log: createLogger("silent"), cipher: createCredentialCipher(TEST_APP_SECRET),
      signer: createTokenSigner(TEST_APP_SECRET), priceSources: NO_PRICE_SOURCES, onPricesChanged: () => undefined,
    }, [registerAccounts, registerNotifications]);
  });
  beforeEach(() => {
    porkbun.account.faultAt = undefined;
  });
  afterAll(async () => {
    await queue.stop(2000);
    await smtp.close();
    await porkbun.server.close();
  });

  /** Runs one sync job as Sync Now sends it; its final state. */
  async function sync(accountId: number) {
    const id = await queue.send(SYNC_QUEUE, { accountId }, { singletonKey: syncSingletonKey(accountId), retryLimit: 0 });
    const job = await waitFor(() => queue.getJob(SYNC_QUEUE, id!), (j) => j?.state === "failed" || j?.state === "completed");
    return job!.state;
  }
  const notificationsOf = async (userId: number) => {
    const n = getDb().t.notifications;
    return getDb().orm.select({ kind: n.kind, occurrence: n.occurrence }).from(n).where(eq(n.userId, userId));
  };

  it("mails once for two failed syncs in a row, naming account, registrar and error, then once when a sync works again", async () => {
    const who = await userWithConfirmedEmail(app(), smtp);
    const accountId = await addPorkbunAccount(getDb(), who.client, porkbun);
    expect(await sync(accountId)).toBe("completed");

    porkbun.account.faultAt = () => ({ status: 401 });
    expect(await sync(accountId)).toBe("failed");
    const [trouble] = await waitFor(() => smtp.mailsTo(who.email).filter((m) => m.subject?.includes("cannot be synced")), (m) => m.length === 1);
    expect(trouble!.subject).toBe('Your Porkbun account "Porkbun" cannot be synced');
    const text = trouble!.text!;
    expect(text.split("\n")[0]).toBe('Your Porkbun account "Porkbun" cannot be synced.');
    expect(text).toMatch(/The registrar answered: .*Porkbun/);
    expect(text).not.toContain(porkbun.account.secretKey);

    expect(await sync(accountId)).toBe("failed");
    porkbun.account.faultAt = undefined;
    expect(await sync(accountId)).toBe("completed");
    const [recovered] = await waitFor(() => smtp.mailsTo(who.email).filter((m) => m.subject?.includes("syncs again")), (m) => m.length === 1);
    expect(recovered!.subject).toBe('Your Porkbun account "Porkbun" syncs again');
    // A good sync after a good one says nothing.
    expect(await sync(accountId)).toBe("completed");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mails = smtp.mailsTo(who.email).filter((m) => /cannot be synced|syncs again/.test(m.subject ?? ""));
    expect(mails.map((m) => m.subject)).toEqual([trouble!.subject, recovered!.subject]);
    expect((await notificationsOf(await userIdOf(getDb(), who.user.email))).filter((n) => n.kind === "account_trouble")).toHaveLength(2);

    // A new run of failures after the recovery is told again.
    porkbun.account.faultAt = () => ({ status: 500 });
    expect(await sync(accountId)).toBe("failed");
    await waitFor(() => smtp.mailsTo(who.email).filter((m) => m.subject?.includes("cannot be synced")), (m) => m.length === 2);
  });

  it("sends nothing when the owner turned account trouble off on the settings", async () => {
    const who = await userWithConfirmedEmail(app(), smtp);
    const saved = await who.client("/api/notifications/preferences", {
      method: "PUT", body: { reminderOffsets: [30], deliveryModes: { expiry: "immediate" }, enabledKinds: ["expiry"], currency: "USD" },
    });
    expect(saved.status).toBe(200);
    const accountId = await addPorkbunAccount(getDb(), who.client, porkbun);
    porkbun.account.faultAt = () => ({ status: 401 });
    expect(await sync(accountId)).toBe("failed");
    porkbun.account.faultAt = undefined;
    expect(await sync(accountId)).toBe("completed");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mailsTo(who.email).filter((m) => /cannot be synced|syncs again/.test(m.subject ?? ""))).toEqual([]);
    expect(await notificationsOf(await userIdOf(getDb(), who.user.email))).toEqual([]);
  });
});
