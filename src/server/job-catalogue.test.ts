/**
 * The job catalogue (domain/job-catalogue.ts) is the whole list: after boot's registration the
 * queues worked are exactly its queues, each worked once, every queue made is one of them, the
 * fixed schedules on the queue are exactly its schedules, and `npm run jobs -- list` names
 * exactly those (beside the stored price fetch schedules), on SQLite and on PostgreSQL.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDialect } from "../../db/testing/test-db.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { createTestQueue } from "../../jobs/testing/queue-test-kit.ts";
import { loadConfig } from "./config.ts";
import { JOB_CATALOGUE, JOB_NAMES, PRICE_SCHEDULE_NAME, SCHEDULE_QUEUE, SCHEDULED_JOBS, USER_OWNED_JOBS } from "./domain/job-catalogue.ts";
import { listScheduledJobs } from "./domain/scheduled-jobs.ts";
import { NO_PRICE_SOURCES } from "./features/price-engine/sources.ts";
import { runJobsCli } from "./jobs-cli.ts";
import { FEATURE_REGISTRATIONS, registerJobs } from "./jobs.ts";
import { createCredentialCipher } from "./lib/credential-cipher.ts";
import { createLogger } from "./lib/logger.ts";
import { createTokenSigner } from "./lib/signed-token.ts";
import { TEST_APP_SECRET } from "./testing/test-app.ts";

forEachDialect("the job catalogue", (getDb, _dialect, getTestDb) => {
  let queue: JobQueue;
  const worked: string[] = [];
  const created = new Set<string>();

  beforeAll(async () => {
    queue = createTestQueue(getTestDb());
    await queue.start({ work: false });
    // The queue as the features see it, telling which queues they make and work.
    const recording = new Proxy(queue, {
      get(target, prop) {
        if (prop === "work") return (name: string, handler: never) => (worked.push(name), target.work(name, handler));
        if (prop === "createQueue") return (name: string, options?: object) => (created.add(name), target.createQueue(name, options));
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    await registerJobs(recording, {
      db: getDb(), config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", APP_SECRET: TEST_APP_SECRET }), log: createLogger("silent"),
      cipher: createCredentialCipher(TEST_APP_SECRET), signer: createTokenSigner(TEST_APP_SECRET), priceSources: NO_PRICE_SOURCES, onPricesChanged: () => undefined,
    });
  });
  afterAll(async () => {
    await queue.stop(1000);
  });

  it("is what boot registers: every queue worked once, by the feature it names, and no queue outside it", () => {
    expect([...worked].sort()).toEqual([...JOB_NAMES].sort());
    expect([...created].filter((name) => !(JOB_NAMES as string[]).includes(name))).toEqual([]);
    expect(Object.keys(FEATURE_REGISTRATIONS).sort()).toEqual([...new Set(JOB_NAMES.map((n) => JOB_CATALOGUE[n].feature))].sort());
    // What closing an account cancels: the per-user queues, each by the field its jobs carry.
    expect(USER_OWNED_JOBS.map((j) => `${j.queue}.${j.field}`).sort())
      .toEqual(["accounts.sync.accountId", "notifications.deliver.deliveryId", "notifications.digest.channelId", "notifications.watch-check.watchId"]);
  });

  it("names the same schedules as the queue holds after boot and as `npm run jobs -- list` prints", async () => {
    const catalogue = SCHEDULED_JOBS.map((s) => s.name).sort();
    expect(catalogue).toEqual(["account-syncs", "monitoring-checks", "rates", "rdap-bootstrap", "registry-checks", "reminders"]);

    const fixed = (await queue.schedules()).filter((s) => s.name !== SCHEDULE_QUEUE);
    expect(fixed.map((s) => `${s.name}:${s.key} ${s.cron}`).sort()).toEqual(SCHEDULED_JOBS.map((s) => `${s.queue}:${s.key} ${s.cron}`).sort());
    const listed = (await listScheduledJobs(queue)).map((j) => j.name).filter((n) => !n.startsWith(PRICE_SCHEDULE_NAME.prefix));
    expect(listed.sort()).toEqual(catalogue);

    const testDb = getTestDb();
    const out: string[] = [];
    const code = await runJobsCli(["list"], {
      env: { NODE_ENV: "test", LOG_LEVEL: "silent", APP_SECRET: TEST_APP_SECRET, ...(testDb.url ? { DATABASE_URL: testDb.url } : { SQLITE_PATH: testDb.sqlitePath! }) },
      io: { out: (line) => out.push(line), err: (line) => out.push(`error: ${line}`) },
    });
    expect(code, out.join("\n")).toBe(0);
    const printed = out.map((line) => line.split(/\s+/)[0]!).filter((n) => !n.startsWith(PRICE_SCHEDULE_NAME.prefix));
    expect(printed.sort()).toEqual(catalogue);
  });
});
