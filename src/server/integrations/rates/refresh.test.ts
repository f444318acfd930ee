import { expect, it } from "vitest";
import { listCurrencyLatestDates, loadDisplayRates } from "../../../../db/repositories/exchange-rate-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { loadConfig } from "../../config.ts";
import { serveFake } from "../prices/testing/adapter-harness.ts";
import { parseEcbDailyXml, RateSourceError } from "./ecb.ts";
import { refreshExchangeRates } from "./refresh.ts";
import { ECB_DAILY_XML, fakeEcb } from "./testing/fake-ecb.ts";

const fake = fakeEcb();
const harness = serveFake(fake);
const config = () => loadConfig({ ECB_API_URL: `${harness.url()}/stats/eurofxref` });
const failure = (promise: Promise<unknown>) => promise.then(() => { throw new Error("expected a failure"); }, (e: RateSourceError) => e);

it("reads the daily XML: its own date, every quoted currency, EUR at 1", () => {
  const { date, rates } = parseEcbDailyXml(ECB_DAILY_XML);
  expect(date).toBe("2025-05-09");
  expect(rates).toMatchObject({ EUR: 1, USD: 1.1252, JPY: 163.36, GBP: 0.8477 });
  expect(Object.keys(rates)).toHaveLength(31); // 30 quoted that day, and EUR
});

forEachDialect("refreshing exchange rates", (getDb) => {
  it("stores the ECB's day and answers lookups for the weekend after it", async () => {
    expect(await refreshExchangeRates(getDb(), config(), { http: harness.http })).toEqual({ date: "2025-05-09", currencies: 31 });
    expect(fake.control.requests[0]!.pathname).toBe("/stats/eurofxref/eurofxref-daily.xml");
    expect((await loadDisplayRates(getDb(), "EUR", ["USD"])).get("USD")).toEqual({ fromPerEur: 1.1252, toPerEur: 1, rateDate: "2025-05-09" });
    await refreshExchangeRates(getDb(), config(), { http: harness.http });
    const stored = await listCurrencyLatestDates(getDb());
    expect(stored).toHaveLength(31);
    expect(stored.every((c) => c.latestDate === "2025-05-09")).toBe(true);
  });

  it("stores nothing when the answer is malformed, cut short or never comes", async () => {
    const before = await listCurrencyLatestDates(getDb());
    fake.control.behaviour = "malformed";
    const malformed = await failure(refreshExchangeRates(getDb(), config(), { http: harness.http }));
    expect(malformed).toMatchObject({ kind: "malformed" });
    expect(malformed.message).toMatch(/^The ECB answered with something other than its daily rates XML \(.*rate: not a rate\)/);
    fake.control.behaviour = "truncated";
    expect(await failure(refreshExchangeRates(getDb(), config(), { http: harness.http }))).toMatchObject({ kind: "incomplete" });
    fake.control.behaviour = "hang";
    expect(await failure(refreshExchangeRates(getDb(), config(), { http: harness.http }))).toMatchObject({ kind: "timeout" });
    expect(await listCurrencyLatestDates(getDb())).toEqual(before);
  });

  it("retries the ECB's 503 and reports it after three", async () => {
    fake.control.behaviour = "provider-error";
    const error = await failure(refreshExchangeRates(getDb(), config(), { http: harness.http }));
    expect(error).toMatchObject({ kind: "http", httpStatus: 503, message: "The ECB answered 503 Service Unavailable three times; try again later" });
    expect(fake.control.requests).toHaveLength(3);
  });
}, { seeded: false });
