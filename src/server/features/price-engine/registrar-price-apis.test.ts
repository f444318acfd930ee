/**
 * The keyed registrar price APIs (Internet.bs, Gandi, DNSimple, Name.com, ResellerClub) through the whole engine: the admin API starts
 * a fetch, the real queue runs it against a loopback fake replaying the registrar's recorded
 * answer, and the stored quotes, history and logs are read back.
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { findServiceProviderBySlug } from "../../../../db/repositories/service-provider-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { ANSWER_CAPS } from "../../integrations/answer-caps.ts";
import type { FakeControl } from "../../integrations/prices/testing/fake-behaviour.ts";
import { fakeDnsimple } from "../../integrations/prices/testing/fake-dnsimple.ts";
import { fakeGandi, GANDI_CATALOGUE } from "../../integrations/prices/testing/fake-gandi.ts";
import { fakeInternetBs, INTERNETBS_ANSWER } from "../../integrations/prices/testing/fake-internetbs.ts";
import { fakeNameCom } from "../../integrations/prices/testing/fake-namecom.ts";
import { fakeResellerClub, RESELLERCLUB_PRICES } from "../../integrations/prices/testing/fake-resellerclub.ts";
import { loadConfig } from "../../config.ts";
import { createPriceSources } from "../../integrations/prices/registry.ts";
import { priceEngineHarness } from "./testing/engine-harness.ts";

type Log = { status: string; requestType: string; resultCount: number | null; errorMessage: string | null };

forEachDialect("keyed registrar price APIs through the price engine", (getDb, _dialect, getTestDb) => {
  const internetbs = fakeInternetBs();
  const gandi = fakeGandi();
  const dnsimple = fakeDnsimple();
  const namecom = fakeNameCom();
  const resellerclub = fakeResellerClub();

  /**
   * Each source: its fake, a TLD of its recorded answer with that TLD's stored prices, a way to
   * serve the answer with that TLD's registration price one unit higher, and an answer past the cap.
   */
  const SOURCES: {
    slug: string; domain: string; name: string; control: FakeControl; tld: string;
    stored: { registrationPrice: number | null; renewalPrice: number | null; transferPrice: number | null; currency: string };
    reset: () => void; raisePrice: () => void; oversize: () => void;
  }[] = [
    {
      slug: "internetbs", domain: "internetbs.net", name: "Internet.bs", control: internetbs.control, tld: "in",
      stored: { registrationPrice: 491, renewalPrice: null, transferPrice: null, currency: "CAD" },
      reset: () => internetbs.setAnswer(INTERNETBS_ANSWER),
      raisePrice: () => internetbs.setAnswer(INTERNETBS_ANSWER.replace('"price": "4.91"', '"price": "5.91"')),
      oversize: () => internetbs.setAnswer(INTERNETBS_ANSWER.replace('"status"', `"padding": "${"x".repeat(ANSWER_CAPS.internetbsPrices)}", "status"`)),
    },
    {
      slug: "gandi", domain: "gandi.net", name: "Gandi", control: gandi.control, tld: "com",
      stored: { registrationPrice: 1254, renewalPrice: null, transferPrice: null, currency: "EUR" },
      reset: () => gandi.setCatalogue(GANDI_CATALOGUE),
      raisePrice: () => gandi.setCatalogue(GANDI_CATALOGUE.replace('"price_before_taxes": 12.54', '"price_before_taxes": 13.54')),
      oversize: () => gandi.setCatalogue(GANDI_CATALOGUE.replace('"grid"', `"padding": "${"x".repeat(ANSWER_CAPS.gandiPrices)}", "grid"`)),
    },
    {
      // DNSimple's recorded TLD list takes no .ac transfers: the live quote drops the bundled list's.
      slug: "dnsimple", domain: "dnsimple.com", name: "DNSimple", control: dnsimple.control, tld: "ac",
      stored: { registrationPrice: 7000, renewalPrice: 7000, transferPrice: null, currency: "USD" },
      reset: () => dnsimple.reset(),
      raisePrice: () => dnsimple.setPrice("ac", 71),
      oversize: () => dnsimple.setPadding(ANSWER_CAPS.dnsimplePrices),
    },
    {
      slug: "namecom", domain: "name.com", name: "Name.com", control: namecom.control, tld: "io",
      stored: { registrationPrice: 3499, renewalPrice: 5299, transferPrice: 5299, currency: "USD" },
      reset: () => namecom.reset(),
      raisePrice: () => namecom.setField("io", "registrationPrice", 35.99),
      oversize: () => namecom.setPadding(ANSWER_CAPS.namecomPrices),
    },
    {
      // A TLD of a product key that sells a group of TLDs at one price.
      slug: "resellerclub", domain: "resellerclub.com", name: "ResellerClub", control: resellerclub.control, tld: "net.in",
      stored: { registrationPrice: 599, renewalPrice: 699, transferPrice: null, currency: "INR" },
      reset: () => resellerclub.reset(),
      raisePrice: () => resellerclub.setPrices(RESELLERCLUB_PRICES.replace('"addnewdomain":{"1":"5.99"}', '"addnewdomain":{"1":"6.99"}')),
      oversize: () => resellerclub.setPrices(RESELLERCLUB_PRICES.replace('"domcno"', `"padding":"${"x".repeat(ANSWER_CAPS.resellerclubPrices)}","domcno"`)),
    },
  ];

  const { fetchNow, ...engine } = priceEngineHarness(getDb, getTestDb, "keyed-admin@example.com", async (serve) => ({
        INTERNETBS_API_URL: await serve(internetbs.app), INTERNETBS_API_KEY: "testapi", INTERNETBS_PASSWORD: "testpass",
        GANDI_API_URL: await serve(gandi.app), GANDI_PERSONAL_ACCESS_TOKEN: "pat_abc-123",
        DNSIMPLE_API_URL: await serve(dnsimple.app), DNSIMPLE_API_TOKEN: "a1b2c3d4", DNSIMPLE_ACCOUNT_ID: "1010",
        NAMECOM_API_URL: await serve(namecom.app), NAMECOM_USERNAME: "example", NAMECOM_API_TOKEN: "e5d0a6b1c2",
        RESELLERCLUB_API_URL: `${await serve(resellerclub.app)}/api`, RESELLERCLUB_AUTH_USERID: "614860", RESELLERCLUB_API_KEY: "k3y",
        RESELLERCLUB_CURRENCY: "INR",
  }));
  const { admin } = engine;


  beforeEach(() => {
    for (const s of SOURCES) {
      s.reset();
      s.control.behaviour = "success";
      s.control.requests.length = 0;
    }
  });
  const lastLog = (domain: string) => engine.lastLog<Log>(domain);
  const quoteOf = async (slug: string, tld: string) => {
    const { orm: db, t } = getDb();
    const providerId = (await findServiceProviderBySlug(getDb(), slug))!.id;
    const [row] = await db.select({
      registrationPrice: t.domainPrices.registrationPrice, renewalPrice: t.domainPrices.renewalPrice,
      transferPrice: t.domainPrices.transferPrice, currency: t.domainPrices.currency,
    }).from(t.domainPrices).innerJoin(t.tlds, eq(t.tlds.id, t.domainPrices.tldId))
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

  it("a manual fetch of each stores the recorded answer's prices; a changed price keeps the old one in history", async () => {
    for (const s of SOURCES) {
      await fetchNow(s.domain);
      expect(await lastLog(s.domain), s.name).toMatchObject({ status: "success", requestType: "provider", errorMessage: null });
      expect(await quoteOf(s.slug, s.tld), s.name).toEqual(s.stored);
      expect(s.control.requests, s.name).not.toHaveLength(0);

      s.raisePrice();
      await fetchNow(s.domain);
      expect(await lastLog(s.domain), s.name).toMatchObject({ status: "success" });
      expect((await quoteOf(s.slug, s.tld))!.registrationPrice, s.name).toBe(s.stored.registrationPrice! + 100);
      expect((await historyOf(s.slug, s.tld)).at(-1), s.name).toEqual({ endReason: "changed", registrationPrice: s.stored.registrationPrice });
    }
  });

  it("a malformed or oversized answer fails the run, saying so, and changes nothing", async () => {
    for (const s of SOURCES) {
      await fetchNow(s.domain);
      const count = await storedCount(s.slug);
      const before = await quoteOf(s.slug, s.tld);
      const history = await historyOf(s.slug, s.tld);

      s.control.behaviour = "malformed";
      await fetchNow(s.domain);
      expect(await lastLog(s.domain), s.name).toMatchObject({ status: "error", errorMessage: expect.stringMatching(new RegExp(`^${s.name.replace(".", "\\.")}: .*unexpected shape.*nothing was used$`)) });

      s.control.behaviour = "success";
      s.oversize();
      await fetchNow(s.domain);
      expect(await lastLog(s.domain), s.name).toMatchObject({ status: "error", errorMessage: expect.stringMatching(/answer is larger than .*nothing of it was used/) });

      expect(await storedCount(s.slug), s.name).toBe(count);
      expect(await quoteOf(s.slug, s.tld), s.name).toEqual(before);
      expect(await historyOf(s.slug, s.tld), s.name).toEqual(history);
    }
  });

  it("without keys each is not configured: the admin's source list says which keys to set", async () => {
    type Row = { provider: string; source: string; setup: string; missingConfiguration: string | null };
    const rows = (await admin<Row[]>("/api/admin/sources")).body;
    for (const s of SOURCES) expect(rows.find((r) => r.provider === s.name), s.name).toMatchObject({ source: "live", missingConfiguration: null });
    const unset = createPriceSources(loadConfig({ NODE_ENV: "test" }));
    expect(unset.get("internetbs")!.missingConfiguration()).toBe("INTERNETBS_API_KEY, INTERNETBS_PASSWORD are not set");
    expect(unset.get("gandi")!.missingConfiguration()).toBe("GANDI_PERSONAL_ACCESS_TOKEN is not set");
    expect(unset.get("dnsimple")!.missingConfiguration()).toBe("DNSIMPLE_API_TOKEN, DNSIMPLE_ACCOUNT_ID are not set");
    expect(unset.get("namecom")!.missingConfiguration()).toBe("NAMECOM_USERNAME, NAMECOM_API_TOKEN are not set");
    expect(unset.get("resellerclub")!.missingConfiguration()).toBe("RESELLERCLUB_AUTH_USERID, RESELLERCLUB_API_KEY are not set");
  });
});
