import { and, eq, notInArray } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { createTestApp, getJson } from "../../testing/test-app.ts";
import type { TldTransferPairs } from "./transfer-pairs.ts";

const DAY = 86_400_000;
const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

forEachDialect("a TLD's transfer pairs", (getDb) => {
  let own: { id: number; providerId: number; name: string };
  let rival: { id: number; providerId: number; name: string };

  /** .net: one fresh registrar renews at 30.00, another transfers at 15.00 and renews at 20.00; every other quote is stale and dearer. */
  beforeAll(async () => {
    const { orm: db, t } = getDb();
    const dp = t.domainPrices;
    const [net] = await db.select({ id: t.tlds.id }).from(t.tlds).where(eq(t.tlds.name, "net"));
    const quotes = await db.select({ id: dp.id, providerId: dp.serviceProviderId, name: t.serviceProviders.name })
      .from(dp).innerJoin(t.serviceProviders, eq(t.serviceProviders.id, dp.serviceProviderId))
      .where(and(eq(dp.tldId, net!.id), eq(dp.currency, "USD"), eq(t.serviceProviders.isActive, true)));
    [own, rival] = [quotes[0]!, quotes[1]!];
    await db.update(dp).set({ lastCheckedAt: new Date(Date.now() - 200 * DAY), renewalPrice: 9000, transferPrice: 9000, unusualReason: null, hidden: false })
      .where(and(eq(dp.tldId, net!.id), notInArray(dp.id, [own.id, rival.id])));
    await db.update(dp).set({ lastCheckedAt: new Date(Date.now() - DAY), renewalPrice: 3000, transferPrice: 3000, currency: "USD", unusualReason: null, hidden: false }).where(eq(dp.id, own.id));
    await db.update(dp).set({ lastCheckedAt: new Date(Date.now() - DAY), renewalPrice: 2000, transferPrice: 1500, currency: "USD", unusualReason: null, hidden: false }).where(eq(dp.id, rival.id));
  });

  it("names, per registrar, the move that saves most and when it pays off, sure ones first", async () => {
    const app = createTestApp(getDb());
    const res = await getJson<{ result: { data: TldTransferPairs } }>(app, `/trpc/prices.transferPairs?input=${input({ tldId: "net" })}`);
    expect(res.status).toBe(200);
    const answer = res.body.result.data;
    expect(answer).toMatchObject({ tld: "net", currency: "USD", rule: { pattern: "*", addsYear: true } });
    expect(answer.pairs[0]).toMatchObject({
      from: { id: own.providerId }, to: { id: rival.providerId }, verdict: "move", breakEvenYear: 1,
      sentence: `Moving a .net from ${own.name} to ${rival.name} pays off in the first year.`,
      years: [{ years: 1, saving: "15.00" }, { years: 3, saving: "35.00" }, { years: 5, saving: "55.00" }],
      transfer: { amount: "15.00", source: rival.name },
    });
    // From the stale, dearer registrars: named, but unsure; from the cheapest: no move at all.
    expect(answer.pairs.slice(1).every((p) => p.verdict === "unsure" && p.cautions.length > 0)).toBe(true);
    expect(answer.pairs.some((p) => p.from.id === rival.providerId)).toBe(false);
    const inEur = await getJson<{ result: { data: TldTransferPairs } }>(app, `/trpc/prices.transferPairs?input=${input({ tldId: "net", currency: "EUR" })}`);
    expect(inEur.body.result.data.currency).toBe("EUR");
    expect((await getJson(app, `/trpc/prices.transferPairs?input=${input({ tldId: "no-such-tld" })}`)).status).toBe(404);
  });
});
