import type { Db } from "../../../db/client.ts";
import { createApp, type AppDeps } from "../app.ts";
import { loadConfig, type Config } from "../config.ts";
import { createLogger } from "../lib/logger.ts";

export const TEST_ORIGIN = "http://localhost";
/** The credentials key of test apps (PostgreSQL configs require one; tests use it on both databases). */
export const TEST_APP_SECRET = "test-app-secret-0123456789abcdefghijklmnop";

/** The real app over a test database, driven with app.request(). */
export function createTestApp(db: Db, overrides: Partial<AppDeps> & { env?: Record<string, string> } = {}) {
  const config: Config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", APP_SECRET: TEST_APP_SECRET, ...overrides.env });
  return createApp({ db, config, log: createLogger("silent"), ...overrides });
}

export async function getJson<T = unknown>(app: ReturnType<typeof createTestApp>, path: string, init?: RequestInit) {
  const res = await app.request(`${TEST_ORIGIN}${path}`, init);
  const body = (await res.json()) as T;
  return { res, status: res.status, body };
}
