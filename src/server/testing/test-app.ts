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
    kind: "pg-boss", createQueue: missing, send: missing, sendMany: missing, work: missing, schedule: missing, unschedule: missing,
    cancel: missing, cancelMatching: missing, counts: missing, queueStats: missing, schedules: missing, runSchedule: missing, poolStats: () => null,
    activeJobs: missing, getJob: missing, start: missing, stop: async () => undefined,
  };
}

/** The connection every app.request() comes from unless the call passes its own env. */
export const TEST_PEER = "127.0.0.1";

/** The bindings @hono/node-server gives a request that came in over a socket from `address`. */
export const connectionFrom = (address: string) => ({ incoming: { socket: { remoteAddress: address, remotePort: 50000 } } });

/**
 * The real app over a test database, driven with app.request(). Requests come from a loopback
 * connection (TEST_PEER), as they would through a real socket, unless a call passes its own env
 * (e.g. connectionFrom("203.0.113.7")).
 */
export function createTestApp(db: Db, overrides: Partial<AppDeps> & { env?: Record<string, string> } = {}) {
  const config: Config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", APP_SECRET: TEST_APP_SECRET, ...overrides.env });
  const app = createApp({ db, config, log: createLogger("silent"), queue: overrides.queue ?? defaultQueue(db), ...overrides });
  const request = app.request.bind(app);
  app.request = (input, init, env, executionCtx) => request(input, init, env ?? connectionFrom(TEST_PEER), executionCtx);
  return app;
}

export async function getJson<T = unknown>(app: ReturnType<typeof createTestApp>, path: string, init?: RequestInit) {
  const res = await app.request(`${TEST_ORIGIN}${path}`, init);
  const body = (await res.json()) as T;
  return { res, status: res.status, body };
}
