/**
 * Set-up of the tests that follow a price run or an incident into notifications: a loopback
 * SMTP server, a loopback webhook receiver keeping every post with its path, and a started queue
 * running the given job registrations as src/server/jobs.ts wires them, with Porkbun's live
 * source as given. Call it at the top of a describe block; read the fields inside tests.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "../../../db/client.ts";
import type { TestDb } from "../../../db/testing/test-db.ts";
import type { JobQueue } from "../../../jobs/queue.ts";
import { createTestQueue } from "../../../jobs/testing/queue-test-kit.ts";
import { loadConfig } from "../config.ts";
import { envFor } from "./notifications.ts";
import type { PriceSource } from "../integrations/prices/source.ts";
import { registerJobs, type JobRegistration } from "../jobs.ts";
import { createCredentialCipher } from "../lib/credential-cipher.ts";
import { createLogger } from "../lib/logger.ts";
import { createTokenSigner } from "../lib/signed-token.ts";
import { startSmtpFake, type SmtpFake } from "./smtp-fake.ts";
import { createTestApp, TEST_APP_SECRET } from "./test-app.ts";

/** The receiver runs on loopback, so the server allows loopback webhooks (and http). */
const LOOPBACK_ENV = { WEBHOOK_ALLOW_PRIVATE: "127.0.0.1:*", WEBHOOK_TIMEOUT_SECONDS: "2" };

export interface NotifyingWorker {
  smtp: SmtpFake;
  queue: JobQueue;
  /** The webhook receiver's origin; post to any path under it. */
  receiverUrl: string;
  hooks: { url: string; body: Record<string, unknown> }[];
  env: () => Record<string, string>;
  app: () => ReturnType<typeof createTestApp>;
}

export function useNotifyingWorker(
  getDb: () => Db, getTestDb: () => TestDb, porkbun: PriceSource, registrations: JobRegistration[],
): NotifyingWorker {
  const w = { hooks: [] } as unknown as NotifyingWorker;
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      w.hooks.push({ url: req.url!, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown> });
      res.end("ok");
    });
  });
  w.env = () => ({ ...envFor(w.smtp), ...LOOPBACK_ENV });
  w.app = () => createTestApp(getDb(), { queue: w.queue, env: w.env() });
  beforeAll(async () => {
    w.smtp = await startSmtpFake();
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    w.receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    w.queue = createTestQueue(getTestDb());
    await w.queue.start({ work: true });
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", APP_SECRET: TEST_APP_SECRET, ...w.env() });
    await registerJobs(w.queue, {
      db: getDb(), config, log: createLogger("silent"), cipher: createCredentialCipher(TEST_APP_SECRET),
      signer: createTokenSigner(TEST_APP_SECRET), priceSources: { live: new Map([["porkbun", porkbun]]), bundled: () => null },
      onPricesChanged: () => undefined,
    }, registrations);
  });
  afterAll(async () => {
    await w.queue.stop(2000);
    await w.smtp.close();
    await new Promise<void>((resolve) => { receiver.closeAllConnections(); receiver.close(() => resolve()); });
  });
  return w;
}
