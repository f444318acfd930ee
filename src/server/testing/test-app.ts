import type { Db } from "../../../db/client.ts";
import { InProcessQueue } from "../../../jobs/in-process-queue.ts";
import type { JobQueue } from "../../../jobs/queue.ts";
import { createApp, type AppDeps } from "../app.ts";
import { loadConfig, type Config } from "../config.ts";
import { createLogger } from "../lib/logger.ts";

export const TEST_ORIGIN = "http://localhost";
/** The credentials key of test apps (PostgreSQL configs require one; tests use it on both databases). */
export const TEST_APP_SECRET = "test-app-secret-0123456789abcdefghijklmnop";

/**
 * Without a queue of the test's own: on SQLite the real in-process queue, not started, so a
 * send is stored (and can be read back) but nothing runs; on PostgreSQL a queue that says to
 * pass one (createTestQueue in jobs/testing/queue-test-kit.ts makes a started one).
 */
function defaultQueue(db: Db): JobQueue {
  if (db.dialect === "sqlite") return new InProcessQueue({ db, log: createLogger("silent") });
  const missing = () => Promise.reject(new Error("This test app has no job queue on PostgreSQL: pass { queue } to createTestApp"));
  return {
    kind: "pg-boss", createQueue: missing, send: missing, work: missing, schedule: missing, unschedule: missing,
    cancel: missing, counts: missing, activeJobs: missing, getJob: missing, start: missing, stop: async () => undefined,
  };
}

/** The real app over a test database, driven with app.request(). */
export function createTestApp(db: Db, overrides: Partial<AppDeps> & { env?: Record<string, string> } = {}) {
  const config: Config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", APP_SECRET: TEST_APP_SECRET, ...overrides.env });
  return createApp({ db, config, log: createLogger("silent"), queue: overrides.queue ?? defaultQueue(db), ...overrides });
}

export async function getJson<T = unknown>(app: ReturnType<typeof createTestApp>, path: string, init?: RequestInit) {
  const res = await app.request(`${TEST_ORIGIN}${path}`, init);
  const body = (await res.json()) as T;
  return { res, status: res.status, body };
}
