/**
 * Boot: config → database (migrate, seed) → app → listen; SIGTERM/SIGINT stop accepting,
 * let in-flight requests finish, then close the database.
 */
import { serve } from "@hono/node-server";
import { fileURLToPath } from "node:url";
import { isPostgresUrl, openDb } from "../../db/client.ts";
import { rebuildStalePriceRows } from "../../db/repositories/price-summary-repository.ts";
import { seedIfNeeded } from "../../db/seed/seed.ts";
import { createApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { createSessionAuthenticator } from "./features/auth/authenticate.ts";
import { createLogger } from "./lib/logger.ts";
import { invalidatePriceCache } from "./lib/price-cache.ts";

const CLIENT_DIR = fileURLToPath(new URL("../../dist/client", import.meta.url));

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const log = createLogger(config.LOG_LEVEL, config.NODE_ENV === "development" && process.stdout.isTTY);
  const db = openDb({
    databaseUrl: config.DATABASE_URL,
    sqlitePath: config.SQLITE_PATH,
    poolSize: config.DATABASE_POOL_SIZE,
    onIdleConnectionError: (error) => log.warn({ err: error }, "idle database connection failed; the pool replaces it"),
  });
  log.info({ dialect: db.dialect, ...(isPostgresUrl(config.DATABASE_URL) ? {} : { file: config.SQLITE_PATH }) }, "database opened");
  await db.migrate();
  if (config.SEED_ON_START) {
    const report = await seedIfNeeded(db);
    if (report) log.info({ report }, "reference data imported");
  }
  if (await rebuildStalePriceRows(db)) log.info("price list rows rebuilt");
  // Nothing has answered from the cache yet in this process; cleared so the rule holds for every writer.
  invalidatePriceCache(db);

  const app = createApp({ db, config, log, clientDir: CLIENT_DIR, authenticate: createSessionAuthenticator(db, config) });
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
    log.info(`listening on http://${host}:${info.port}`);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      log.warn("shutdown timed out, exiting");
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    server.close(async () => {
      await db.close();
      log.info("stopped");
      process.exit(0);
    });
    // Idle keep-alive sockets would hold close() open until they time out.
    (server as import("node:http").Server).closeIdleConnections?.();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
