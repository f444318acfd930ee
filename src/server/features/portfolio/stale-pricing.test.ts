import { and, eq, inArray, notInArray } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, registerUser } from "../../testing/auth.ts";
import { createTestApp } from "../../testing/test-app.ts";
import type { UserDomainItem } from "./item.ts";
import type { PortfolioSummary } from "./summary.ts";

const DAY = 86_400_000;

forEachDialect("portfolio pricing with stale quotes", (getDb) => {
  let call: ReturnType<typeof authed>;
  let sessionCookie: string;
  let own: { id: number; providerId: number };
  let rival: { id: number; providerId: number; name: string };
  let staleCheapest: number;
  let netId: number;

  beforeAll(async () => {
    const { orm: db, t } = getDb();
    const dp = t.domainPrices;
    const [net] = await db.select({ id: t.tlds.id }).from(t.tlds).where(eq(t.tlds.name, "net"));
    netId = net!.id;
    const quotes = await db.select({ id: dp.id, providerId: dp.serviceProviderId, name: t.serviceProviders.name, renewal: dp.renewalPrice })
      .from(dp).innerJoin(t.serviceProviders, eq(t.serviceProviders.id, dp.serviceProviderId))
      .where(and(eq(dp.tldId, net!.id), eq(dp.currency, "USD"), eq(t.serviceProviders.isActive, true)));
    expect(quotes.length).toBeGreaterThan(3);
    [own, rival] = [quotes[0]!, quotes[1]!];
    staleCheapest = Math.min(...quotes.slice(2).filter((q) => q.renewal).map((q) => q.renewal!));
    expect(staleCheapest).toBeLessThan(2000);
  });

  /** Each test: a new user, and .net at two active USD providers made fresh (own 30.00, rival 20.00), every other quote checked 200 days ago. */
  beforeEach(async () => {
    const handle = getDb();
    const { orm: db, t } = handle;
    const dp = t.domainPrices;
    const app = createTestApp(handle, { env: AUTH_TEST_ENV });
    sessionCookie = (await registerUser(app)).cookie;
    call = authed(app, sessionCookie);
    await db.update(dp).set({ lastCheckedAt: new Date(Date.now() - 200 * DAY) }).where(and(eq(dp.tldId, netId), notInArray(dp.id, [own.id, rival.id])));
    await db.update(dp).set({ lastCheckedAt: new Date(Date.now() - DAY), renewalPrice: 3000 }).where(eq(dp.id, own.id));
    await db.update(dp).set({ lastCheckedAt: new Date(Date.now() - DAY), renewalPrice: 2000 }).where(eq(dp.id, rival.id));
  });

  it("the cheapest renewal elsewhere and the saving ignore cheaper stale quotes while a fresh one exists", async () => {
    const { body: item } = await call<UserDomainItem>("/api/user-domains", { method: "POST", body: { domainName: "mine.net", serviceProviderId: own.providerId } });
    expect(item.pricing).toMatchObject({
      currentRenewal: { price: "30.00", isStale: false },
      cheapestRenewal: { price: "20.00", isStale: false, serviceProvider: { id: rival.providerId, name: rival.name } },
      yearlySaving: "10.00", yearlySavingIsStale: false,
    });
    const summary = (await call<PortfolioSummary>("/api/user-domains/summary")).body;
    expect(summary.totalPossibleSaving.amount).toBe("10.00");
  });

  const addMine = async () =>
    expect((await call("/api/user-domains", { method: "POST", body: { domainName: "mine.net", serviceProviderId: own.providerId } })).status).toBe(201);

  it("once the rival turns stale, the own fresh quote is the cheapest and no saving is claimed", async () => {
    await addMine();
    const { orm: db, t } = getDb();
    await db.update(t.domainPrices).set({ lastCheckedAt: new Date(Date.now() - 91 * DAY) }).where(inArray(t.domainPrices.id, [rival.id]));
    const [item] = (await call<{ data: UserDomainItem[] }>("/api/user-domains?page=1")).body.data.filter((d) => d.domainName === "mine.net");
    expect(item!.pricing).toMatchObject({
      currentRenewal: { price: "30.00", isStale: false },
      cheapestRenewal: { price: "30.00", isStale: false, serviceProvider: { id: own.providerId } },
      yearlySaving: null, yearlySavingIsStale: false,
    });
    expect((await call<PortfolioSummary>("/api/user-domains/summary")).body.totalPossibleSaving.amount).toBe("0.00");
  });

  it("when every quote is stale, the cheapest is the lowest stale one and the saving says it is stale", async () => {
    await addMine();
    const { orm: db, t } = getDb();
    await db.update(t.domainPrices).set({ lastCheckedAt: new Date(Date.now() - 91 * DAY) }).where(inArray(t.domainPrices.id, [own.id, rival.id]));
    const [item] = (await call<{ data: UserDomainItem[] }>("/api/user-domains?page=1")).body.data.filter((d) => d.domainName === "mine.net");
    expect(item!.pricing).toMatchObject({
      currentRenewal: { price: "30.00", isStale: true },
      cheapestRenewal: { price: (staleCheapest / 100).toFixed(2), isStale: true },
      yearlySaving: ((3000 - staleCheapest) / 100).toFixed(2), yearlySavingIsStale: true,
    });
  });
  it("judges staleness with the configured PRICE_STALE_DAYS: a rival quote checked 60 days ago is fresh with 90, stale with 30", async () => {
    const handle = getDb();
    const { orm: db, t } = handle;
    await addMine();
    await db.update(t.domainPrices).set({ lastCheckedAt: new Date(Date.now() - 60 * DAY) }).where(inArray(t.domainPrices.id, [rival.id]));
    const withWindow = (days: number) => authed(createTestApp(handle, { env: { ...AUTH_TEST_ENV, PRICE_STALE_DAYS: String(days) } }), sessionCookie);
    const mineIn = async (c: ReturnType<typeof authed>) =>
      (await c<{ data: UserDomainItem[] }>("/api/user-domains?page=1")).body.data.find((d) => d.domainName === "mine.net")!;

    const lenient = withWindow(90);
    const fresh = await mineIn(lenient);
    expect(fresh.pricing).toMatchObject({
      currentRenewal: { price: "30.00", isStale: false },
      cheapestRenewal: { price: "20.00", isStale: false, serviceProvider: { id: rival.providerId } },
      yearlySaving: "10.00", yearlySavingIsStale: false,
    });
    expect((await lenient<UserDomainItem>(`/api/user-domains/${fresh.id}`)).body.pricing.cheapestRenewal).toMatchObject({ price: "20.00", isStale: false });
    expect((await lenient<PortfolioSummary>("/api/user-domains/summary")).body.totalPossibleSaving.amount).toBe("10.00");
    const trpcInput = encodeURIComponent(JSON.stringify({}));
    const viaTrpc = await lenient<{ result: { data: { data: UserDomainItem[] } } }>(`/trpc/portfolio.list?input=${trpcInput}`);
    expect(viaTrpc.body.result.data.data.find((d) => d.domainName === "mine.net")!.pricing.cheapestRenewal).toMatchObject({ price: "20.00" });

    const strict = withWindow(30);
    const stale = await mineIn(strict);
    expect(stale.pricing).toMatchObject({
      currentRenewal: { price: "30.00", isStale: false },
      cheapestRenewal: { price: "30.00", isStale: false, serviceProvider: { id: own.providerId } },
      yearlySaving: null, yearlySavingIsStale: false,
    });
    expect((await strict<UserDomainItem>(`/api/user-domains/${stale.id}`)).body.pricing.cheapestRenewal).toMatchObject({ price: "30.00" });
    expect((await strict<PortfolioSummary>("/api/user-domains/summary")).body.totalPossibleSaving.amount).toBe("0.00");
    const strictTrpc = await strict<{ result: { data: { data: UserDomainItem[] } } }>(`/trpc/portfolio.list?input=${trpcInput}`);
    expect(strictTrpc.body.result.data.data.find((d) => d.domainName === "mine.net")!.pricing.cheapestRenewal).toMatchObject({ price: "30.00" });
  });
});
