import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { listQuotesForTlds } from "../../../../db/repositories/domain-price-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { DEFAULT_PRICE_STALE_DAYS } from "../../../shared/price-freshness.ts";
import { minorToDecimalString } from "../../../shared/price-format.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../../testing/auth.ts";
import { createTestApp } from "../../testing/test-app.ts";
import type { UserDomainItem } from "./item.ts";
import { getPortfolioSummary, type PortfolioSummary } from "./summary.ts";

const isoDay = (offsetDays: number, from = new Date()) => new Date(from.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

forEachDialect("portfolio pricing and summary", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });
  let call: ReturnType<typeof authed>;
  let userId: number;
  const providers = new Map<string, number>();
  /** Active providers' .com renewal quotes, straight from the seeded prices. */
  type Freshness = { lastCheckedAt: string; isStale: boolean; changedAt: string };
  let comUsd: { provider: string; id: number; domain: string; cents: number; fresh: Freshness }[];
  let comEur: { provider: string; cents: number; fresh: Freshness }[];

  beforeAll(async () => {
    const db = getDb();
    call = authed(app(), (await registerUser(app())).cookie);
    userId = ((await call<{ id: number }>("/api/auth/user")).body).id;
    for (const p of await db.orm.select({ id: db.t.serviceProviders.id, name: db.t.serviceProviders.name }).from(db.t.serviceProviders)) providers.set(p.name, p.id);
    const [com] = await db.orm.select({ id: db.t.tlds.id }).from(db.t.tlds).where(eq(db.t.tlds.name, "com"));
    const quotes = (await listQuotesForTlds(db, [com!.id])).filter((q) => (q.renewalPrice ?? 0) > 0);
    const fresh = (q: { lastCheckedAt: Date; changedAt: Date }) => ({
      lastCheckedAt: q.lastCheckedAt.toISOString(), isStale: Date.now() - q.lastCheckedAt.getTime() >= 90 * 86_400_000, changedAt: q.changedAt.toISOString(),
    });
    // Fresh quotes first: a stale one is only the cheapest when no fresh one exists.
    type Ranked = { cents: number; provider: string; fresh: Freshness };
    const byPrice = (a: Ranked, b: Ranked) => Number(a.fresh.isStale) - Number(b.fresh.isStale) || a.cents - b.cents || a.provider.localeCompare(b.provider);
    comUsd = quotes.filter((q) => q.currency === "USD")
      .map((q) => ({ provider: q.serviceProvider.name, id: q.serviceProvider.id, domain: q.serviceProvider.domain, cents: q.renewalPrice!, fresh: fresh(q) }))
      .sort(byPrice);
    comEur = quotes.filter((q) => q.currency === "EUR").map((q) => ({ provider: q.serviceProvider.name, cents: q.renewalPrice!, fresh: fresh(q) })).sort(byPrice);
    expect(comUsd.length).toBeGreaterThan(3);
    expect(comEur.length).toBeGreaterThan(0);
  });

  const add = async (body: Record<string, unknown>) => {
    const res = await call<UserDomainItem>("/api/user-domains", { method: "POST", body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

  it("prices a .com at the dearest active provider: current, cheapest elsewhere and the yearly saving", async () => {
    const dearest = comUsd[comUsd.length - 1]!;
    const cheapest = comUsd[0]!;
    const item = await add({ domainName: "pricey.com", serviceProviderId: dearest.id });
    const saving = cheapest.fresh.isStale && !dearest.fresh.isStale ? null : minorToDecimalString(dearest.cents - cheapest.cents);
    expect(item.pricing).toEqual({
      currentRenewal: { price: minorToDecimalString(dearest.cents), currency: "USD", ...dearest.fresh },
      cheapestRenewal: { price: minorToDecimalString(cheapest.cents), currency: "USD", ...cheapest.fresh, serviceProvider: { id: cheapest.id, name: cheapest.provider, domain: cheapest.domain } },
      yearlySaving: saving,
      yearlySavingIsStale: dearest.fresh.isStale || cheapest.fresh.isStale,
      // Without a display currency the saving shown is the USD one.
      saving: saving === null ? null : { price: saving, currency: "USD" },
    });
  });

  it("has no saving when already at the cheapest provider, and no current price without a provider", async () => {
    const atCheapest = await add({ domainName: "thrifty.com", serviceProviderId: comUsd[0]!.id });
    expect(atCheapest.pricing.currentRenewal).toEqual(atCheapest.pricing.cheapestRenewal && { price: atCheapest.pricing.cheapestRenewal.price, currency: "USD", ...comUsd[0]!.fresh });
    expect(atCheapest.pricing.yearlySaving).toBeNull();
    const unassigned = await add({ domainName: "nobody.com" });
    expect(unassigned.pricing.currentRenewal).toBeNull();
    expect(unassigned.pricing.cheapestRenewal?.price).toBe(minorToDecimalString(comUsd[0]!.cents));
    expect(unassigned.pricing.yearlySaving).toBeNull();
  });

  it("compares a EUR quote with EUR quotes, ignores inactive providers and never converts currencies", async () => {
    const eur = await add({ domainName: "euro.com", serviceProviderId: providers.get("easyname") });
    expect(eur.pricing.currentRenewal).toEqual({ price: minorToDecimalString(comEur[0]!.cents), currency: "EUR", ...comEur[0]!.fresh });
    expect(eur.pricing.cheapestRenewal).toMatchObject({ currency: "EUR", price: minorToDecimalString(comEur[0]!.cents) });
    expect(eur.pricing.yearlySaving).toBeNull();
    const retired = await add({ domainName: "retired.com", serviceProviderId: providers.get("Google Domains") });
    expect(retired.serviceProvider?.name).toBe("Google Domains");
    expect(retired.pricing.currentRenewal).toBeNull();
    expect(retired.pricing.cheapestRenewal?.serviceProvider.name).toBe(comUsd[0]!.provider);
  });

  it("sums the portfolio and buckets expiring domains by days left (UTC today)", async () => {
    await add({ domainName: "soon.com", expirationDate: isoDay(10), serviceProviderId: providers.get("Porkbun"), autoRenew: false });
    await add({ domainName: "later.com", expirationDate: isoDay(45), autoRenew: true });
    await add({ domainName: "quarter.com", expirationDate: isoDay(80) });
    await add({ domainName: "lapsed.com", expirationDate: isoDay(-5) });
    await add({ domainName: "far.com", expirationDate: isoDay(200) });
    const items = (await call<{ data: UserDomainItem[] }>("/api/user-domains?page=1")).body.data;
    const usd = items.filter((i) => i.pricing.currentRenewal?.currency === "USD");
    const cents = (s: string) => Math.round(Number(s) * 100);
    const { status, body } = await call<PortfolioSummary>("/api/user-domains/summary");
    expect(status).toBe(200);
    expect(body.domainCount).toBe(items.length);
    expect(body.totalYearlyRenewal).toEqual({
      amount: minorToDecimalString(usd.reduce((sum, i) => sum + cents(i.pricing.currentRenewal!.price), 0)),
      currency: "USD", domainsWithoutPrice: items.length - usd.length,
    });
    const savings = items.reduce((sum, i) => sum + (i.pricing.yearlySaving ? cents(i.pricing.yearlySaving) : 0), 0);
    expect(savings).toBeGreaterThan(0);
    expect(body.totalPossibleSaving).toEqual({ amount: minorToDecimalString(savings), currency: "USD" });
    const soon = items.find((i) => i.domainName === "soon.com")!;
    expect(body.expiring.within30).toEqual([{
      id: soon.id, domainName: "soon.com", unicodeName: null, expirationDate: isoDay(10), daysLeft: 10, autoRenew: false, autoRenewState: "off", warning: "Auto-renew is off",
    }]);
    expect(body.expiring.within60.map((e) => [e.domainName, e.daysLeft, e.warning])).toEqual([["soon.com", 10, "Auto-renew is off"], ["later.com", 45, null]]);
    expect(body.expiring.within90.map((e) => e.domainName)).toEqual(["soon.com", "later.com", "quarter.com"]);
    expect(body.expiring.expired.map((e) => [e.domainName, e.daysLeft])).toEqual([["lapsed.com", -5]]);
    expect(body.expiringCounts).toEqual({ expired: 1, within30: 1, within60: 2, within90: 3 });
  });

  it("counts each window from today to its limit and every lapsed date as expired, for an injected 'now'", async () => {
    const now = new Date("2031-03-01T23:30:00Z");
    const before = (await getPortfolioSummary(getDb(), userId, DEFAULT_PRICE_STALE_DAYS, now)).expiringCounts;
    for (const days of [0, 30, 31, 60, 61, 90, 91, -1, -30, -400]) await add({ domainName: `edge${days < 0 ? "m" : ""}${Math.abs(days)}.net`, expirationDate: isoDay(days, now) });
    const summary = await getPortfolioSummary(getDb(), userId, DEFAULT_PRICE_STALE_DAYS, now);
    const names = (list: { domainName: string }[]) => list.map((e) => e.domainName).filter((n) => n.startsWith("edge"));
    expect(names(summary.expiring.within30)).toEqual(["edge0.net", "edge30.net"]);
    expect(names(summary.expiring.within60)).toEqual(["edge0.net", "edge30.net", "edge31.net", "edge60.net"]);
    expect(names(summary.expiring.within90)).toEqual(["edge0.net", "edge30.net", "edge31.net", "edge60.net", "edge61.net", "edge90.net"]);
    // Most recently lapsed first, however long ago.
    expect(names(summary.expiring.expired)).toEqual(["edgem1.net", "edgem30.net", "edgem400.net"]);
    const added = Object.fromEntries(Object.entries(summary.expiringCounts).map(([k, n]) => [k, n - before[k as keyof typeof before]]));
    expect(added).toEqual({ expired: 3, within30: 2, within60: 4, within90: 6 });
  });
});
