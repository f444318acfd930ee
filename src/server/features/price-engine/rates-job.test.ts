import { afterAll, beforeAll, expect, it } from "vitest";
import { upsertExchangeRates } from "../../../../db/repositories/exchange-rate-repository.ts";
import { priceRowsVersion } from "../../../../db/repositories/price-read-model.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { createTestQueue, waitFor } from "../../../../jobs/testing/queue-test-kit.ts";
import type { PriceQuote } from "../../../shared/price-quote.ts";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../lib/logger.ts";
import { invalidatePriceCache } from "../../domain/price-cache.ts";
import { createTestApp, getJson } from "../../testing/test-app.ts";
import { registerPriceEngineJobs, RATES_QUEUE } from "./jobs.ts";

forEachDialect("the daily rates job", (getDb, _dialect, getTestDb) => {
  let queue: JobQueue;
  let refreshed = 0;

  beforeAll(async () => {
    queue = createTestQueue(getTestDb());
    await queue.start({ work: true });
    await registerPriceEngineJobs(queue, {
      db: getDb(), config: loadConfig({ NODE_ENV: "test" }), log: createLogger("silent"),
      sources: { live: new Map(), bundled: () => null }, onPricesChanged: invalidatePriceCache,
      // Stands in for the ECB fetch (tested on its own in integrations/rates): stores a newer day.
      refreshRates: async (db) => {
        refreshed++;
        return { date: "2099-01-02", currencies: await upsertExchangeRates(db, "2099-01-02", { EUR: 1, USD: 1.25 }) };
      },
    });
  });
  afterAll(() => queue.stop());

  it("drops cached price answers, so the next answer converts at the new day's rates", async () => {
    // The default cache keeps an answer 30 s: only the invalidation can make the new rates show.
    const app = createTestApp(getDb(), { queue });
    const rateDate = async () =>
      (await getJson<PriceQuote[]>(app, "/api/domain-prices/tld/com?currency=EUR")).body.find((q) => q.currency === "USD")!.display!.rateDate;
    expect(await rateDate()).toBe("2025-05-09");
    const version = await priceRowsVersion(getDb());
    await queue.send(RATES_QUEUE, {});
    await waitFor(() => queue.counts(), (c) => refreshed === 1 && c.queued === 0 && c.active === 0);
    expect(await rateDate()).toBe("2099-01-02");
    // Other processes on the database learn of the new rates from the price rows' version.
    expect(await priceRowsVersion(getDb())).not.toBe(version);
  });
});
