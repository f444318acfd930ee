/**
 * The three keyless live sources (Openprovider's sheet, Namecheap's public list, Hover's
 * pricing page) through the whole engine: the admin API starts a fetch, the real queue runs it
 * against a loopback fake, and the stored quotes, history, logs and incidents are read back.
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { findServiceProviderBySlug } from "../../../../db/repositories/service-provider-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { parseHoverPrices, parseNamecheapTldList, parseOpenproviderSheetCsv } from "../../integrations/prices/prices.ts";
import type { FakeControl } from "../../integrations/prices/testing/fake-behaviour.ts";
import { fakeHover, HOVER_PRICES } from "../../integrations/prices/testing/fake-hover.ts";
import { fakeNamecheapPublic, NAMECHEAP_TLD_LIST } from "../../integrations/prices/testing/fake-namecheap-public.ts";
import { fakeOpenprovider, OPENPROVIDER_DATA, OPENPROVIDER_SHEET_PATH, openproviderSheetCsv } from "../../integrations/prices/testing/fake-openprovider.ts";
import { fakePorkbun } from "../../integrations/prices/testing/fake-porkbun.ts";
import { waitFor } from "../../../../jobs/testing/queue-test-kit.ts";
import { priceEngineHarness } from "./testing/engine-harness.ts";

type Log = { status: string; requestType: string; resultCount: number | null; errorMessage: string | null };

forEachDialect("keyless live price sources through the price engine", (getDb, _dialect, getTestDb) => {
  const openprovider = fakeOpenprovider();
  const namecheap = fakeNamecheapPublic();
  const hover = fakeHover();
  const porkbun = fakePorkbun();
  const today = new Date().toISOString().slice(0, 10);
  /** Each source's fake, the list it serves as the bundled parsers read it, and a way to serve it with .com dropped and .net changed. */
  const SOURCES: { slug: string; domain: string; name: string; control: FakeControl; quotes: () => { tld: string; registration: number | null }[]; dropComChangeNet: () => void }[] = [
    {
      slug: "openprovider", domain: "openprovider.com", name: "Openprovider", control: openprovider.control,
      quotes: () => parseOpenproviderSheetCsv(openproviderSheetCsv(), today).quotes,
      dropComChangeNet: () => {
        const data = structuredClone(OPENPROVIDER_DATA);
        delete data.com;
        data.net!["regular-price"].create! += 1;
        openprovider.setCsv(() => openproviderSheetCsv(data));
      },
    },
    {
      slug: "namecheap", domain: "namecheap.com", name: "Namecheap", control: namecheap.control,
      quotes: () => parseNamecheapTldList(NAMECHEAP_TLD_LIST, today).quotes,
      dropComChangeNet: () => {
        const rows = (JSON.parse(NAMECHEAP_TLD_LIST) as { Name: string; Pricing: { Price: number } }[]).filter((r) => r.Name !== "com");
        rows.find((r) => r.Name === "net")!.Pricing.Price += 1;
        namecheap.setAnswer(JSON.stringify(rows));
      },
    },
    {
      slug: "hover", domain: "hover.com", name: "Hover", control: hover.control,
      quotes: () => parseHoverPrices(HOVER_PRICES, today).quotes,
      dropComChangeNet: () => {
        const { prices } = JSON.parse(HOVER_PRICES) as { prices: Record<string, number[]> };
        delete prices.com;
        prices.net![1]! += 1;
        hover.setPrices(JSON.stringify({ prices }));
      },
    },
  ];

  const { fetchNow, idle, ...engine } = priceEngineHarness(getDb, getTestDb, "keyless-admin@example.com", async (serve) => ({
        PORKBUN_API_URL: await serve(porkbun.app),
        OPENPROVIDER_PRICES_URL: `${await serve(openprovider.app)}${OPENPROVIDER_SHEET_PATH}?format=csv&gid=1726709886`,
        NAMECHEAP_PRICES_URL: `${await serve(namecheap.app)}/domains/tlds.ashx`,
        HOVER_PRICES_URL: `${await serve(hover.app)}/domain-pricing`,
  }));
  const { admin } = engine;


  // Each test starts with every fake serving its full list, answering normally, with no request seen yet.
  beforeEach(() => {
    openprovider.setCsv(() => openproviderSheetCsv());
    namecheap.setAnswer(NAMECHEAP_TLD_LIST);
    hover.setPrices(HOVER_PRICES);
    for (const s of SOURCES) {
      s.control.behaviour = "success";
      s.control.requests.length = 0;
    }
  });
  const lastLog = (domain: string) => engine.lastLog<Log>(domain);
  const quoteOf = async (slug: string, tld: string) => {
    const { orm: db, t } = getDb();
    const providerId = (await findServiceProviderBySlug(getDb(), slug))!.id;
    const [row] = await db.select({ registrationPrice: t.domainPrices.registrationPrice, transferPrice: t.domainPrices.transferPrice, lastCheckedAt: t.domainPrices.lastCheckedAt })
      .from(t.domainPrices).innerJoin(t.tlds, eq(t.tlds.id, t.domainPrices.tldId))
      .where(and(eq(t.domainPrices.serviceProviderId, providerId), eq(t.tlds.name, tld)));
    return row;
  };
  const historyOf = async (slug: string, tld: string) => {
    const { orm: db, t } = getDb();
    const providerId = (await findServiceProviderBySlug(getDb(), slug))!.id;
    return db.select({ endReason: t.domainPriceHistory.endReason, registrationPrice: t.domainPriceHistory.registrationPrice })
      .from(t.domainPriceHistory).innerJoin(t.tlds, eq(t.tlds.id, t.domainPriceHistory.tldId))
      .where(and(eq(t.domainPriceHistory.serviceProviderId, providerId), eq(t.tlds.name, tld)))
      .orderBy(t.domainPriceHistory.id);
  };
  const storedCount = async (slug: string) => {
    const { orm: db, t } = getDb();
    const providerId = (await findServiceProviderBySlug(getDb(), slug))!.id;
    return (await db.select({ id: t.domainPrices.id }).from(t.domainPrices).where(eq(t.domainPrices.serviceProviderId, providerId))).length;
  };

  it("a manual fetch of each stores the live list, confirmed now rather than at the bundled file's date", async () => {
    const before = Date.now();
    for (const s of SOURCES) {
      await fetchNow(s.domain);
      expect(await lastLog(s.domain), s.name).toMatchObject({ status: "success", requestType: "provider", errorMessage: null });
      expect((await lastLog(s.domain)).resultCount).toBeGreaterThan(400);
      const com = await quoteOf(s.slug, "com");
      expect(com?.registrationPrice, s.name).toBe(s.quotes().find((q) => q.tld === "com")!.registration);
      expect(com!.lastCheckedAt.getTime(), s.name).toBeGreaterThanOrEqual(before - 1000);
    }
    // The public list has no transfer prices: the API export's transfer price went to history.
    expect((await quoteOf("namecheap", "com"))?.transferPrice).toBeNull();
    expect(openprovider.control.requests).toHaveLength(1);
    expect(namecheap.control.requests).toHaveLength(1);
    expect(hover.control.requests).toHaveLength(1);
  });

  it("a list that drops a name retires its quote into history, and a changed price keeps the old one there", async () => {
    for (const s of SOURCES) {
      // From the full live list stored.
      await fetchNow(s.domain);
      const net = (await quoteOf(s.slug, "net"))!;
      const comBefore = (await quoteOf(s.slug, "com"))!;
      const count = await storedCount(s.slug);
      s.dropComChangeNet();
      await fetchNow(s.domain);
      expect(await lastLog(s.domain), s.name).toMatchObject({ status: "success" });
      expect(await quoteOf(s.slug, "com"), s.name).toBeUndefined();
      expect(await storedCount(s.slug), s.name).toBe(count - 1);
      expect((await historyOf(s.slug, "com")).at(-1), s.name).toEqual({ endReason: "retired", registrationPrice: comBefore.registrationPrice });
      expect((await quoteOf(s.slug, "net"))!.registrationPrice, s.name).toBe(net.registrationPrice! + 100);
      expect((await historyOf(s.slug, "net")).at(-1), s.name).toEqual({ endReason: "changed", registrationPrice: net.registrationPrice });
    }
  });

  it("a malformed answer fails the run with a message saying so, opens an incident when repeated, and changes nothing", async () => {
    const expected: Record<string, RegExp> = {
      openprovider: /^Openprovider: Openprovider's price sheet is not the expected shape \(no header row with the columns TLD, Years, Operation, Price\)/,
      namecheap: /^Namecheap: Namecheap answered with an unexpected shape \(the answer: .+\); its API may have changed, nothing was used$/,
      hover: /^Hover: Hover's pricing page no longer carries its price table/,
    };
    for (const s of SOURCES) {
      const count = await storedCount(s.slug);
      const net = await quoteOf(s.slug, "net");
      s.control.behaviour = "malformed";
      await fetchNow(s.domain);
      await fetchNow(s.domain);
      const log = await lastLog(s.domain);
      expect(log.status, s.name).toBe("error");
      expect(log.errorMessage, s.name).toMatch(expected[s.slug]!);
      expect(await storedCount(s.slug), s.name).toBe(count);
      expect(await quoteOf(s.slug, "net"), s.name).toEqual(net);
      const incidents = await admin<{ incidents: { title: string; status: string }[] }>(`/api/admin/incidents?status=open&search=${encodeURIComponent(`fetch failing: ${s.name}`)}`);
      expect(incidents.body.incidents.map((i) => i.title), s.name).toEqual([`Provider fetch failing: ${s.name}`]);
    }
  });

  it("a 5xx ends the run as an error and a source that never answers as a timeout, changing nothing", async () => {
    for (const s of SOURCES) {
      const count = await storedCount(s.slug);
      s.control.behaviour = "server-error";
      await fetchNow(s.domain);
      expect(await lastLog(s.domain), s.name).toMatchObject({
        status: "error", errorMessage: `${s.name}: ${s.name} answered 500 Internal Server Error three times; try again later`,
      });
      s.control.behaviour = "hang";
      await fetchNow(s.domain);
      expect((await lastLog(s.domain)).status, s.name).toBe("timeout");
      expect(await storedCount(s.slug), s.name).toBe(count);
      s.control.behaviour = "success";
    }
  });

  it("the default daily schedule fetches all three live, and shows when it last ran", async () => {
    // Each source failed twice in a row (its failing-fetch incident is open), and now serves its list without .com.
    for (const s of SOURCES) {
      s.control.behaviour = "server-error";
      await fetchNow(s.domain);
      await fetchNow(s.domain);
      s.control.behaviour = "success";
      s.dropComChangeNet();
    }
    // As on a fresh install, the daily schedule has not run yet.
    const { orm: db, t } = getDb();
    await db.update(t.fetchSchedules).set({ lastRunAt: null }).where(eq(t.fetchSchedules.name, "Daily price refresh"));
    const schedules = await admin<{ id: number; name: string; providerId: number | null; lastRun: string | null }[]>("/api/admin/schedules");
    const daily = schedules.body.find((s) => s.name === "Daily price refresh")!;
    expect(daily).toMatchObject({ providerId: null, lastRun: null });
    // A tick sends the schedule's data to its queue: send the same job rather than wait for 03:00.
    await engine.queue().send("prices.schedule", { scheduleId: daily.id });
    await waitFor(async () => (await admin<{ id: number; lastRun: string | null }[]>("/api/admin/schedules")).body.find((s) => s.id === daily.id)!.lastRun,
      (lastRun) => lastRun !== null);
    await idle();
    for (const s of SOURCES) {
      expect(await lastLog(s.domain), s.name).toMatchObject({ status: "success", requestType: "scheduled" });
      // The fakes still serve the lists without .com: the scheduled run read them live.
      expect(await quoteOf(s.slug, "com"), s.name).toBeUndefined();
    }
    const resolved = await admin<{ incidents: { title: string }[] }>("/api/admin/incidents?status=resolved&search=fetch%20failing");
    expect(resolved.body.incidents.map((i) => i.title)).toEqual(expect.arrayContaining(SOURCES.map((s) => `Provider fetch failing: ${s.name}`)));
  });

  it("the admin's source list shows each of them live, on the daily schedule, with its last run", async () => {
    // The daily schedule has run: a tick sends its data to its queue.
    const before = (await admin<{ id: number; name: string; lastRun: string | null }[]>("/api/admin/schedules")).body.find((s) => s.name === "Daily price refresh")!;
    await engine.queue().send("prices.schedule", { scheduleId: before.id });
    await waitFor(async () => (await admin<{ id: number; lastRun: string | null }[]>("/api/admin/schedules")).body.find((s) => s.id === before.id)!.lastRun,
      (lastRun) => lastRun !== before.lastRun);
    await idle();
    type Row = { provider: string; source: string; problem: string | null; schedules: { name: string; schedule: string }[]; lastRun: { status: string; requestType: string; source: string | null } | null };
    const rows = (await admin<Row[]>("/api/admin/sources")).body;
    const row = (name: string) => rows.find((r) => r.provider === name)!;
    for (const s of SOURCES) {
      expect(row(s.name), s.name).toMatchObject({
        source: "live", problem: null, schedules: [{ name: "Daily price refresh", schedule: "0 3 * * *" }],
        lastRun: { status: "success", requestType: "scheduled", source: "live" },
      });
    }
    // Not configured, with what to set; the daily schedule logged no run for it.
    expect(row("Dynadot")).toMatchObject({
      source: "unavailable", setup: "key-missing", problem: "Dynadot is not configured: DYNADOT_API_KEY is not set",
      missingConfiguration: "DYNADOT_API_KEY is not set", bundledListDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), lastRun: null,
    });
    expect(row("Cloudflare Registrar")).toMatchObject({
      source: "bundled", setup: "bundled-only", problem: null, bundledListDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), lastRun: { source: "bundled" },
    });
    expect(row("GoDaddy")).toMatchObject({ source: "unavailable", setup: "none", bundledListDate: null, lastRun: null });
    const trpc = await admin<{ result: { data: Row[] } }>("/trpc/priceEngine.sources");
    expect(trpc.body.result.data.find((r) => r.provider === "Hover")?.source).toBe("live");
  });
});
