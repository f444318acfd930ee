/**
 * Boot: config → database (migrate, seed) → job queue → features' jobs → HTTP, by ROLE:
 * all (default) serves HTTP and runs jobs; web serves HTTP and only enqueues; worker runs jobs
 * and listens on no port (but METRICS_PORT). The port opens first: while the database is migrated
 * and seeded (boot-data.ts; on SQLite on a thread of its own), /api/health answers "starting" with boot's step, and everything else a 503 with
 * Retry-After (lib/readiness.ts). Once the app is built the API answers; pages stay a 503 until
 * every public page kind (WARM_UP_PATHS) has rendered whole, however many rounds that takes.
 * GET /api/ready answers 200 from then on, 503 again while no render thread can render (the
 * reason in its body) and from the moment shutdown starts.
 * SIGTERM/SIGINT stop accepting requests, let in-flight requests finish (each answer from then on
 * closes its kept-alive connection), give running jobs what is left of 80 % of SHUTDOWN_TIMEOUT_MS
 * to finish (then hand them back to the queue), then close the database.
 */
import "../../db/load-env.ts";
import { serve } from "@hono/node-server";
import { existsSync } from "node:fs";
import type { Server, ServerResponse } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isPostgresUrl, openDb } from "../../db/client.ts";
import { createJobQueue } from "../../jobs/create-queue.ts";
import { createApp, WARM_UP_ENV } from "./app.ts";
import { prepareData, prepareSqliteDataOffThread } from "./boot-data.ts";
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
import { Readiness, startingApp, type BootProgress } from "./lib/readiness.ts";
import { closePageRenderer, configurePageRenderer, pageRendererLoaded, pageRendererStats, pageRendererThreads } from "./render/server-render.ts";

const CLIENT_DIR = fileURLToPath(new URL("../../dist/client", import.meta.url));

/** Pages rendered before the process says it is ready: the public page kinds. */
const WARM_UP_PATHS = ["/", "/tlds", "/tld/com", "/registrars", "/registrar/1"];
/** The longest pause between warm-up rounds (the pause doubles from 250 ms). */
const WARM_UP_PAUSE_MS = 5000;

/**
 * Renders each warm-up page not yet rendered whole `copies` times at once (so every render thread
 * gets it), round after round, until each has rendered whole at least once; `onRound` hears what
 * is still missing after a round. Resolves to the rounds it took; stops early when `stopped` says so.
 */
async function warmUp(
  fetchPage: (path: string) => Promise<Response>, copies: number,
  onRound: (round: number, missing: string[]) => void, stopped: () => boolean = () => false,
): Promise<number> {
  const missing = new Set(WARM_UP_PATHS);
  for (let round = 1; ; round++) {
    const answers = await Promise.all([...missing].flatMap((path) => Array.from({ length: copies }, async () => ({ path, res: await fetchPage(path) }))));
    for (const { path, res } of answers) if (res.headers.get("x-warm-up") === "page") missing.delete(path);
    if (missing.size === 0 || stopped()) return round;
    onRound(round, [...missing]);
    await new Promise((r) => setTimeout(r, Math.min(WARM_UP_PAUSE_MS, 250 * 2 ** (round - 1))));
  }
}

/** Hands the open port to the built app (set where main opens the port). */
let answerWith: (fetch: (request: Request, env: unknown) => Response | Promise<Response>) => void = () => undefined;

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
  const booted = performance.now();
  const progress: BootProgress = { step: "starting", startedAt: booted, stepStartedAt: booted };
  const step = (name: string) => Object.assign(progress, { step: name, stepStartedAt: performance.now() });
  let metricsServer: Server | undefined;
  if (config.METRICS_PORT) {
    metricsServer = await serveMetrics({ port: config.METRICS_PORT, hostname: config.METRICS_HOST, token: config.METRICS_TOKEN });
    log.info({ port: config.METRICS_PORT, host: config.METRICS_HOST }, "metrics served");
  }
  let server: Server | undefined;
  /** Responses being prepared, told at a stop to close their connection once sent. */
  const answering = new Set<ServerResponse>();
  // A stop asked for while the page renderers warm up is as clean as one asked for later.
  let stopping = false;
  if (config.ROLE !== "worker") {
    // The port opens now: until the app is built, the starting app answers (health with boot's
    // step, 503 with Retry-After for everything else), so a supervisor sees the process alive.
    const publicOrigin = config.APP_URL ? new URL(config.APP_URL).origin : undefined;
    let answer: (request: Request, env: unknown) => Response | Promise<Response> = startingApp(readiness, progress, (c) => publicOrigin ?? new URL(c.req.url).origin).fetch;
    answerWith = (next) => (answer = next);
    server = serve({ fetch: (request, env) => answer(request, env), port: config.PORT, hostname: config.HOST }, (info) => {
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
  // On SQLite the import runs on a thread of its own before this one opens the file (boot-data.ts),
  // so the open port keeps answering; on PostgreSQL it runs here, waiting on the network.
  const dataOptions = { seed: config.SEED_ON_START, staleDays: config.PRICE_STALE_DAYS };
  const prepared = postgres ? undefined : await prepareSqliteDataOffThread({ sqlitePath: config.SQLITE_PATH, ...dataOptions }, step);
  const db = openDb({
    databaseUrl: config.DATABASE_URL,
    sqlitePath: config.SQLITE_PATH,
    poolSize: config.DATABASE_POOL_SIZE,
    applicationName: `tldscope-${config.ROLE}`,
    onIdleConnectionError: (error) => log.warn({ err: error }, "idle database connection failed; the pool replaces it"),
  });
  log.info({ dialect: db.dialect, role: config.ROLE, ...(postgres ? {} : { file: config.SQLITE_PATH }) }, "database opened");
  const { report, rebuilt } = prepared ?? await prepareData(db, dataOptions, step);
  if (report) log.info({ report }, "reference data imported");
  if (rebuilt) log.info("price list rows rebuilt");
  // Nothing has answered from the cache yet in this process; cleared so the rule holds for every writer.
  invalidatePriceCache(db);
  readiness.mark("database", "ready");
  // Another process's price run, provider edit or rates update reaches this one's cached answers within this interval.
  const stopWatchingPrices = watchPriceChanges(db, config.PRICE_CHANGE_CHECK_MS, (error) => log.warn({ err: error }, "price version check failed"));

  const appSecret = resolveAppSecret(config, log);
  const cipher = createCredentialCipher(appSecret);
  const signer = createTokenSigner(appSecret);
  const work = config.ROLE !== "web";
  step("starting the job queue");
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
    answerWith(app.fetch);
    if (!existsSync(join(CLIENT_DIR, "index.html"))) {
      // No client build (npm run build makes it): this process serves the API and no pages, so there is nothing to warm up.
      readiness.mark("renderers", "off");
      step("ready");
      log.warn({ clientDir: CLIENT_DIR }, "no client build: serving the API only, no pages; ready");
      return;
    }
    step("rendering the public pages");
    const warming = performance.now();
    try {
      await pageRendererLoaded();
      log.info({ ms: Math.round(performance.now() - warming) }, "render threads loaded");
      const origin = `http://localhost:${config.PORT}`;
      const rounds = await warmUp(
        async (path) => app.request(`${origin}${path}`, undefined, WARM_UP_ENV), Math.max(1, config.RENDER_WORKERS),
        (round, missing) => {
          const message = `Rendering the public pages: ${missing.join(", ")} not rendered yet after ${round} round${round === 1 ? "" : "s"}.`;
          readiness.mark("renderers", "pending", message);
          log.warn({ round, missing }, "warm-up renders answered the shell; trying again");
        },
        () => stopping,
      );
      if (stopping) return;
      // From here on the renderers are ready while at least one thread can render.
      readiness.probe("renderers", () => {
        const threads = pageRendererThreads();
        return threads.ready > 0 ? undefined : `No render thread can render a page now: ${threads.total === 1 ? "the thread is" : `all ${threads.total} threads are`} starting again after one stopped.`;
      });
      readiness.mark("renderers", "ready");
      step("ready");
      log.info({ ms: Math.round(performance.now() - warming), sinceStart: Math.round(performance.now() - booted), rounds }, "renderers warm; ready");
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
