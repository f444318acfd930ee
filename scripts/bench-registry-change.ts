/**
 * A registry change found by a re-check, to the owner's inbox: the real app, the real queue (the
 * in-process one on SQLite, pg-boss on PostgreSQL) running the registry and notification jobs, a
 * loopback RDAP server and a loopback SMTP server. Each round changes the registrar the RDAP fake
 * names, asks for "Check now" and times (a) until the new record is stored (the baseline: the
 * re-check itself) and (b) until the mail telling the change has arrived; medians of
 * BENCH_ROUNDS (default 5) against a 60 s target. SQLite, plus PostgreSQL when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
 *
 *   npm run bench:registry-change   (log: docs/benchmarks/registry-change.md)
 */
import { createJobQueue } from "../jobs/create-queue.ts";
import { loadConfig } from "../src/server/config.ts";
import { channelSenders, registerNotificationJobs } from "../src/server/features/notifications/jobs.ts";
import { registerRegistryJobs } from "../src/server/features/portfolio/registry-jobs.ts";
import { startFakeRdap } from "../src/server/integrations/rdap/testing/fake-rdap.ts";
import { verisignAnswer } from "../src/server/integrations/rdap/testing/rdap-answers.ts";
import { createLogger } from "../src/server/lib/logger.ts";
import { createTokenSigner } from "../src/server/lib/signed-token.ts";
import { authed, AUTH_TEST_ENV, registerUser } from "../src/server/testing/auth.ts";
import { startSmtpFake } from "../src/server/testing/smtp-fake.ts";
import { createTestApp, TEST_APP_SECRET } from "../src/server/testing/test-app.ts";
import { runOnSeededDatabases } from "./lib/bench-seeded.ts";
import { median } from "./lib/median.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGET_MS = 60_000;
const DATES = { registration: "2015-03-02T18:20:11Z", expiration: "2031-03-02T18:20:11Z", lastChanged: "2025-02-14T09:01:55Z" };

async function until<T>(read: () => T | Promise<T>, done: (v: T) => boolean, timeoutMs = 120_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() - start > timeoutMs) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

await runOnSeededDatabases("registry_change", async (label, db, databaseUrl) => {
  const rdap = await startFakeRdap();
  const smtp = await startSmtpFake();
  const env = {
    NODE_ENV: "test", LOG_LEVEL: "silent", APP_SECRET: TEST_APP_SECRET, APP_URL: "https://tldscope.test", SMTP_URL: smtp.url, MAIL_FROM: "TLDScope <alerts@tldscope.test>",
    RDAP_BASE_URL_OVERRIDE: rdap.baseUrl, RDAP_CACHE_SECONDS: "0", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const config = loadConfig(env);
  const log = createLogger("silent");
  const queue = createJobQueue({ db, config, log });
  await queue.start({ work: true });
  try {
    await registerRegistryJobs(queue, { db, config, log });
    const base = { db, config, log, signer: createTokenSigner(TEST_APP_SECRET) };
    await registerNotificationJobs(queue, { ...base, senders: channelSenders(base) });
    const app = createTestApp(db, { queue, env: { ...AUTH_TEST_ENV, ...env } });
    const user = await registerUser(app);
    const call = authed(app, user.cookie);
    const inbox = `bench-${Date.now()}@example.com`;
    await call("/api/notifications/channels", { method: "POST", body: { email: inbox } });
    const confirm = await until(() => smtp.mailsTo(inbox), (m) => m.length > 0);
    const link = new URL(/https?:\/\/\S+\/api\/notifications\/confirm\?token=[a-z2-7]+/.exec(confirm[0]!.text ?? "")![0]);
    await app.request(`http://localhost${link.pathname}${link.search}`, { method: "POST", headers: { origin: "http://localhost" } });

    const name = `bench-change-${Date.now()}.com`;
    const answer = (ianaId: number) => rdap.answers.set(name, { kind: "json", body: verisignAnswer(name, DATES, { ianaId: String(ianaId), registrar: `Registrar ${ianaId}` }) });
    answer(9000);
    const added = await call<{ id: number }>("/api/user-domains", { method: "POST", body: { domainName: name } });
    const domain = () => call<{ registry: { checkedAt: string | null; checkRequestedAt: string | null } }>(`/api/user-domains/${added.body.id}`);
    await until(domain, (d) => d.body.registry.checkedAt !== null);

    const stored: number[] = [];
    const told: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      answer(9000 + round);
      const mailsBefore = smtp.mailsTo(inbox).length;
      const start = performance.now();
      const asked = await call(`/api/user-domains/${added.body.id}/check-registry`, { method: "POST" });
      if (asked.status !== 202) throw new Error(`check now answered ${asked.status}`);
      await until(domain, (d) => d.body.registry.checkRequestedAt === null);
      stored.push(performance.now() - start);
      const mails = await until(() => smtp.mailsTo(inbox), (m) => m.length > mailsBefore);
      told.push(performance.now() - start);
      if (!mails.at(-1)!.subject?.includes("registrar changed")) throw new Error(`unexpected mail: ${mails.at(-1)!.subject}`);
    }
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(`\n${label}: ${ROUNDS} re-checks, each finding a new registrar`);
    console.log(`  re-check stored (baseline)     each: ${stored.map(s).join(", ")}  median ${s(median(stored))}`);
    console.log(`  change mailed to the owner     each: ${told.map(s).join(", ")}  median ${s(median(told))}`);
    console.log(`  telling it added (median)      ${s(median(told) - median(stored))}`);
    console.log(`  target < 60 s: ${median(told) < TARGET_MS ? "met" : "MISSED"}`);
  } finally {
    await queue.stop(2000);
    await rdap.server.close();
    await smtp.close();
  }
});
