/**
 * npx tsx scripts/bench-account-sync.ts [domains]: end-to-end registrar sync on SQLite. A Porkbun
 * fake on loopback holds N domains (default 5,000); the real app queues the sync over HTTP and
 * the in-process queue (the one SQLite deployments run) picks the job up, lists every page and
 * applies it to the portfolio. Prints the time from the Sync Now request to the job's completion
 * as the queue records it, and fails when it is 10 s or more.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb } from "../db/client.ts";
import { seedDatabase } from "../db/seed/seed.ts";
import { InProcessQueue } from "../jobs/in-process-queue.ts";
import { SYNC_QUEUE } from "../src/server/features/accounts/deps.ts";
import { registerAccountJobs } from "../src/server/features/accounts/jobs.ts";
import { createFakePorkbun } from "../src/server/integrations/registrars/testing/fake-porkbun.ts";
import { fakeAccount, makeDomains } from "../src/server/integrations/registrars/testing/fake-state.ts";
import { loadConfig } from "../src/server/config.ts";
import { createCredentialCipher } from "../src/server/lib/credential-cipher.ts";
import { createLogger } from "../src/server/lib/logger.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../src/server/testing/auth.ts";
import { startLoopbackServer } from "../src/server/testing/loopback.ts";
import { createTestApp, TEST_APP_SECRET } from "../src/server/testing/test-app.ts";

const count = Number(process.argv[2] ?? 5000);
const dir = mkdtempSync(join(tmpdir(), "bench-sync-"));
const db = openDb({ sqlitePath: join(dir, "app.db") });
const account = fakeAccount(makeDomains(count, ["com", "net", "org", "io", "dev", "app"]));
const fake = await startLoopbackServer(createFakePorkbun(account));
const log = createLogger("silent");
const queue = new InProcessQueue({ db, log });
try {
  await db.migrate();
  await seedDatabase(db);
  const env = { ...AUTH_TEST_ENV, PORKBUN_API_URL: fake.url };
  const config = loadConfig({ NODE_ENV: "test", APP_SECRET: TEST_APP_SECRET, ...env });
  // As main.ts does it on SQLite: start the queue with work, then register the feature's jobs.
  await queue.start({ work: true });
  await registerAccountJobs(queue, { db, config, cipher: createCredentialCipher(TEST_APP_SECRET), log });
  const app = createTestApp(db, { env, queue });
  const call = authed(app, (await registerUser(app)).cookie);
  const providers = await call<{ id: number; slug: string }[]>("/api/registrar-accounts/providers");
  const porkbun = providers.body.find((p) => p.slug === "porkbun")!;
  const created = await call<{ id: number }>("/api/registrar-accounts", {
    method: "POST", body: { serviceProviderId: porkbun.id, label: "Bench", credentials: { apiKey: account.apiKey, secretKey: account.secretKey } },
  });

  const started = performance.now();
  const queued = await call<{ jobId: string }>(`/api/registrar-accounts/${created.body.id}/sync`, { method: "POST" });
  if (queued.status !== 202) throw new Error(`sync not queued: ${queued.status} ${queued.text}`);
  let job = await queue.getJob(SYNC_QUEUE, queued.body.jobId);
  while (job?.state === "queued" || job?.state === "active") {
    await new Promise((r) => setTimeout(r, 10));
    job = await queue.getJob(SYNC_QUEUE, queued.body.jobId);
  }
  const ms = performance.now() - started;
  if (job?.state !== "completed") throw new Error(`sync did not complete: ${job?.state ?? "job not found"}`);
  const [item] = (await call<{ domainCount: number; lastSyncLog: unknown }[]>("/api/registrar-accounts")).body;
  console.log(`synced ${item!.domainCount} of ${count} domains (${account.listCalls} list pages) in ${(ms / 1000).toFixed(2)} s on SQLite`);
  console.log(`sync log: ${JSON.stringify(item!.lastSyncLog)}`);
  if (item!.domainCount !== count) throw new Error("not every domain arrived");
  if (ms >= 10_000) {
    console.error("slower than the 10 s budget");
    process.exitCode = 1;
  }
} finally {
  await queue.stop();
  await fake.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
