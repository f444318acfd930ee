/**
 * The price engine as main.ts runs it, for tests that drive live sources end to end: each
 * source's loopback fake served, the registry's own sources built from the configuration that
 * points at them (a shorter HTTP time limit, retries without sleeping), the real queue with the
 * engine's jobs, and an administrator of the app who starts fetches through the admin API.
 * Registers its beforeAll/afterAll in the calling describe block.
 */
import { afterAll, beforeAll, expect } from "vitest";
import type { Db } from "../../../../../db/client.ts";
import type { TestDb } from "../../../../../db/testing/test-db.ts";
import type { JobQueue } from "../../../../../jobs/queue.ts";
import { createTestQueue, waitFor } from "../../../../../jobs/testing/queue-test-kit.ts";
import { loadConfig } from "../../../config.ts";
import { bundledPriceSource, createPriceSources } from "../../../integrations/prices/registry.ts";
import { createLogger } from "../../../lib/logger.ts";
import { AUTH_TEST_ENV, authed, registerAdmin } from "../../../testing/auth.ts";
import { startLoopbackServer, type LoopbackServer } from "../../../testing/loopback.ts";
import { createTestApp } from "../../../testing/test-app.ts";
import { ensurePriceEngineDefaults } from "../defaults.ts";
import { registerPriceEngineJobs } from "../jobs.ts";

type Serve = (app: Parameters<typeof startLoopbackServer>[0]) => Promise<string>;

export interface EngineHarness {
  /** The signed-in administrator's API client (usable once beforeAll ran). */
  admin: ReturnType<typeof authed>;
  /** Starts a manual fetch of the provider (by its domain) through the admin API and waits until the queue is idle. */
  fetchNow: (domain: string) => Promise<void>;
  /** The provider's newest price log, as the admin API lists it. */
  lastLog: <L>(domain: string) => Promise<L>;
  /** The engine's queue (started once beforeAll ran). */
  queue: () => JobQueue;
  /** Resolves once the queue has nothing queued or running. */
  idle: () => Promise<unknown>;
}

/** `env(serve)`: the configuration keys that point the sources at their fakes (`serve` starts one on loopback and answers its URL). */
export function priceEngineHarness(
  getDb: () => Db, getTestDb: () => TestDb, adminEmail: string, env: (serve: Serve) => Promise<Record<string, string>>,
): EngineHarness {
  const servers: LoopbackServer[] = [];
  let queue: JobQueue;
  let admin: ReturnType<typeof authed>;
  const harness: EngineHarness = {
    admin: ((...args: Parameters<ReturnType<typeof authed>>) => admin(...args)),
    queue: () => queue,
    idle: () => waitFor(() => queue.counts(), (c) => c.queued === 0 && c.active === 0),
    fetchNow: async (domain: string) => {
      const started = await harness.admin<{ message: string }>("/api/admin/fetch/manual", { method: "POST", body: { type: "provider", provider: domain } });
      expect(started.status, started.body.message).toBe(200);
      await harness.idle();
    },
    lastLog: async <L,>(domain: string): Promise<L> => (await harness.admin<{ logs: L[] }>(`/api/admin/price-logs?provider=${domain}`)).body.logs[0]!,
  };

  beforeAll(async () => {
    const serve: Serve = async (app) => {
      const server = await startLoopbackServer(app);
      servers.push(server);
      return server.url;
    };
    const config = loadConfig({ NODE_ENV: "test", ...(await env(serve)) });
    const sources = { live: createPriceSources(config, { timeoutMs: 3000, sleep: async () => undefined }), bundled: bundledPriceSource };
    await ensurePriceEngineDefaults(getDb());
    queue = createTestQueue(getTestDb());
    await queue.start({ work: true });
    await registerPriceEngineJobs(queue, { db: getDb(), config, log: createLogger("silent"), sources, onPricesChanged: () => undefined });
    const app = createTestApp(getDb(), { env: { ...AUTH_TEST_ENV, PRICE_CACHE_SECONDS: "0" }, queue, priceSources: sources });
    admin = authed(app, (await registerAdmin(app, getDb(), { email: adminEmail })).cookie);
  });
  afterAll(async () => {
    await queue.stop();
    await Promise.all(servers.map((s) => s.close()));
  });
  return harness;
}
