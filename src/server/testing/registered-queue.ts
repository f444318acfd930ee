/**
 * A started job queue on a test database with every feature's queues created, as a web process
 * has them (ROLE=web: it enqueues, runs nothing), so the app's requests can queue work (a sync,
 * a fetch, a watch check) without anything running or leaving the machine.
 */
import type { TestDb } from "../../../db/testing/test-db.ts";
import { createTestQueue } from "../../../jobs/testing/queue-test-kit.ts";
import type { JobQueue } from "../../../jobs/queue.ts";
import { loadConfig } from "../config.ts";
import { NO_PRICE_SOURCES, type PriceSources } from "../features/price-engine/sources.ts";
import { registerJobs } from "../jobs.ts";
import { createCredentialCipher } from "../lib/credential-cipher.ts";
import { createLogger } from "../lib/logger.ts";
import { createTokenSigner } from "../lib/signed-token.ts";
import { TEST_APP_SECRET } from "./test-app.ts";

export async function startRegisteredQueue(testDb: TestDb, env: Record<string, string> = {}, priceSources: PriceSources = NO_PRICE_SOURCES): Promise<JobQueue> {
  const queue = createTestQueue(testDb);
  await queue.start({ work: false });
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", APP_SECRET: TEST_APP_SECRET, ...env });
  await registerJobs(queue, {
    db: testDb.db, config, log: createLogger("silent"), cipher: createCredentialCipher(TEST_APP_SECRET),
    signer: createTokenSigner(TEST_APP_SECRET), priceSources, onPricesChanged: () => undefined,
  });
  return queue;
}
