/**
 * npx tsx scripts/bench-account-sync.ts [domains]: end-to-end registrar sync on SQLite. A Porkbun
 * fake on loopback holds N domains (default 5,000); the real app queues the sync over HTTP and
 * the job lists every page and applies it to the portfolio. Prints the time from the Sync Now
 * request to the finished job, and fails when it is 10 s or more.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb } from "../db/client.ts";
import { seedDatabase } from "../db/seed/seed.ts";
import { registerAccountJobs } from "../src/server/features/accounts/jobs.ts";
import { createFakePorkbun } from "../src/server/integrations/registrars/testing/fake-porkbun.ts";
import { fakeAccount, makeDomains } from "../src/server/integrations/registrars/testing/fake-state.ts";
import { loadConfig } from "../src/server/config.ts";
import { createCredentialCipher } from "../src/server/lib/credential-cipher.ts";
import { createLogger } from "../src/server/lib/logger.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../src/server/testing/auth.ts";
import { startLoopbackServer } from "../src/server/testing/loopback.ts";
import { ManualQueue as MemoryQueue } from "../src/server/testing/manual-queue.ts";
import { createTestApp, TEST_APP_SECRET } from "../src/server/testing/test-app.ts";

const count = Number(process.argv[2] ?? 5000);
const dir = mkdtempSync(join(tmpdir(), "bench-sync-"));
const db = openDb({ sqlitePath: join(dir, "app.db") });
const account = fakeAccount(makeDomains(count, ["com", "net", "org", "io", "dev", "app"]));
const fake = await startLoopbackServer(createFakePorkbun(account));
try {
  await db.migrate();
  await seedDatabase(db);
  const env = { ...AUTH_TEST_ENV, PORKBUN_API_URL: fake.url };
  const queue = new MemoryQueue();
  const config = loadConfig({ NODE_ENV: "test", APP_SECRET: TEST_APP_SECRET, ...env });
  await registerAccountJobs(queue, { db, config, cipher: createCredentialCipher(TEST_APP_SECRET), log: createLogger("silent") });
  const app = createTestApp(db, { env, queue });
  const call = authed(app, (await registerUser(app)).cookie);
  const providers = await call<{ id: number; slug: string }[]>("/api/registrar-accounts/providers");
  const porkbun = providers.body.find((p) => p.slug === "porkbun")!;
  const created = await call<{ id: number }>("/api/registrar-accounts", {
    method: "POST", body: { serviceProviderId: porkbun.id, label: "Bench", credentials: { apiKey: account.apiKey, secretKey: account.secretKey } },
  });

  const started = performance.now();
  const queued = await call(`/api/registrar-accounts/${created.body.id}/sync`, { method: "POST" });
  if (queued.status !== 202) throw new Error(`sync not queued: ${queued.status} ${queued.text}`);
  const [job] = await queue.runQueued();
  const ms = performance.now() - started;
  if (job?.state !== "completed") throw new Error(`sync failed: ${String(job?.error)}`);
  const [item] = (await call<{ domainCount: number; lastSyncLog: unknown }[]>("/api/registrar-accounts")).body;
  console.log(`synced ${item!.domainCount} of ${count} domains (${account.listCalls} list pages) in ${(ms / 1000).toFixed(2)} s on SQLite`);
  console.log(`sync log: ${JSON.stringify(item!.lastSyncLog)}`);
  if (item!.domainCount !== count) throw new Error("not every domain arrived");
  if (ms >= 10_000) {
    console.error("slower than the 10 s budget");
    process.exitCode = 1;
  }
} finally {
  await fake.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
