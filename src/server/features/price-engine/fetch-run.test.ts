import { and, desc, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "../../../../db/client.ts";
import { listQuotesByProvider } from "../../../../db/repositories/domain-price-repository.ts";
import { rebuildAllPriceRows } from "../../../../db/repositories/price-summary-repository.ts";
import { findServiceProviderBySlug } from "../../../../db/repositories/service-provider-repository.ts";
import type { PriceQuote } from "../../integrations/prices/types.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { PriceSourceError, type PriceSource } from "../../integrations/prices/source.ts";
import { createLogger } from "../../lib/logger.ts";
import { createTestApp, getJson } from "../../testing/test-app.ts";
import type { PricePage, PriceRow } from "../../../shared/price-quote.ts";
import { testPriceSource, usd } from "../../testing/test-price-source.ts";
import { ensurePriceEngineDefaults } from "./defaults.ts";
import { runPriceFetch, type FetchJobData, type PricesAppliedEvent } from "./fetch-run.ts";

const JOB: FetchJobData = { providerKey: "porkbun", requestType: "provider", source: "auto" };

forEachDialect("price fetch run", (getDb) => {
  let pricesChanged = 0;
  const run = (source: PriceSource, options: { timeoutMs?: number; signal?: AbortSignal } = {}) =>
    runPriceFetch({
      db: getDb(), log: createLogger("silent"), sources: { live: new Map([[source.providerKey, source]]), bundled: () => null },
      onPricesChanged: () => pricesChanged++, fetchTimeoutMs: options.timeoutMs ?? 5000, staleDays: 90,
    }, JOB, options.signal ?? new AbortController().signal);

  const porkbunId = async () => (await findServiceProviderBySlug(getDb(), "porkbun"))!.id;
  const stored = async () => {
    const { orm: db, t } = getDb();
    return db.select().from(t.domainPrices).where(eq(t.domainPrices.serviceProviderId, await porkbunId()));
  };
  const history = async (db: Db) => {
    const { t } = db;
    return db.orm.select().from(t.domainPriceHistory).where(eq(t.domainPriceHistory.serviceProviderId, await porkbunId())).orderBy(t.domainPriceHistory.id);
  };
  const lastLog = async () => {
    const { orm: db, t } = getDb();
    const [row] = await db.select().from(t.priceLogs).orderBy(desc(t.priceLogs.id)).limit(1);
    return row!;
  };
  /** Porkbun's stored list as a source would answer it, with edits. */
  const currentList = async (): Promise<PriceQuote[]> =>
    (await listQuotesByProvider(getDb(), await porkbunId())).map((q) => ({
      tld: q.tld.name, registration: q.registrationPrice, renewal: q.renewalPrice, transfer: q.transferPrice,
      currency: q.currency, isPromo: q.isPromo, regularRegistration: q.regularRegistrationPrice,
    }));

  it("keeps unchanged quotes (moving lastCheckedAt), records changed and retired ones in history, skips non-TLD names", async () => {
    await ensurePriceEngineDefaults(getDb());
    const before = await stored();
    const historyBefore = (await history(getDb())).length;
    const list = (await currentList()).filter((q) => q.tld !== "org");
    const net = list.find((q) => q.tld === "net")!;
    net.registration = net.registration! + 100;
    const observedAt = new Date();
    const source = testPriceSource("porkbun", async () => ({
      observedAt, quotes: [...list, usd("not-a-tld-zz", 500), usd("foo.com", 700)], skipped: [{ name: "hns", reason: "handshake" }],
    }));
    const outcome = await run(source);

    expect(outcome).toMatchObject({ status: "success", resultCount: list.length, skippedCount: 3 });
    const log = await lastLog();
    expect(log).toMatchObject({ status: "success", requestType: "provider", resultCount: list.length, skippedCount: 3, errorMessage: null });
    expect(log.completedAt).toBeInstanceOf(Date);

    const after = await stored();
    const byTld = (rows: typeof before, tldName: string) => rows.find((r) => r.tldId === tldIdOf(tldName))!;
    const tldIds = new Map((await getDb().orm.select().from(getDb().t.tlds)).map((t) => [t.name, t.id]));
    const tldIdOf = (n: string) => tldIds.get(n)!;
    expect(after).toHaveLength(before.length - 1);
    expect(after.find((r) => r.tldId === tldIdOf("org"))).toBeUndefined();
    const comBefore = byTld(before, "com");
    const comAfter = byTld(after, "com");
    expect(comAfter.lastCheckedAt.getTime()).toBe(observedAt.getTime());
    expect(comAfter.changedAt.getTime()).toBe(comBefore.changedAt.getTime());
    expect(comAfter.registrationPrice).toBe(comBefore.registrationPrice);
    const netAfter = byTld(after, "net");
    expect(netAfter.registrationPrice).toBe(byTld(before, "net").registrationPrice! + 100);
    expect(netAfter.changedAt.getTime()).toBe(observedAt.getTime());

    const added = (await history(getDb())).slice(historyBefore);
    const day = observedAt.toISOString().slice(0, 10);
    expect(added).toHaveLength(2);
    expect(added.find((h) => h.tldId === tldIdOf("net"))).toMatchObject({
      endReason: "changed", registrationPrice: byTld(before, "net").registrationPrice,
      validFrom: byTld(before, "net").changedAt.toISOString().slice(0, 10), validUntil: day,
    });
    expect(added.find((h) => h.tldId === tldIdOf("org"))).toMatchObject({ endReason: "retired", validUntil: day });

    // The public answers follow: org no longer offered by Porkbun, net's summary moved.
    const app = createTestApp(getDb());
    const org = await getJson<{ serviceProvider: { name: string } }[]>(app, "/api/domain-prices/tld/org");
    expect(org.body.map((q) => q.serviceProvider.name)).not.toContain("Porkbun");
    expect(pricesChanged).toBeGreaterThan(0);
    expect(log.source).toBe("live");
    const status = await getJson(app, "/api/data-last-updated");
    expect(status.body).toMatchObject({ lastLiveFetch: log.completedAt!.toISOString(), lastUpdated: log.completedAt!.toISOString(), isDataUpdate: true, provider: "Porkbun" });
  });

  it("a list that confirms quotes moves their price rows' dates: the rows equal a full rewrite, fresh and formerly stale quotes alike", async () => {
    const handle = getDb();
    const { orm: db, t } = handle;
    const dp = t.domainPrices;
    const providerId = await porkbunId();
    // Half of Porkbun's quotes checked yesterday (fresh: their rows are patched), half 200 days ago (stale: rewritten).
    const day = 86_400_000;
    await db.update(dp).set({ lastCheckedAt: new Date(Date.now() - day) }).where(and(eq(dp.serviceProviderId, providerId), sql`${dp.tldId} % 2 = 0`));
    await db.update(dp).set({ lastCheckedAt: new Date(Date.now() - 200 * day) }).where(and(eq(dp.serviceProviderId, providerId), sql`${dp.tldId} % 2 = 1`));
    await rebuildAllPriceRows(handle, { staleDays: 90 });
    const rows = async () => new Map((await db.select().from(t.tldPriceRows)).map((r) => [r.tldId, JSON.parse(r.rowJson) as PriceRow]));
    const before = await rows();
    const porkbunTlds = new Set((await stored()).map((q) => q.tldId));
    const fresh = [...before.values()].find((r) => r.id % 2 === 0 && porkbunTlds.has(r.id) && r.sources.registration?.serviceProvider.id === providerId)!;
    const stale = [...before.values()].find((r) => r.id % 2 === 1 && porkbunTlds.has(r.id) && r.sources.registration?.isStale)!;
    expect(fresh).toBeDefined();
    expect(stale).toBeDefined();

    const observedAt = new Date();
    const outcome = await run(testPriceSource("porkbun", async () => ({ observedAt, quotes: await currentList(), skipped: [] })));
    expect(outcome).toMatchObject({ status: "success" });
    expect((await lastLog()).errorMessage).toBeNull();

    const row = async (name: string) =>
      (await getJson<PricePage>(createTestApp(handle), `/api/domain-prices?search=${encodeURIComponent(name)}&limit=100`)).body.data.find((r) => r.name === name)!;
    const freshAfter = await row(fresh.name);
    expect(freshAfter.lastCheckedAt).toBe(observedAt.toISOString());
    expect(freshAfter.sources.registration).toMatchObject({ serviceProvider: { id: providerId }, lastCheckedAt: observedAt.toISOString(), isStale: false });
    const staleAfter = await row(stale.name);
    expect(staleAfter.lastCheckedAt).toBe(observedAt.toISOString());
    expect(staleAfter.registrationIsStale).toBe(false);

    // Every stored row, patched or rewritten, says what rewriting it from the quotes says.
    const applied = await rows();
    await rebuildAllPriceRows(handle, { staleDays: 90 });
    expect(applied).toEqual(await rows());
  });

  it("matches second-level suffixes like the seed: co.uk is priced, plc.uk joins the catalogue under .uk, foo.com stays skipped", async () => {
    const { orm: db, t } = getDb();
    const tldRow = async (name: string) => (await db.select().from(t.tlds).where(eq(t.tlds.name, name)))[0];
    expect(await tldRow("plc.uk")).toBeUndefined(); // no bundled list sells it
    const list = (await currentList()).filter((q) => q.tld !== "co.uk");
    const source = testPriceSource("porkbun", async () => ({
      observedAt: new Date(), quotes: [...list, usd("co.uk", 777), usd("plc.uk", 888), usd("foo.com", 100)], skipped: [],
    }));
    expect(await run(source)).toMatchObject({ status: "success", resultCount: list.length + 2, skippedCount: 1 });

    const [uk, coUk, plcUk] = await Promise.all(["uk", "co.uk", "plc.uk"].map(tldRow));
    expect(plcUk).toMatchObject({ kind: "icann-suffix", parentTldId: uk!.id, category: "country-code" });
    expect(await tldRow("foo.com")).toBeUndefined();
    const priceOf = async (tldId: number) => (await stored()).find((r) => r.tldId === tldId)?.registrationPrice;
    expect(await priceOf(coUk!.id)).toBe(777);
    expect(await priceOf(plcUk!.id)).toBe(888);
  });

  it("an older list never moves a newer observation back", async () => {
    const before = await stored();
    const list = (await currentList()).map((q) => ({ ...q, registration: (q.registration ?? 0) + 1 }));
    const outcome = await run(testPriceSource("porkbun", async () => ({ observedAt: new Date("2020-01-01T00:00:00Z"), quotes: list, skipped: [] })));
    expect(outcome?.status).toBe("success");
    expect(await stored()).toEqual(before);
  });

  it("a failing, empty or unmatched answer changes nothing and logs an error a person can act on", async () => {
    const before = await stored();
    const dataStatus = (await getJson(createTestApp(getDb()), "/api/data-last-updated")).body;
    const historyBefore = (await history(getDb())).length;
    const failing = testPriceSource("porkbun", async () => {
      throw new PriceSourceError("http", "The pricing API answered HTTP 503 Service Unavailable", 503);
    });
    expect(await run(failing)).toMatchObject({ status: "error", errorMessage: "Porkbun: The pricing API answered HTTP 503 Service Unavailable" });
    expect(await lastLog()).toMatchObject({ status: "error", errorMessage: "Porkbun: The pricing API answered HTTP 503 Service Unavailable" });

    const empty = testPriceSource("porkbun", async () => ({ observedAt: new Date(), quotes: [], skipped: [] }));
    expect((await run(empty))?.errorMessage).toBe("Porkbun answered an empty price list; nothing was changed");

    const unmatched = testPriceSource("porkbun", async () => ({ observedAt: new Date(), quotes: [usd("no-such-tld-q", 100)], skipped: [] }));
    expect((await run(unmatched))?.errorMessage).toMatch(/None of the 1 names Porkbun listed is a catalogue TLD/);

    expect(await stored()).toEqual(before);
    expect((await history(getDb())).length).toBe(historyBefore);
    // A live source that failed is no update: the line still names the last one that answered.
    expect((await lastLog()).source).toBe("live");
    expect((await getJson(createTestApp(getDb()), "/api/data-last-updated")).body).toEqual(dataStatus);
  });

  it("a source that does not answer in time ends as timeout, and so does an adapter's own timeout", async () => {
    const silent = testPriceSource("porkbun", () => new Promise(() => undefined));
    expect(await run(silent, { timeoutMs: 50 })).toMatchObject({ status: "timeout", errorMessage: "Porkbun did not answer within 50 ms" });
    const adapterTimeout = testPriceSource("porkbun", async () => {
      throw new PriceSourceError("timeout", "no answer after 30 s");
    });
    expect((await run(adapterTimeout))?.status).toBe("timeout");
    expect((await lastLog()).status).toBe("timeout");
  });

  it("a cancelled run applies nothing, even when its source ignores the signal", async () => {
    const before = await stored();
    const controller = new AbortController();
    const list = (await currentList()).map((q) => ({ ...q, registration: (q.registration ?? 0) + 5 }));
    const ignoring = testPriceSource("porkbun", async () => {
      controller.abort();
      return { observedAt: new Date(), quotes: list, skipped: [] };
    });
    expect(await run(ignoring, { signal: controller.signal })).toMatchObject({ status: "error", errorMessage: "Cancelled by an administrator" });
    expect(await stored()).toEqual(before);
  });

  it("alert rules open one incident per rule and provider, and resolve it when the condition clears", async () => {
    const { orm: db, t } = getDb();
    const incidents = () => db.select().from(t.incidents).where(eq(t.incidents.source, "porkbun.com"));
    const failing = testPriceSource("porkbun", async () => {
      throw new PriceSourceError("http", "HTTP 500");
    });
    // The engine's default alert rules (inserted once): two failures in a row open the failing-source incident.
    await ensurePriceEngineDefaults(getDb());
    // Two failures leave exactly one incident open, however many failed runs came before.
    await run(failing);
    await run(failing);
    const open = (await incidents()).filter((i) => i.status === "open");
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ severity: "high", title: "Provider fetch failing: Porkbun" });
    expect(open[0]!.description).toMatch(/^Porkbun failed its last 2 fetches\. Last error: \w+/);

    const list = await currentList();
    const com = list.find((q) => q.tld === "com")!;
    com.registration = com.registration! * 3;
    await run(testPriceSource("porkbun", async () => ({ observedAt: new Date(), quotes: list, skipped: [] })));
    const afterSuccess = await incidents();
    const failingRule = afterSuccess.find((i) => i.title === "Provider fetch failing: Porkbun")!;
    expect(failingRule.status).toBe("resolved");
    expect(failingRule.resolvedAt).toBeInstanceOf(Date);
    const bigMove = afterSuccess.filter((i) => i.title === "Large price change: Porkbun");
    expect(bigMove).toHaveLength(1);
    expect(bigMove[0]).toMatchObject({ status: "open", severity: "medium" });
    expect(bigMove[0]!.description).toMatch(/\.com moved by 200%/);

    await run(testPriceSource("porkbun", async () => ({ observedAt: new Date(), quotes: list, skipped: [] })));
    const [resolved] = await db.select().from(t.incidents).where(and(eq(t.incidents.source, "porkbun.com"), eq(t.incidents.title, "Large price change: Porkbun")));
    expect(resolved!.status).toBe("resolved");

    // Porkbun, just fetched, is not stale; Hover has no live source here: its bundled list is as old as its file, which is no incident.
    expect((await incidents()).filter((i) => i.title.startsWith("Stale") && i.status === "open")).toHaveLength(0);
    expect(await db.select().from(t.incidents).where(eq(t.incidents.title, "Stale price data: Hover"))).toEqual([]);

    // Porkbun's live source worked and then stopped confirming its prices: that is stale data.
    await db.update(t.domainPrices).set({ lastCheckedAt: new Date("2023-08-28T00:00:00Z") }).where(eq(t.domainPrices.serviceProviderId, await porkbunId()));
    await run(failing);
    const stale = (await incidents()).filter((i) => i.title === "Stale price data: Porkbun" && i.status === "open");
    expect(stale).toHaveLength(1);
    // Its age in its largest unit, never a count of thousands of hours.
    expect(stale[0]!.description).toMatch(/^Porkbun's prices were last confirmed \d+ years? ago, on Aug 28, 2023 \(threshold \d+ hours\)\.$/);
    // Confirmed again by a live run: resolved.
    await run(testPriceSource("porkbun", async () => ({ observedAt: new Date(), quotes: list, skipped: [] })));
    expect((await incidents()).filter((i) => i.title === "Stale price data: Porkbun" && i.status === "open")).toEqual([]);
  });

  it("opens nothing for a provider whose live source lacks its key or never worked, and resolves what it had open", async () => {
    const { orm: db, t } = getDb();
    await ensurePriceEngineDefaults(getDb());
    const hoverIncidents = () => db.select().from(t.incidents).where(and(eq(t.incidents.source, "hover.com"), eq(t.incidents.status, "open")));
    const runHover = (source: PriceSource) => runPriceFetch({
      db: getDb(), log: createLogger("silent"), sources: { live: new Map([["hover", source]]), bundled: () => null },
      onPricesChanged: () => undefined, fetchTimeoutMs: 5000, staleDays: 90,
    }, { ...JOB, providerKey: "hover" }, new AbortController().signal);
    // Hover's live source has never answered: failing again and again is no incident (nothing worked that stopped).
    const unreachable = testPriceSource("hover", async () => {
      throw new PriceSourceError("http", "Hover could not be reached");
    });
    for (let i = 0; i < 3; i++) expect((await runHover(unreachable))!.status).toBe("error");
    expect(await hoverIncidents()).toEqual([]);

    // Open incidents of a provider whose live source lacks its key are resolved when a run judges it: it is not configured, not failing.
    const rules = await db.select().from(t.alertRules);
    const ruleId = (condition: string) => rules.find((r) => r.condition === condition)!.id;
    await db.insert(t.incidents).values([
      { title: "Provider fetch failing: Hover", description: "x", severity: "high", status: "open", source: "hover.com", alertRuleId: ruleId("consecutive_failures") },
      { title: "Stale price data: Hover", description: "x", severity: "medium", status: "open", source: "hover.com", alertRuleId: ruleId("data_age_hours") },
    ]);
    const keyMissing = testPriceSource("hover", async () => ({ observedAt: new Date(), quotes: [usd("com", 999)], skipped: [] }), "HOVER_API_KEY is not set");
    expect((await runHover(keyMissing))!.status).toBe("error");
    expect(await hoverIncidents()).toEqual([]);
  });
  it("hands the renewal prices a run set to onPricesApplied, once per run; a listener that fails leaves the run a success", async () => {
    const events: PricesAppliedEvent[] = [];
    const runWith = (source: PriceSource, listener: (event: PricesAppliedEvent) => Promise<void>) => runPriceFetch({
      db: getDb(), log: createLogger("silent"), sources: { live: new Map([[source.providerKey, source]]), bundled: () => null },
      onPricesChanged: () => undefined, onPricesApplied: listener, fetchTimeoutMs: 5000, staleDays: 90,
    }, JOB, new AbortController().signal);
    const list = await currentList();
    const com = list.find((q) => q.tld === "com")!;
    const before = com.renewal!;
    com.renewal = before + 250;
    const observedAt = new Date();
    const source = testPriceSource("porkbun", async () => ({ observedAt, quotes: list, skipped: [] }));
    expect((await runWith(source, async (e) => void events.push(e)))!.status).toBe("success");
    const comId = (await getDb().orm.select({ id: getDb().t.tlds.id }).from(getDb().t.tlds).where(eq(getDb().t.tlds.name, "com")))[0]!.id;
    expect(events).toEqual([{
      providerId: await porkbunId(), providerName: "Porkbun", observedAt, changedTldIds: [comId],
      renewalChanges: [{ tldId: comId, tldName: "com", from: before, to: before + 250, currency: "USD" }],
    }]);
    // The same list again confirms: nothing to hand on.
    await runWith(testPriceSource("porkbun", async () => ({ observedAt: new Date(), quotes: list, skipped: [] })), async (e) => void events.push(e));
    expect(events).toHaveLength(1);
    com.renewal = before;
    const outcome = await runWith(testPriceSource("porkbun", async () => ({ observedAt: new Date(), quotes: list, skipped: [] })), async () => {
      throw new Error("queue down");
    });
    expect(outcome!.status).toBe("success");
  });
});
