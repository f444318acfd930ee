/** A TLD's price history in the display currency, converted on the server like every other price (decision 019). */
import { expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { createTestApp, getJson } from "../../testing/test-app.ts";

type Entry = {
  providerName: string; registrationPrice: string | null; renewalPrice: string | null; currency: string;
  display?: { currency: string; registrationPrice: string | null; renewalPrice: string | null; converted: boolean; rateDate: string | null } | null;
};

forEachDialect("price history in a display currency", (getDb) => {
  const app = () => createTestApp(getDb());

  it("adds each entry's prices in the display currency at the newest ECB rates, marked converted with the rate's day", async () => {
    const { status, body } = await getJson<Entry[]>(app(), "/api/domain-prices/tld/com/history?currency=JPY");
    expect(status).toBe(200);
    // Namecheap's $9.58 / $14.58 of 2023: × 163.36 JPY / 1.1252 USD per euro (ECB, 2025-05-09).
    const namecheap = body.find((e) => e.providerName === "Namecheap")!;
    expect(namecheap).toMatchObject({ registrationPrice: "9.58", renewalPrice: "14.58", currency: "USD" });
    expect(namecheap.display).toEqual({
      currency: "JPY", registrationPrice: "1391", renewalPrice: "2117", transferPrice: null, converted: true, rateDate: "2025-05-09",
    });
    const twin = await getJson<{ result: { data: Entry[] } }>(app(), `/trpc/prices.historyByTld?input=${encodeURIComponent(JSON.stringify({ tldId: "com", currency: "JPY" }))}`);
    expect(twin.body.result.data).toEqual(body);
  });

  it("leaves amounts in their own currency unconverted, and answers without display when no currency is asked", async () => {
    const usd = await getJson<Entry[]>(app(), "/api/domain-prices/tld/com/history?currency=USD");
    expect(usd.body.length).toBeGreaterThan(0);
    for (const e of usd.body) expect(e.display).toMatchObject({ currency: "USD", registrationPrice: e.registrationPrice, converted: false, rateDate: null });
    const plain = await getJson<Entry[]>(app(), "/api/domain-prices/tld/com/history");
    expect(plain.body.every((e) => !("display" in e))).toBe(true);
  });

  it("refuses an unknown currency with a 400 naming it", async () => {
    const { status, body } = await getJson<{ message: string }>(app(), "/api/domain-prices/tld/com/history?currency=XYZ");
    expect(status).toBe(400);
    expect(body.message).toMatch(/Unknown currency "XYZ"/);
  });
});
