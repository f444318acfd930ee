import type { Db } from "../../../db/client.ts";
import { createApp, type AppDeps } from "../app.ts";
import { loadConfig, type Config } from "../config.ts";
import { createLogger } from "../lib/logger.ts";

export const TEST_ORIGIN = "http://localhost";

/** The real app over a test database, driven with app.request(). */
export function createTestApp(db: Db, overrides: Partial<AppDeps> & { env?: Record<string, string> } = {}) {
  const config: Config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", ...overrides.env });
  return createApp({ db, config, log: createLogger("silent"), ...overrides });
}

export async function getJson<T = unknown>(app: ReturnType<typeof createTestApp>, path: string, init?: RequestInit) {
  const res = await app.request(`${TEST_ORIGIN}${path}`, init);
  const body = (await res.json()) as T;
  return { res, status: res.status, body };
}
