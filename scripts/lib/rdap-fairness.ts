/**
 * The fairness half of `npm run bench:rdap`: two users, one RDAP server (a loopback fake
 * answering in `delayMs`), the product's politeness limits and its real queue. User A imports
 * `bulk` names through the app's CSV import; once A's lookups are under way (at least 20 done),
 * user B adds one name through the app, and the time from B's add to B's registry record is
 * measured. The baseline is the same add by B on the idle server, before A's import. Each round
 * starts from empty portfolios and a fresh queue and client (empty cache), once the run the
 * previous round's stop interrupted has been retried and found nothing left (as after a restart).
 */
import { and, count, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { loadConfig } from "../../src/server/config.ts";
import { registerRegistryJobs } from "../../src/server/features/portfolio/registry-jobs.ts";
import { REGISTRY_CHECK_QUEUE } from "../../src/server/domain/registry-checks.ts";
import { startFakeRdap } from "../../src/server/integrations/rdap/testing/fake-rdap.ts";
import { verisignAnswer } from "../../src/server/integrations/rdap/testing/rdap-answers.ts";
import { createLogger } from "../../src/server/lib/logger.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../../src/server/testing/auth.ts";
import { createTestApp } from "../../src/server/testing/test-app.ts";
import { median } from "./median.ts";

const DATES = { registration: "2016-04-11T12:00:00Z", expiration: "2029-04-11T12:00:00Z", lastChanged: "2025-03-01T08:00:00Z" };
export const FAIRNESS_TARGET_S = 5;

export interface FairnessOptions {
  label: string;
  db: Db;
  newQueue: () => JobQueue;
  bulk: number;
  delayMs: number;
  rounds: number;
}

async function idOf(db: Db, email: string): Promise<number> {
  const [row] = await db.orm.select({ id: db.t.users.id }).from(db.t.users).where(eq(db.t.users.email, email));
  return row!.id;
}

/** Entries of `userId` with a registry record that is not pending. */
async function checkedOf(db: Db, userId: number): Promise<number> {
  const { t } = db;
  const [row] = await db.orm.select({ n: count() }).from(t.domainRegistryRecords)
    .innerJoin(t.userDomains, eq(t.userDomains.id, t.domainRegistryRecords.userDomainId))
    .where(and(eq(t.userDomains.userId, userId), inArray(t.domainRegistryRecords.outcome, ["ok", "not_found", "error", "no_service"])));
  return Number(row?.n ?? 0);
}

async function until(read: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await read())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function measureFairness(options: FairnessOptions): Promise<void> {
  const { db, bulk, delayMs } = options;
  const fake = await startFakeRdap({ delayMs, answerEvery: (name) => ({ kind: "json", body: verisignAnswer(name, DATES) }) });
  const env = { ...AUTH_TEST_ENV, RDAP_BASE_URL_OVERRIDE: fake.baseUrl, PORTFOLIO_MAX_DOMAINS: String(bulk + 10) };
  const config = loadConfig({ NODE_ENV: "test", ...env });
  const alone: number[] = [];
  const beside: number[] = [];
  try {
    for (let round = 1; round <= options.rounds; round++) {
      const queue = options.newQueue();
      await queue.start({ work: true });
      await registerRegistryJobs(queue, { db, config, log: createLogger("silent") });
      // The previous round's interrupted run comes back as a retry: let it find nothing and end.
      await until(async () => {
        const { queued, active } = await queue.counts(REGISTRY_CHECK_QUEUE);
        return queued === 0 && active === 0;
      }, 120_000);
      const app = createTestApp(db, { queue, env });
      const a = await registerUser(app);
      const b = await registerUser(app);
      const [aId, bId] = [await idOf(db, a.email), await idOf(db, b.email)];
      const callB = authed(app, b.cookie);
      const addB = async (name: string) => {
        const started = performance.now();
        const added = await callB<{ id: number }>("/api/user-domains", { method: "POST", body: { domainName: name } });
        if (added.status !== 201) throw new Error(`add: ${added.status}`);
        await until(async () => (await checkedOf(db, bId)) >= (name.startsWith("alone") ? 1 : 2), 120_000);
        return (performance.now() - started) / 1000;
      };
      alone.push(await addB(`alone-${round}-${bId}.com`));

      const csv = ["domainName", ...Array.from({ length: bulk }, (_, i) => `bulk-${round}-${i}-${aId}.com`)].join("\n");
      const imported = await authed(app, a.cookie)("/api/user-domains/import", { method: "POST", body: csv, headers: { "content-type": "text/csv" } });
      if (imported.status !== 200) throw new Error(`import: ${imported.status} ${imported.text.slice(0, 200)}`);
      await until(async () => (await checkedOf(db, aId)) >= 20, 120_000);
      const seconds = await addB(`beside-${round}-${bId}.com`);
      beside.push(seconds);
      const aDone = await checkedOf(db, aId);
      await queue.stop(2000);
      console.log(`  round ${round}: B's name checked ${seconds.toFixed(2)} s after it was added, while A's import had ${aDone} of ${bulk} checked; alone it took ${alone.at(-1)!.toFixed(2)} s`);
      await db.orm.delete(db.t.userDomains).where(inArray(db.t.userDomains.userId, [aId, bId]));
    }
    const m = median(beside);
    console.log(`${options.label}: median ${m.toFixed(2)} s for B's first name beside A's ${bulk}-name import on one server (target < ${FAIRNESS_TARGET_S} s: ${m < FAIRNESS_TARGET_S ? "within" : "OVER"}); baseline, the server idle: median ${median(alone).toFixed(2)} s`);
    if (m >= FAIRNESS_TARGET_S) process.exitCode = 1;
  } finally {
    await fake.server.close();
  }
}
