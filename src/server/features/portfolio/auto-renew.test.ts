/**
 * Auto-renew's three states (on, off, unknown) through the API: how each is set, the summary's
 * totals per state, the forecast's "expected if it renews" sums beside its totals (worked out
 * by hand below), the one-click answer, and the exports read back: the portfolio CSV with the
 * registry's record and each date's source, the forecast CSV and its per-domain file, whose
 * records add up to the totals.
 */
import { and, eq, notInArray } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { upsertExchangeRates } from "../../../../db/repositories/exchange-rate-repository.ts";
import { saveRegistryResults } from "../../../../db/repositories/registry-record-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../../testing/auth.ts";
import { createTestApp } from "../../testing/test-app.ts";
import { parseCsv } from "./csv.ts";
import { EXPORT_EXTRA_COLUMNS } from "./csv-transfer.ts";
import { FORECAST_DOMAINS_CSV_HEADER, IF_RENEWS_ROW } from "./forecast-service.ts";
import type { RenewalForecast } from "./forecast.ts";
import type { UserDomainItem } from "./item.ts";
import type { PortfolioSummary } from "./summary.ts";

const DAY_MS = 86_400_000;
const RATE_DAY = "2099-01-02"; // 1 USD = 0.80 EUR exactly
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const SOON = day(40);

forEachDialect("auto-renew on, off and unknown", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });
  let call: ReturnType<typeof authed>;
  let own: { id: number; providerId: number; name: string };
  let rival: { id: number; providerId: number; name: string };
  const ids = new Map<string, number>();

  /** .net at two active USD providers, confirmed yesterday: own 30.00, rival 20.00; every other .net quote stale. */
  beforeAll(async () => {
    const { orm: db, t } = getDb();
    const dp = t.domainPrices;
    await upsertExchangeRates(getDb(), RATE_DAY, { EUR: 1, USD: 1.25 });
    const [net] = await db.select({ id: t.tlds.id }).from(t.tlds).where(eq(t.tlds.name, "net"));
    const quotes = await db.select({ id: dp.id, providerId: dp.serviceProviderId, name: t.serviceProviders.name })
      .from(dp).innerJoin(t.serviceProviders, eq(t.serviceProviders.id, dp.serviceProviderId))
      .where(and(eq(dp.tldId, net!.id), eq(dp.currency, "USD"), eq(t.serviceProviders.isActive, true)))
      .orderBy(t.serviceProviders.name);
    [own, rival] = [quotes[0]!, quotes[1]!];
    await db.update(dp).set({ lastCheckedAt: new Date(Date.now() - 200 * DAY_MS) }).where(and(eq(dp.tldId, net!.id), notInArray(dp.id, [own.id, rival.id])));
    await db.update(dp).set({ lastCheckedAt: new Date(Date.now() - DAY_MS), renewalPrice: 3000 }).where(eq(dp.id, own.id));
    await db.update(dp).set({ lastCheckedAt: new Date(Date.now() - DAY_MS), renewalPrice: 2000 }).where(eq(dp.id, rival.id));

    call = authed(app(), (await registerUser(app())).cookie);
    for (const body of [
      { domainName: "on.net", serviceProviderId: own.providerId, expirationDate: SOON, autoRenew: true },
      { domainName: "unsaid.net", serviceProviderId: own.providerId, expirationDate: SOON },
      { domainName: "unknown.net", serviceProviderId: rival.providerId, expirationDate: SOON, autoRenewState: "unknown" },
      { domainName: "off.net", serviceProviderId: own.providerId, expirationDate: SOON, autoRenewState: "off" },
    ]) {
      const added = await call<UserDomainItem>("/api/user-domains", { method: "POST", body });
      expect(added.status).toBe(201);
      ids.set(body.domainName, added.body.id);
    }
  });

  const forecast = async () => (await call<RenewalForecast>("/api/user-domains/forecast?currency=EUR")).body;
  const monthOf = (f: RenewalForecast) => f.months.find((m) => m.month === SOON.slice(0, 7))!;

  it("stores what each way of adding said: on, off, or unknown when nothing was said", async () => {
    const page = (await call<{ data: UserDomainItem[] }>("/api/user-domains?limit=100")).body.data;
    expect(page.map((d) => [d.domainName, d.autoRenew, d.autoRenewState])).toEqual([
      ["off.net", false, "off"], ["on.net", true, "on"], ["unknown.net", false, "unknown"], ["unsaid.net", false, "unknown"],
    ]);
    const clash = await call<{ message: string }>("/api/user-domains", { method: "POST", body: { domainName: "clash.net", autoRenew: true, autoRenewState: "off" } });
    expect(clash.status).toBe(400);
    expect(clash.body.message).toContain("autoRenew and autoRenewState say different things");
    const word = await call<{ message: string }>("/api/user-domains", { method: "POST", body: { domainName: "word.net", autoRenewState: "maybe" } });
    expect(word.status).toBe(400);
    expect(word.body.message).toContain('Auto-renew must be "on", "off" or "unknown"');
  });

  it("totals each state in the summary: what renews, what is expected if it renews, what will not", async () => {
    const summary = (await call<PortfolioSummary>("/api/user-domains/summary?currency=EUR")).body;
    // USD: on 30.00; unknown 30.00 + 20.00 = 50.00; off 30.00; all four 110.00.
    expect(summary.totalYearlyRenewal).toEqual({ amount: "110.00", currency: "USD", domainsWithoutPrice: 0 });
    expect(summary.byAutoRenew).toEqual({
      on: { domains: 1, amount: "30.00", domainsWithoutPrice: 0, currency: "USD" },
      unknown: { domains: 2, amount: "50.00", domainsWithoutPrice: 0, currency: "USD" },
      off: { domains: 1, amount: "30.00", domainsWithoutPrice: 0, currency: "USD" },
    });
    // EUR at 0.80: 24.00, 24.00 + 16.00 = 40.00, 24.00.
    expect(summary.display!.byAutoRenew).toEqual({
      on: { domains: 1, amount: "24.00", domainsWithoutPrice: 0 },
      unknown: { domains: 2, amount: "40.00", domainsWithoutPrice: 0 },
      off: { domains: 1, amount: "24.00", domainsWithoutPrice: 0 },
    });
    const soon = summary.expiring.within90.map((e) => [e.domainName, e.autoRenewState, e.warning]);
    expect(soon).toEqual([
      ["off.net", "off", "Auto-renew is off"], ["on.net", "on", null],
      ["unknown.net", "unknown", "Nobody has said whether it renews automatically"],
      ["unsaid.net", "unknown", "Nobody has said whether it renews automatically"],
    ]);
  });

  it("counts unknown auto-renew as expected if it renews, apart from the totals, until the owner answers", async () => {
    const before = await forecast();
    // Totals: on.net 24.00 (16.00 at the rival). Expected if it renews: unsaid.net 24.00 (16.00), unknown.net 16.00 (16.00).
    expect(monthOf(before)).toMatchObject({ domains: 1, atRegistrar: "24.00", atCheapest: "16.00", difference: "8.00" });
    expect(monthOf(before).ifRenews).toMatchObject({ domains: 2, atRegistrar: "40.00", atCheapest: "32.00", difference: "8.00" });
    expect(before.total).toMatchObject({ domains: 1, atRegistrar: "24.00", atCheapest: "16.00" });
    expect(before.ifRenews).toMatchObject({ domains: 2, atRegistrar: "40.00", atCheapest: "32.00" });
    expect(before.notInTotals.map((d) => [d.domainName, d.reason])).toEqual([["off.net", "autoRenewOff"]]);

    // The card's one click: "Does this renew automatically? Yes".
    const answered = await call<UserDomainItem>(`/api/user-domains/${ids.get("unsaid.net")}`, { method: "PUT", body: { autoRenewState: "on" } });
    expect(answered.body).toMatchObject({ autoRenew: true, autoRenewState: "on" });
    const after = await forecast();
    expect(monthOf(after)).toMatchObject({ domains: 2, atRegistrar: "48.00", atCheapest: "32.00", difference: "16.00" });
    expect(monthOf(after).ifRenews).toMatchObject({ domains: 1, atRegistrar: "16.00", atCheapest: "16.00", difference: "0.00" });
    // And back to "don't know".
    const back = await call<UserDomainItem>(`/api/user-domains/${ids.get("unsaid.net")}`, { method: "PUT", body: { autoRenew: null } });
    expect(back.body.autoRenewState).toBe("unknown");
  });

  it("writes the forecast's totals and each domain's figures to two CSV files that add up", async () => {
    const totals = await call("/api/user-domains/forecast.csv?currency=EUR");
    const perDomain = await call("/api/user-domains/forecast-domains.csv?currency=EUR");
    expect(perDomain.status).toBe(200);
    expect(perDomain.res.headers.get("content-disposition")).toMatch(/^attachment; filename="renewal-forecast-domains-\d{4}-\d\d-\d\d-EUR\.csv"$/);
    const month = SOON.slice(0, 7);
    const totalRecords = parseCsv(totals.text);
    const monthAll = totalRecords.find((r) => r[0] === month && r[1] === "All registrars")!;
    const monthIf = totalRecords.find((r) => r[0] === month && r[1] === IF_RENEWS_ROW)!;
    expect(monthAll.slice(2, 7)).toEqual(["1", "EUR", "24.00", "16.00", "8.00"]);
    expect(monthIf.slice(2, 7)).toEqual(["2", "EUR", "40.00", "32.00", "8.00"]);

    const [header, ...rows] = parseCsv(perDomain.text);
    expect(header).toEqual([...FORECAST_DOMAINS_CSV_HEADER]);
    const col = (name: (typeof FORECAST_DOMAINS_CSV_HEADER)[number]) => header!.indexOf(name);
    expect(rows.map((r) => [r[col("domain")], r[col("counts_as")], r[col("at_registrar")], r[col("at_cheapest")], r[col("cheapest_at")]])).toEqual([
      ["on.net", "renews automatically", "24.00", "16.00", rival.name],
      ["unknown.net", "expected if it renews", "16.00", "16.00", rival.name],
      ["unsaid.net", "expected if it renews", "24.00", "16.00", rival.name],
    ]);
    const sum = (counts: string, column: "at_registrar" | "at_cheapest") =>
      rows.filter((r) => r[col("month")] === month && r[col("counts_as")] === counts).reduce((s, r) => s + Math.round(Number(r[col(column)]) * 100), 0) / 100;
    expect([sum("renews automatically", "at_registrar"), sum("renews automatically", "at_cheapest")]).toEqual([Number(monthAll[4]), Number(monthAll[5])]);
    expect([sum("expected if it renews", "at_registrar"), sum("expected if it renews", "at_cheapest")]).toEqual([Number(monthIf[4]), Number(monthIf[5])]);
  });

  it("exports the registry's record beside the typed fields, with each date's source, and imports the export back", async () => {
    const checkedAt = new Date(Date.now() - 3600_000);
    await saveRegistryResults(getDb(), [{
      userDomainId: ids.get("on.net")!, domainName: "on.net", outcome: "ok", protocol: "rdap", rdapServer: "https://rdap.example/", expirationDate: day(45),
      registrationDate: "2012-05-01", lastChangedDate: "2025-01-02", statuses: ["clientTransferProhibited", "ok"], nameservers: [],
      registrarIanaId: 1068, registrarName: "NameCheap, Inc.", checkedAt, nextCheckAt: new Date(Date.now() + 7 * DAY_MS),
    }, {
      userDomainId: ids.get("unsaid.net")!, domainName: "unsaid.net", outcome: "ok", protocol: "whois", rdapServer: "whois://whois.example", expirationDate: day(41),
      registrationDate: null, lastChangedDate: null, statuses: [], nameservers: [], registrarIanaId: 292, registrarName: "MarkMonitor Inc.",
      checkedAt, nextCheckAt: new Date(Date.now() + 7 * DAY_MS),
    }]);
    const exported = await call("/api/user-domains/export.csv");
    const [header, ...rows] = parseCsv(exported.text);
    expect(header).toEqual(["domainName", "tld", "registrar", "registrationDate", "expirationDate", "autoRenew", "notes", ...EXPORT_EXTRA_COLUMNS]);
    const byName = new Map(rows.map((r) => [r[0], Object.fromEntries(header!.map((h, i) => [h, r[i]]))]));
    expect(byName.get("on.net")).toMatchObject({
      registrar: own.name, autoRenew: "true", expirationDate: SOON, registrarInForce: own.name, registrarSource: "owner", registrarIanaId: "1068",
      expirationDateInForce: day(45), expirationDateSource: "registry", registrationDateInForce: "2012-05-01", registrationDateSource: "registry",
      registryOutcome: "ok", registryProtocol: "rdap", registryExpirationDate: day(45), registryLastChanged: "2025-01-02",
      registryStatuses: "clientTransferProhibited ok", registryCheckedAt: checkedAt.toISOString(),
    });
    expect(byName.get("unsaid.net")).toMatchObject({
      autoRenew: "unknown", expirationDateInForce: day(41), expirationDateSource: "registry (WHOIS)", registryProtocol: "whois", registrarIanaId: "292",
    });
    expect(byName.get("off.net")).toMatchObject({ autoRenew: "false", expirationDateSource: "typed", registryOutcome: "pending", registryExpirationDate: "" });

    const other = authed(app(), (await registerUser(app())).cookie);
    const imported = await other<{ totals: { added: number; rejected: number } }>("/api/user-domains/import", {
      method: "POST", body: exported.text, headers: { "content-type": "text/csv" },
    });
    expect(imported.body.totals).toEqual({ rows: 4, added: 4, updated: 0, rejected: 0 });
    const theirs = (await other<{ data: UserDomainItem[] }>("/api/user-domains?limit=100")).body.data;
    // The typed fields travel; what the registry said is looked up again for the new owner.
    expect(theirs.map((d) => [d.domainName, d.autoRenewState, d.expirationDate, d.serviceProvider?.name])).toEqual([
      ["off.net", "off", SOON, own.name], ["on.net", "on", SOON, own.name], ["unknown.net", "unknown", SOON, rival.name], ["unsaid.net", "unknown", SOON, own.name],
    ]);
  });
});
