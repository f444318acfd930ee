/**
 * Boot: config → database (migrate, seed) → job queue → features' jobs → HTTP, by ROLE:
 * all (default) serves HTTP and runs jobs; web serves HTTP and only enqueues; worker runs jobs
 * and listens on no port. SIGTERM/SIGINT stop accepting requests, let in-flight requests and
 * running jobs finish, stop the queue, then close the database.
 */
import "../../db/load-env.ts";
import { serve } from "@hono/node-server";
import type { Server } from "node:http";
import { fileURLToPath } from "node:url";
import { isPostgresUrl, openDb } from "../../db/client.ts";
import { rebuildStalePriceRows } from "../../db/repositories/price-summary-repository.ts";
import { seedIfNeeded } from "../../db/seed/seed.ts";
import { createJobQueue } from "../../jobs/create-queue.ts";
import { createApp } from "./app.ts";
import { configWarnings, loadConfig } from "./config.ts";
import { createSessionAuthenticator } from "./features/auth/authenticate.ts";
import { issueSetupTokenIfNoAdmin, setupUrl } from "./features/auth/setup.ts";

import { bundledPriceSource, createPriceSources } from "./integrations/prices/registry.ts";
import { registerJobs } from "./jobs.ts";
import { resolveAppSecret } from "./lib/app-secret.ts";
import { createCredentialCipher } from "./lib/credential-cipher.ts";
import { createTokenSigner } from "./lib/signed-token.ts";
import { createLogger } from "./lib/logger.ts";
import { invalidatePriceCache } from "./lib/price-cache.ts";
import { closePageRenderer, configurePageRenderer } from "./lib/server-render.ts";

const CLIENT_DIR = fileURLToPath(new URL("../../dist/client", import.meta.url));

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
  const db = openDb({
    databaseUrl: config.DATABASE_URL,
    sqlitePath: config.SQLITE_PATH,
    poolSize: config.DATABASE_POOL_SIZE,
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

  const appSecret = resolveAppSecret(config, log);
  const cipher = createCredentialCipher(appSecret);
  const signer = createTokenSigner(appSecret);
  const work = config.ROLE !== "web";
  const queue = createJobQueue({ db, config, log });
  await queue.start({ work });
  const priceSources = { live: createPriceSources(config), bundled: bundledPriceSource };
  await registerJobs(queue, { db, config, log, cipher, signer, priceSources, onPricesChanged: invalidatePriceCache });
  log.info({ queue: queue.kind, work }, "job queue started");

  let server: Server | undefined;
  if (config.ROLE !== "worker") {
    const setupToken = await issueSetupTokenIfNoAdmin(db);
    if (setupToken) {
      log.warn(`No administrator yet. Open ${setupUrl(config, setupToken)} within an hour, signed in with the account to promote (single use; the next start without an admin prints a new link).`);
    }
    // Render threads start now and load the page code off the main thread (docs/decisions/024).
    await configurePageRenderer({
      workers: config.RENDER_WORKERS,
      maxQueue: config.RENDER_QUEUE,
      timeoutMs: config.RENDER_TIMEOUT_MS,
      onShell: (reason, error) => {
        if (reason === "failed") log.error({ err: error }, "page render failed; answered the client shell");
        else log.warn({ reason }, "page render answered the client shell");
      },
    });
    const app = createApp({ db, queue, config, log, cipher, signer, priceSources, clientDir: CLIENT_DIR, authenticate: createSessionAuthenticator(db, config) });
    server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
      const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
      log.info(`listening on http://${host}:${info.port}`);
    }) as Server;
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      log.warn("shutdown timed out, exiting");
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      if (server) {
        const closed = new Promise((resolve) => server.close(resolve));
        // Idle keep-alive sockets would hold close() open until they time out.
        server.closeIdleConnections();
        await closed;
      }
      // Running jobs get most of the shutdown budget; what is left covers closing the database.
      await closePageRenderer();
      await queue.stop(Math.floor(config.SHUTDOWN_TIMEOUT_MS * 0.8));
      await db.close();
    } catch (error) {
      log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
