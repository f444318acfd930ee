/**
 * The live sources added after the first six, through the whole engine: the admin API starts a
 * fetch, the real queue runs it against a loopback fake replaying the recorded answer, and the
 * stored quotes and history are read back. A changed price keeps the old one in history; a
 * malformed or oversized answer fails the run and changes nothing.
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { findServiceProviderBySlug } from "../../../../db/repositories/service-provider-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { ANSWER_CAPS } from "../../integrations/answer-caps.ts";
import type { FakeControl } from "../../integrations/prices/testing/fake-behaviour.ts";
import { fakeRoute53, ROUTE53_TEST_KEY, route53Rows } from "../../integrations/prices/testing/fake-route53.ts";
import { priceEngineHarness } from "./testing/engine-harness.ts";

type Log = { status: string; resultCount: number | null; errorMessage: string | null };

interface SourceCase {
  slug: string;
  domain: string;
  name: string;
  control: FakeControl;
  /** The recorded .com and .net registration prices, in cents. */
  com: number;
  net: number;
  /** Serve the recorded list with .net's registration one unit dearer; `restore` goes back to the recording. */
  raiseNet(): void;
  /** Serve a body larger than the source's answer cap. */
  oversize(): void;
  restore(): void;
  malformedMessage: RegExp;
}

forEachDialect("added live price sources through the price engine", (getDb, _dialect, getTestDb) => {
  const route53 = fakeRoute53();
  const SOURCES: SourceCase[] = [
    {
      slug: "route53", domain: "aws.amazon.com", name: "Amazon Route 53", control: route53.control, com: 1200, net: 1100,
      raiseNet: () => route53.setRows(route53Rows().map((row) => (row.Name === "net"
        ? { ...row, RegistrationPrice: { Currency: "USD", Price: 12 } } : row))),
      oversize: () => route53.setPageText(`{"Prices": [${" ".repeat(ANSWER_CAPS.route53Prices)}]}`),
      restore: () => { route53.setRows(route53Rows()); route53.setPageText(null); },
      malformedMessage: /^Amazon Route 53: Amazon Route 53 answered with an unexpected shape \(Prices: .+\); its API may have changed, nothing was used$/,
    },
  ];

  const { fetchNow, ...engine } = priceEngineHarness(getDb, getTestDb, "added-sources-admin@example.com", async (serve) => ({
        ROUTE53_API_URL: await serve(route53.app),
        ROUTE53_ACCESS_KEY_ID: ROUTE53_TEST_KEY.accessKeyId,
        ROUTE53_SECRET_ACCESS_KEY: ROUTE53_TEST_KEY.secretAccessKey,
  }));

  beforeEach(() => {
    for (const s of SOURCES) {
      s.restore();
      s.control.behaviour = "success";
      s.control.requests.length = 0;
    }
  });

  const lastLog = (domain: string) => engine.lastLog<Log>(domain);
  const providerId = async (slug: string) => (await findServiceProviderBySlug(getDb(), slug))!.id;
  const quoteOf = async (slug: string, tld: string) => {
    const { orm: db, t } = getDb();
    const [row] = await db.select({ registrationPrice: t.domainPrices.registrationPrice, renewalPrice: t.domainPrices.renewalPrice })
      .from(t.domainPrices).innerJoin(t.tlds, eq(t.tlds.id, t.domainPrices.tldId))
      .where(and(eq(t.domainPrices.serviceProviderId, await providerId(slug)), eq(t.tlds.name, tld)));
    return row;
  };
  const historyOf = async (slug: string, tld: string) => {
    const { orm: db, t } = getDb();
    return db.select({ endReason: t.domainPriceHistory.endReason, registrationPrice: t.domainPriceHistory.registrationPrice })
      .from(t.domainPriceHistory).innerJoin(t.tlds, eq(t.tlds.id, t.domainPriceHistory.tldId))
      .where(and(eq(t.domainPriceHistory.serviceProviderId, await providerId(slug)), eq(t.tlds.name, tld)))
      .orderBy(t.domainPriceHistory.id);
  };
  const storedCount = async (slug: string) => {
    const { orm: db, t } = getDb();
    return (await db.select({ id: t.domainPrices.id }).from(t.domainPrices).where(eq(t.domainPrices.serviceProviderId, await providerId(slug)))).length;
  };

  it("a manual fetch stores the live list, and a changed price keeps the old one in history", async () => {
    for (const s of SOURCES) {
      await fetchNow(s.domain);
      expect(await lastLog(s.domain), s.name).toMatchObject({ status: "success", errorMessage: null });
      expect((await lastLog(s.domain)).resultCount, s.name).toBeGreaterThan(100);
      expect((await quoteOf(s.slug, "com"))?.registrationPrice, s.name).toBe(s.com);
      expect((await quoteOf(s.slug, "net"))?.registrationPrice, s.name).toBe(s.net);
      s.raiseNet();
      await fetchNow(s.domain);
      expect(await lastLog(s.domain), s.name).toMatchObject({ status: "success" });
      expect((await quoteOf(s.slug, "net"))?.registrationPrice, s.name).toBe(s.net + 100);
      expect((await historyOf(s.slug, "net")).at(-1), s.name).toEqual({ endReason: "changed", registrationPrice: s.net });
      expect((await quoteOf(s.slug, "com"))?.registrationPrice, s.name).toBe(s.com);
    }
  });

  it("a malformed or oversized answer fails the run with a message saying so and changes nothing", async () => {
    for (const s of SOURCES) {
      await fetchNow(s.domain);
      const count = await storedCount(s.slug);
      const net = await quoteOf(s.slug, "net");
      const history = await historyOf(s.slug, "net");
      s.control.behaviour = "malformed";
      await fetchNow(s.domain);
      expect(await lastLog(s.domain), s.name).toMatchObject({ status: "error", errorMessage: expect.stringMatching(s.malformedMessage) });
      s.control.behaviour = "success";
      s.oversize();
      await fetchNow(s.domain);
      expect(await lastLog(s.domain), s.name).toMatchObject({ status: "error", errorMessage: expect.stringMatching(new RegExp(`^${s.name}: `)) });
      expect(await storedCount(s.slug), s.name).toBe(count);
      expect(await quoteOf(s.slug, "net"), s.name).toEqual(net);
      expect(await historyOf(s.slug, "net"), s.name).toEqual(history);
    }
  });
});
