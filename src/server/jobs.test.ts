import { expect, it } from "vitest";
import { createTestDb } from "../../db/testing/test-db.ts";
import { InProcessQueue } from "../../jobs/in-process-queue.ts";
import { loadConfig } from "./config.ts";
import { registerJobs, type JobRegistration } from "./jobs.ts";
import { createLogger } from "./lib/logger.ts";

it("gives each feature's registration the queue and its dependencies, in order, and fails the boot when one fails", async () => {
  const testDb = await createTestDb("sqlite", { seeded: false });
  try {
    const log = createLogger("silent");
    const deps = { db: testDb.db, config: loadConfig({ NODE_ENV: "test" }), log };
    const queue = new InProcessQueue({ db: testDb.db, log });
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
