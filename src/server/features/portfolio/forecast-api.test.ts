import { and, eq, inArray, notInArray } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { upsertExchangeRates } from "../../../../db/repositories/exchange-rate-repository.ts";
import { saveRegistryResults } from "../../../../db/repositories/registry-record-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { parseCsv } from "./csv.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../../testing/auth.ts";
import { createTestApp, getJson } from "../../testing/test-app.ts";
import { FORECAST_CSV_HEADER } from "./forecast-service.ts";
import type { RenewalForecast } from "./forecast.ts";

const DAY_MS = 86_400_000;
// A day after the bundled history with round rates: 1 USD = 0.80 EUR = 120 JPY exactly.
const RATE_DAY = "2099-01-02";
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
/** Forty days out: both renewing domains expire on it, so they share a month. */
const SOON = day(40);

forEachDialect("the renewal forecast through the API", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });
  let call: ReturnType<typeof authed>;
  let own: { id: number; providerId: number; name: string };
  let rival: { id: number; providerId: number; name: string };
  const monthOf = (f: RenewalForecast) => f.months.find((m) => m.month === SOON.slice(0, 7))!;

  /**
   * .net at two active USD providers, both confirmed yesterday: own 30.00, rival 20.00; every
   * other .net quote was last confirmed 200 days ago (stale), so the rival is the cheapest.
   */
  beforeAll(async () => {
    const { orm: db, t } = getDb();
    const dp = t.domainPrices;
    await upsertExchangeRates(getDb(), RATE_DAY, { EUR: 1, USD: 1.25, JPY: 150 });
    const [net] = await db.select({ id: t.tlds.id }).from(t.tlds).where(eq(t.tlds.name, "net"));
    const quotes = await db.select({ id: dp.id, providerId: dp.serviceProviderId, name: t.serviceProviders.name })
      .from(dp).innerJoin(t.serviceProviders, eq(t.serviceProviders.id, dp.serviceProviderId))
      .where(and(eq(dp.tldId, net!.id), eq(dp.currency, "USD"), eq(t.serviceProviders.isActive, true)))
      .orderBy(t.serviceProviders.name);
    expect(quotes.length).toBeGreaterThan(2);
    [own, rival] = [quotes[0]!, quotes[1]!];
    await db.update(dp).set({ lastCheckedAt: new Date(Date.now() - 200 * DAY_MS) }).where(and(eq(dp.tldId, net!.id), notInArray(dp.id, [own.id, rival.id])));
    await db.update(dp).set({ lastCheckedAt: new Date(Date.now() - DAY_MS), renewalPrice: 3000 }).where(eq(dp.id, own.id));
    await db.update(dp).set({ lastCheckedAt: new Date(Date.now() - DAY_MS), renewalPrice: 2000 }).where(eq(dp.id, rival.id));

    call = authed(app(), (await registerUser(app())).cookie);
    for (const body of [
      { domainName: "mine.net", serviceProviderId: own.providerId, expirationDate: SOON, autoRenew: true },
      { domainName: "cheap.net", serviceProviderId: rival.providerId, expirationDate: SOON, autoRenew: true },
      { domainName: "manual.net", serviceProviderId: own.providerId, expirationDate: day(50), autoRenew: false },
      { domainName: "undated.net", serviceProviderId: own.providerId, autoRenew: true },
      { domainName: "nowhere.net", expirationDate: day(60), autoRenew: true },
      { domainName: "lapsed.net", serviceProviderId: own.providerId, expirationDate: day(-10), autoRenew: true },
      { domainName: "later.net", serviceProviderId: own.providerId, expirationDate: day(400), autoRenew: true },
    ]) expect((await call("/api/user-domains", { method: "POST", body })).status).toBe(201);
    // Another user's domain, renewing in the same month at the same registrar: never in this user's forecast.
    const other = authed(app(), (await registerUser(app())).cookie);
    expect((await other("/api/user-domains", { method: "POST", body: { domainName: "theirs.net", serviceProviderId: own.providerId, expirationDate: SOON, autoRenew: true } })).status).toBe(201);
  });

  it("totals the month's renewals per registrar in the display currency, and names what it leaves out", async () => {
    const { status, body } = await call<RenewalForecast>("/api/user-domains/forecast?currency=EUR");
    expect(status).toBe(200);
    expect(body.currency).toBe("EUR");
    expect(body.months).toHaveLength(12);
    expect(body.months[0]!.month).toBe(body.from.slice(0, 7));
    // mine.net: 30.00 USD = 24.00 EUR, would be 20.00 USD = 16.00 EUR at the rival; cheap.net is at the rival: 16.00 both ways.
    // The other user's theirs.net would add 24.00: the month holds exactly two domains.
    const month = monthOf(body);
    expect(month).toMatchObject({
      domains: 2, atRegistrar: "40.00", atCheapest: "32.00", difference: "8.00",
      registrarPriceIsStale: false, cheapestPriceIsStale: false, rateDate: RATE_DAY,
    });
    expect(month.registrars.map((r) => [r.serviceProvider.name, r.domains, r.atRegistrar, r.atCheapest, r.difference])).toEqual([
      [own.name, 1, "24.00", "16.00", "8.00"],
      [rival.name, 1, "16.00", "16.00", "0.00"],
    ]);
    // Each figure is dated by its quotes' last confirmation, yesterday.
    expect(month.registrarPriceCheckedAt!.slice(0, 10)).toBe(day(-1));
    expect(month.cheapestPriceCheckedAt!.slice(0, 10)).toBe(day(-1));
    expect(body.total).toMatchObject({ domains: 2, atRegistrar: "40.00", atCheapest: "32.00", difference: "8.00" });
    expect(body.notInTotals.map((d) => [d.domainName, d.reason])).toEqual([
      ["undated.net", "noExpiryDate"], ["manual.net", "autoRenewOff"], ["nowhere.net", "noRegistrarPrice"],
    ]);
    expect([body.expiredCount, body.laterCount]).toEqual([1, 1]);
  });

  it("answers in USD without a currency, in JPY's whole yen with one, and the same over tRPC", async () => {
    const usd = (await call<RenewalForecast>("/api/user-domains/forecast")).body;
    expect(usd.currency).toBe("USD");
    expect(monthOf(usd)).toMatchObject({ atRegistrar: "50.00", atCheapest: "40.00", difference: "10.00", rateDate: null });
    const jpy = (await call<RenewalForecast>("/api/user-domains/forecast?currency=JPY")).body;
    expect(monthOf(jpy)).toMatchObject({ atRegistrar: "6000", atCheapest: "4800", difference: "1200", rateDate: RATE_DAY });
    const input = encodeURIComponent(JSON.stringify({ currency: "JPY" }));
    const trpc = await call<{ result: { data: RenewalForecast } }>(`/trpc/portfolio.forecast?input=${input}`);
    expect(trpc.body.result.data).toEqual(jpy);
  });

  it("exports the same figures as CSV: per registrar, per month, the twelve months, and each domain left out", async () => {
    const { status, res, text } = await call("/api/user-domains/forecast.csv?currency=EUR");
    expect(status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="renewal-forecast-\d{4}-\d{2}-\d{2}-EUR\.csv"$/);
    const [header, ...records] = parseCsv(text);
    expect(header).toEqual([...FORECAST_CSV_HEADER]);
    const checked = day(-1);
    const month = SOON.slice(0, 7);
    expect(records.filter((r) => r[0] === month && r[10] === "")).toEqual([
      [month, own.name, "1", "EUR", "24.00", "16.00", "8.00", checked, checked, RATE_DAY, "", ""],
      [month, rival.name, "1", "EUR", "16.00", "16.00", "0.00", checked, checked, RATE_DAY, "", ""],
      [month, "All registrars", "2", "EUR", "40.00", "32.00", "8.00", checked, checked, RATE_DAY, "", ""],
    ]);
    // Twelve month totals, the two registrar lines, the twelve months' total, three domains left out.
    expect(records).toHaveLength(12 + 2 + 1 + 3);
    expect(records[14]!.slice(1, 7)).toEqual(["All registrars", "2", "EUR", "40.00", "32.00", "8.00"]);
    expect(records[14]![0]).toMatch(/^\d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/);
    expect(records.slice(15).map((r) => [r[0], r[1], r[10], r[11]])).toEqual([
      ["", own.name, "undated.net", "no expiry date"],
      [day(50).slice(0, 7), own.name, "manual.net", "auto-renew is off"],
      [day(60).slice(0, 7), "", "nowhere.net", "no renewal price at its registrar"],
    ]);
  });

  it("claims no saving from a stale cheapest quote against a fresh one", async () => {
    const { orm: db, t } = getDb();
    const dp = t.domainPrices;
    await db.update(dp).set({ lastCheckedAt: new Date(Date.now() - 91 * DAY_MS) }).where(inArray(dp.id, [rival.id]));
    try {
      const month = monthOf((await call<RenewalForecast>("/api/user-domains/forecast?currency=EUR")).body);
      // mine.net stays at its fresh 24.00; cheap.net's own quote is now stale, and nothing fresh is cheaper.
      expect(month).toMatchObject({ atRegistrar: "40.00", atCheapest: "40.00", difference: "0.00", registrarPriceIsStale: true, cheapestPriceIsStale: true });
      expect(month.registrars.find((r) => r.serviceProvider.name === own.name)).toMatchObject({
        atRegistrar: "24.00", atCheapest: "24.00", difference: "0.00", registrarPriceIsStale: false, cheapestPriceIsStale: false,
      });
    } finally {
      await db.update(dp).set({ lastCheckedAt: new Date(Date.now() - DAY_MS) }).where(inArray(dp.id, [rival.id]));
    }
  });

  it("counts a domain in the month of the registry's expiry date, unless its owner chose their own date", async () => {
    const mine = authed(app(), (await registerUser(app())).cookie);
    const added = await mine<{ id: number }>("/api/user-domains", {
      method: "POST", body: { domainName: "registry.net", serviceProviderId: own.providerId, expirationDate: day(400), autoRenew: true },
    });
    expect(added.status).toBe(201);
    expect((await mine<RenewalForecast>("/api/user-domains/forecast")).body).toMatchObject({ laterCount: 1, total: { domains: 0 } });
    const checkedAt = new Date();
    await saveRegistryResults(getDb(), [{
      userDomainId: added.body.id, domainName: "registry.net", outcome: "ok", protocol: "rdap", rdapServer: "https://rdap.example/", expirationDate: SOON, registrationDate: null,
      lastChangedDate: null, statuses: ["active"], nameservers: [], registrarIanaId: null, registrarName: null, checkedAt, nextCheckAt: new Date(Date.now() + 7 * DAY_MS),
    }]);
    const byRegistry = (await mine<RenewalForecast>("/api/user-domains/forecast?currency=EUR")).body;
    expect(byRegistry).toMatchObject({ laterCount: 0, total: { domains: 1, atRegistrar: "24.00" } });
    expect(monthOf(byRegistry)).toMatchObject({ domains: 1, atRegistrar: "24.00", atCheapest: "16.00" });
    expect((await mine(`/api/user-domains/${added.body.id}`, { method: "PUT", body: { useOwnDates: true } })).status).toBe(200);
    expect((await mine<RenewalForecast>("/api/user-domains/forecast")).body).toMatchObject({ laterCount: 1, total: { domains: 0 } });
  });

  it("names a domain its registrar account no longer lists instead of totalling it", async () => {
    const mine = authed(app(), (await registerUser(app())).cookie);
    const added = await mine<{ id: number }>("/api/user-domains", {
      method: "POST", body: { domainName: "gone.net", serviceProviderId: own.providerId, expirationDate: SOON, autoRenew: true },
    });
    expect((await mine<RenewalForecast>("/api/user-domains/forecast")).body.total.domains).toBe(1);
    const { orm: db, t } = getDb();
    await db.update(t.userDomains).set({ departedAt: new Date() }).where(eq(t.userDomains.id, added.body.id));
    const { body } = await mine<RenewalForecast>("/api/user-domains/forecast");
    expect(body.total.domains).toBe(0);
    expect(body.notInTotals.map((d) => [d.domainName, d.reason])).toEqual([["gone.net", "departed"]]);
  });

  it("names an IDN as people write it beside its ASCII form, in the list left out and in the per-domain lines", async () => {
    const mine = authed(app(), (await registerUser(app())).cookie);
    for (const body of [
      { domainName: "müller.net", serviceProviderId: own.providerId, autoRenew: true },
      { domainName: "bücher.net", serviceProviderId: own.providerId, expirationDate: SOON, autoRenew: true },
    ]) expect((await mine("/api/user-domains", { method: "POST", body })).status).toBe(201);
    const { body } = await mine<RenewalForecast>("/api/user-domains/forecast");
    expect(body.notInTotals.map((d) => [d.domainName, d.unicodeName, d.reason])).toEqual([["xn--mller-kva.net", "müller.net", "noExpiryDate"]]);
    const lines = parseCsv((await mine("/api/user-domains/forecast-domains.csv")).text);
    expect(lines.slice(1).map((r) => r[1])).toEqual(["xn--bcher-kva.net"]);
  });

  it("is 400 for an unknown currency, and 401 signed out, on both doors", async () => {
    for (const path of ["/api/user-domains/forecast?currency=QQQ", "/api/user-domains/forecast.csv?currency=QQQ"]) {
      const bad = await call<{ message: string }>(path);
      expect(bad.status, path).toBe(400);
      expect(bad.body.message).toContain('Unknown currency "QQQ"');
    }
    const trpcBad = await call<{ error: { data: { code: string } } }>(`/trpc/portfolio.forecast?input=${encodeURIComponent(JSON.stringify({ currency: "QQQ" }))}`);
    expect(trpcBad.body.error.data.code).toBe("BAD_REQUEST");
    for (const path of ["/api/user-domains/forecast", "/api/user-domains/forecast.csv", "/trpc/portfolio.forecast"]) {
      expect((await getJson(app(), path)).status, path).toBe(401);
    }
  });
});
