import { expect, it } from "vitest";
import { createTestDb } from "../../db/testing/test-db.ts";
import { InProcessQueue } from "../../jobs/in-process-queue.ts";
import { loadConfig } from "./config.ts";
import { bundledPriceSource } from "./integrations/prices/registry.ts";
import { registerJobs, type JobRegistration } from "./jobs.ts";
import { createCredentialCipher } from "./lib/credential-cipher.ts";
import { createLogger } from "./lib/logger.ts";
import { createTokenSigner } from "./lib/signed-token.ts";

const depsFor = (db: import("../../db/client.ts").Db) => ({
  db, config: loadConfig({ NODE_ENV: "test" }), log: createLogger("silent"),
  cipher: createCredentialCipher("a test secret that is long enough for the key"),
  signer: createTokenSigner("a test secret that is long enough for the key"),
  priceSources: { live: new Map(), bundled: bundledPriceSource }, onPricesChanged: () => undefined,
});

it("gives each feature's registration the queue and its dependencies, in order, and fails the boot when one fails", async () => {
  const testDb = await createTestDb("sqlite", { seeded: false });
  try {
    const deps = depsFor(testDb.db);
    const queue = new InProcessQueue({ db: testDb.db, log: deps.log });
    const order: string[] = [];
    const prices: JobRegistration = async (q, d) => {
      order.push("prices");
      await q.createQueue("fetch-prices");
      expect(d.db).toBe(testDb.db);
    };
    const accounts: JobRegistration = async (q) => {
      order.push("accounts");
      expect(await q.send("fetch-prices", { provider: "porkbun" })).toEqual(expect.any(String)); // created by the one before
    };
    await registerJobs(queue, deps, [prices, accounts]);
    expect(order).toEqual(["prices", "accounts"]);
    await expect(registerJobs(queue, deps, [async () => { throw new Error("bad cron"); }])).rejects.toThrow("bad cron");
  } finally {
    await testDb.drop();
  }
});

it("registers the price engine's and the accounts' queues, and the default schedule, at boot", async () => {
  const testDb = await createTestDb("sqlite");
  try {
    const deps = depsFor(testDb.db);
    const queue = new InProcessQueue({ db: testDb.db, log: deps.log });
    await registerJobs(queue, deps);
    // A second boot registers again without duplicating anything.
    await registerJobs(queue, deps);
    expect(await queue.send("prices.fetch", { providerKey: "porkbun" })).toEqual(expect.any(String));
    expect(await queue.send("accounts.sync", { accountId: 1 })).toEqual(expect.any(String));
    const schedules = await testDb.db.orm.select().from(testDb.db.t.fetchSchedules);
    expect(schedules.map((s) => s.name)).toEqual(["Daily price refresh"]);
  } finally {
    await testDb.drop();
  }
});
