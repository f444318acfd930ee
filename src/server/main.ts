/**
 * Boot: config → database (migrate, seed) → job queue → features' jobs → HTTP, by ROLE:
 * all (default) serves HTTP and runs jobs; web serves HTTP and only enqueues; worker runs jobs
 * and listens on no port (but METRICS_PORT). The port opens once the database is migrated and
 * the queue started; pages asked for while the render threads load wait for them, outside their
 * time limit. GET /api/ready answers 503 until the renderers have also rendered the warm-up pages
 * (WARM_UP_PATHS) on every thread, and again from the moment shutdown starts.
 * SIGTERM/SIGINT stop accepting requests, let in-flight requests finish (each answer from then on
 * closes its kept-alive connection), give running jobs what is left of 80 % of SHUTDOWN_TIMEOUT_MS
 * to finish (then hand them back to the queue), then close the database.
 */
import "../../db/load-env.ts";
import { serve } from "@hono/node-server";
import type { Server, ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import { isPostgresUrl, openDb } from "../../db/client.ts";
import { rebuildStalePriceRows } from "../../db/repositories/price-summary-repository.ts";
import { seedIfNeeded } from "../../db/seed/seed.ts";
import { createJobQueue } from "../../jobs/create-queue.ts";
import { createApp, WARM_UP_ENV } from "./app.ts";
import { configWarnings, loadConfig } from "./config.ts";
import { createSessionAuthenticator } from "./features/auth/authenticate.ts";
import { issueSetupTokenIfNoAdmin, setupUrl } from "./features/auth/setup.ts";

import { bundledPriceSource, createPriceSources } from "./integrations/prices/registry.ts";
import { registerJobs } from "./jobs.ts";
import { resolveAppSecret } from "./lib/app-secret.ts";
import { createCredentialCipher } from "./lib/credential-cipher.ts";
import { createTokenSigner } from "./lib/signed-token.ts";
import { createLogger } from "./lib/logger.ts";
import { jobMetrics, setMetricSources } from "./lib/metrics.ts";
import { serveMetrics } from "./lib/metrics-route.ts";
import { invalidatePriceCache, watchPriceChanges } from "./domain/price-cache.ts";
import { Readiness } from "./lib/readiness.ts";
import { closePageRenderer, configurePageRenderer, pageRendererLoaded, pageRendererStats } from "./render/server-render.ts";

const CLIENT_DIR = fileURLToPath(new URL("../../dist/client", import.meta.url));

/** Pages rendered on every render thread before the process says it is ready: the public page kinds. */
const WARM_UP_PATHS = ["/", "/tlds", "/tld/com", "/registrars", "/registrar/1"];
/** Warm-up rounds at most: a round whose renders all answer pages ends it. */
const WARM_UP_ROUNDS = 5;

/**
 * Renders each warm-up page `copies` times at once (so every render thread gets them), until a
 * round answers no shell. Resolves to the rounds it took.
 */
async function warmUp(fetchPage: (path: string) => Promise<Response>, copies: number): Promise<number> {
  for (let round = 1; round <= WARM_UP_ROUNDS; round++) {
    const answers = await Promise.all(WARM_UP_PATHS.flatMap((path) => Array.from({ length: copies }, () => fetchPage(path))));
    if (answers.every((res) => res.headers.get("x-warm-up") !== "shell")) return round;
  }
  return WARM_UP_ROUNDS;
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const postgres = isPostgresUrl(config.DATABASE_URL);
  if (!postgres && config.ROLE !== "all") {
    console.error(`ROLE=${config.ROLE} needs PostgreSQL (DATABASE_URL=postgres://…): the embedded SQLite database belongs to one process, so run it with ROLE=all.`);
    process.exit(1);
  }
  const log = createLogger(config.LOG_LEVEL, config.NODE_ENV === "development" && process.stdout.isTTY);
  for (const warning of configWarnings()) log.warn(warning);
  const readiness = new Readiness();
  let metricsServer: Server | undefined;
  if (config.METRICS_PORT) {
    metricsServer = await serveMetrics({ port: config.METRICS_PORT, hostname: config.METRICS_HOST, token: config.METRICS_TOKEN });
    log.info({ port: config.METRICS_PORT, host: config.METRICS_HOST }, "metrics served");
  }
  if (config.ROLE !== "worker") {
    // Render threads start first and load the page code off the main thread (docs/decisions/024)
    // while this one migrates and seeds the database: on two cores that overlap saves seconds.
    await configurePageRenderer({
      workers: config.RENDER_WORKERS,
      maxQueue: config.RENDER_QUEUE,
      timeoutMs: config.RENDER_TIMEOUT_MS,
      nice: config.RENDER_THREAD_NICE,
      onShell: (reason, error) => {
        if (reason === "failed") log.error({ err: error }, "page render failed; answered the client shell");
        else log.warn({ reason }, "page render answered the client shell");
      },
    });
  }
  const db = openDb({
    databaseUrl: config.DATABASE_URL,
    sqlitePath: config.SQLITE_PATH,
    poolSize: config.DATABASE_POOL_SIZE,
    applicationName: `tldscope-${config.ROLE}`,
    onIdleConnectionError: (error) => log.warn({ err: error }, "idle database connection failed; the pool replaces it"),
  });
  log.info({ dialect: db.dialect, role: config.ROLE, ...(postgres ? {} : { file: config.SQLITE_PATH }) }, "database opened");
  await db.migrate();
  if (config.SEED_ON_START) {
    const report = await seedIfNeeded(db, undefined, config.PRICE_STALE_DAYS);
    if (report) log.info({ report }, "reference data imported");
  }
  if (await rebuildStalePriceRows(db, config.PRICE_STALE_DAYS)) log.info("price list rows rebuilt");
  // Nothing has answered from the cache yet in this process; cleared so the rule holds for every writer.
  invalidatePriceCache(db);
  readiness.mark("database", "ready");
  // Another process's price run, provider edit or rates update reaches this one's cached answers within this interval.
  const stopWatchingPrices = watchPriceChanges(db, config.PRICE_CHANGE_CHECK_MS, (error) => log.warn({ err: error }, "price version check failed"));

  const appSecret = resolveAppSecret(config, log);
  const cipher = createCredentialCipher(appSecret);
  const signer = createTokenSigner(appSecret);
  const work = config.ROLE !== "web";
  const queue = createJobQueue({ db, config, log, observer: jobMetrics });
  await queue.start({ work });
  const priceSources = { live: createPriceSources(config), bundled: bundledPriceSource };
  await registerJobs(queue, { db, config, log, cipher, signer, priceSources, onPricesChanged: invalidatePriceCache });
  log.info({ queue: queue.kind, work }, "job queue started");
  readiness.mark("queue", "ready");
  setMetricSources({
    jobQueues: () => queue.queueStats(),
    databasePools: () => {
      const pools: Record<string, { total: number; idle: number; waiting: number }> = {};
      const app = db.poolStats();
      const jobs = queue.poolStats();
      if (app) pools.app = app;
      if (jobs) pools.queue = jobs;
      return pools;
    },
  });

  let server: Server | undefined;
  /** Responses being prepared, told at a stop to close their connection once sent. */
  const answering = new Set<ServerResponse>();
  // A stop asked for while the page renderers warm up is as clean as one asked for later.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    readiness.stop();
    stopWatchingPrices();
    const force = setTimeout(() => {
      log.warn("shutdown timed out, exiting");
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // Running jobs get what is left of most of the budget once the requests in flight are answered;
    // the rest covers handing back what still runs and closing the database.
    const jobsDeadline = performance.now() + config.SHUTDOWN_TIMEOUT_MS * 0.8;
    try {
      const listening = server;
      if (listening) {
        const closing = performance.now();
        for (const res of answering) if (!res.headersSent) res.setHeader("Connection", "close");
        const closed = new Promise((resolve) => listening.close(resolve));
        // Idle keep-alive sockets would hold close() open until they time out.
        listening.closeIdleConnections();
        await closed;
        log.info({ ms: Math.round(performance.now() - closing) }, "requests in flight answered; port closed");
      }
      await closePageRenderer();
      const stoppingJobs = performance.now();
      await queue.stop(Math.max(0, Math.floor(jobsDeadline - stoppingJobs)));
      log.info({ ms: Math.round(performance.now() - stoppingJobs) }, "job queue stopped");
      await db.close();
      if (metricsServer) await new Promise((resolve) => metricsServer.close(resolve));
    } catch (error) {
      log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  if (config.ROLE !== "worker") {
    const setupToken = await issueSetupTokenIfNoAdmin(db);
    if (setupToken) {
      log.warn(`No administrator yet. Open ${setupUrl(config, setupToken)} within an hour, signed in with the account to promote (single use; the next start without an admin prints a new link).`);
    }
    setMetricSources({ renderPool: pageRendererStats });
    const app = createApp({ db, queue, config, log, cipher, signer, priceSources, readiness, clientDir: CLIENT_DIR, authenticate: createSessionAuthenticator(db, config) });
    server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
      const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
      log.info(`listening on http://${host}:${info.port}`);
    }) as Server;
    // close() waits for every open connection, and a kept-alive one under steady traffic never
    // falls idle: from the stop on, each answer not yet sent closes its connection once sent.
    server.on("request", (_req, res: ServerResponse) => {
      if (stopping && !res.headersSent) return void res.setHeader("Connection", "close");
      answering.add(res);
      res.once("close", () => answering.delete(res));
    });
    const warming = performance.now();
    try {
      await pageRendererLoaded();
      log.info({ ms: Math.round(performance.now() - warming) }, "render threads loaded");
      const origin = `http://localhost:${config.PORT}`;
      const rounds = await warmUp(async (path) => app.request(`${origin}${path}`, undefined, WARM_UP_ENV), Math.max(1, config.RENDER_WORKERS));
      readiness.mark("renderers", "ready");
      log.info({ ms: Math.round(performance.now() - warming), rounds }, "renderers warm; ready");
    } catch (error) {
      // Pages are answered with the client shell; the process stays up for the API, not ready.
      readiness.mark("renderers", "failed", (error as Error).message);
      log.error({ err: error }, "the page renderers could not load");
    }
  } else {
    readiness.mark("renderers", "off");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
