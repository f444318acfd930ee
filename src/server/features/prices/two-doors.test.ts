import { brotliDecompressSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { exec } from "../../../../db/client.ts";
import { refreshTldPriceSummaries } from "../../../../db/repositories/price-summary-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { invalidatePriceCache } from "../../domain/price-cache.ts";
import { createTestApp, getJson, TEST_ORIGIN } from "../../testing/test-app.ts";
import type { PricePage, PriceQuote, PriceRow } from "./service.ts";

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const LIST = { page: 2, limit: 15, sortBy: "threeYearPrice", sortOrder: "desc", search: "co", category: "generic" };
const LIST_QUERY = "page=2&limit=15&sortBy=threeYearPrice&sortOrder=desc&search=co&category=generic";

/** The same reads through REST and through tRPC GET. */
const pairs = [
  { rest: `/api/domain-prices?${LIST_QUERY}`, trpc: `/trpc/prices.list?input=${input(LIST)}` },
  { rest: "/api/domain-prices/common", trpc: "/trpc/prices.common" },
  { rest: "/api/domain-prices/tld/.io", trpc: `/trpc/prices.byTld?input=${input({ tldId: "io" })}` },
];

forEachDialect("prices through both doors", (getDb) => {
  it("answer the same data", async () => {
    const app = createTestApp(getDb());
    for (const { rest, trpc } of pairs) {
      const r = await getJson(app, rest);
      const t = await getJson<{ result: { data: unknown } }>(app, trpc);
      expect(r.status).toBe(200);
      expect(t.status).toBe(200);
      expect(t.body.result.data).toEqual(r.body);
    }
  });

  it("send an ETag and answer 304 when it matches", async () => {
    const app = createTestApp(getDb());
    for (const path of pairs.flatMap((p) => [p.rest, p.trpc])) {
      const first = await app.request(TEST_ORIGIN + path);
      const etag = first.headers.get("etag");
      expect(etag, path).toMatch(/^W\/".+"$/);
      expect(first.headers.get("cache-control")).toBe("public, max-age=60");
      const again = await app.request(TEST_ORIGIN + path, { headers: { "if-none-match": etag! } });
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe("");
      const stale = await app.request(TEST_ORIGIN + path, { headers: { "if-none-match": 'W/"other"', "accept-encoding": "gzip, br" } });
      expect(stale.status).toBe(200);
      // Compressed once per cached answer; the bytes decode to the same JSON.
      expect(stale.headers.get("content-encoding")).toBe("br");
      expect(brotliDecompressSync(Buffer.from(await stale.arrayBuffer())).toString("utf8")).toBe(await first.text());
    }
  });

  it("refuse a batched tRPC GET, even of cached answers", async () => {
    const app = createTestApp(getDb());
    const path = `/trpc/prices.common,prices.byTld?batch=1&input=${input({ 1: { tldId: "com" } })}`;
    const res = await app.request(TEST_ORIGIN + path);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toBe("Batching is not enabled on the server");
  });

  it("leave errors to tRPC's own format", async () => {
    const app = createTestApp(getDb());
    const missing = await getJson<{ error: { message: string; data: { httpStatus: number } } }>(app, `/trpc/prices.byTld?input=${input({ tldId: "notatld" })}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('TLD "notatld" not found');
    const bad = await getJson<{ error: { message: string } }>(app, `/trpc/prices.list?input=${input({ sortBy: "price" })}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("sortBy");
  });

  it("show a changed price at once after invalidatePriceCache, even with a long time to live", async () => {
    const handle = getDb();
    const { orm: db, t } = handle;
    const app = createTestApp(handle, { env: { PRICE_CACHE_SECONDS: "3600" } });
    const [com] = await db.select({ id: t.tlds.id }).from(t.tlds).where(eq(t.tlds.name, "com"));
    const [dynadot] = await db.select({ id: t.serviceProviders.id }).from(t.serviceProviders).where(eq(t.serviceProviders.slug, "dynadot"));
    const paths = { rest: "/api/domain-prices/tld/com", trpc: `/trpc/prices.byTld?input=${input({ tldId: "com" })}` };
    const list = { rest: "/api/domain-prices?search=com&limit=5", trpc: `/trpc/prices.list?input=${input({ search: "com", limit: 5 })}` };
    const dynadotPrice = async () => {
      const rest = (await getJson<PriceQuote[]>(app, paths.rest)).body.find((q) => q.serviceProvider.id === dynadot!.id)!;
      const trpc = (await getJson<{ result: { data: PriceQuote[] } }>(app, paths.trpc)).body.result.data.find((q) => q.serviceProvider.id === dynadot!.id)!;
      const restRow = (await getJson<PricePage>(app, list.rest)).body.data.find((r) => r.name === "com")!;
      const trpcRow = (await getJson<{ result: { data: PricePage } }>(app, list.trpc)).body.result.data.data.find((r) => r.name === "com")!;
      return [rest.registrationPrice, trpc.registrationPrice, restRow.registrationPrice, trpcRow.registrationPrice];
    };
    expect(await dynadotPrice()).toEqual(["10.88", "10.88", expect.any(String), expect.any(String)]);

    await handle.transaction(function* (tx) {
      yield* exec(tx.update(t.domainPrices).set({ registrationPrice: 1 }).where(and(eq(t.domainPrices.tldId, com!.id), eq(t.domainPrices.serviceProviderId, dynadot!.id))));
      yield* refreshTldPriceSummaries(tx, t, [com!.id], { staleDays: 90 });
    });
    expect(await dynadotPrice()).not.toContain("0.01"); // still the cached answers
    invalidatePriceCache(handle);
    expect(await dynadotPrice()).toEqual(["0.01", "0.01", "0.01", "0.01"]);
  });

  it("read the database on every request when PRICE_CACHE_SECONDS=0", async () => {
    const handle = getDb();
    const { orm: db, t } = handle;
    const app = createTestApp(handle, { env: { PRICE_CACHE_SECONDS: "0" } });
    const [net] = await db.select({ id: t.tlds.id }).from(t.tlds).where(eq(t.tlds.name, "net"));
    const cheapest = async () => (await getJson<PriceRow[]>(app, "/api/domain-prices/common")).body.find((r) => r.name === "net")!.registrationPrice;
    expect(await cheapest()).not.toBe("0.02");
    await handle.transaction(function* (tx) {
      yield* exec(tx.update(t.domainPrices).set({ registrationPrice: 2 }).where(and(eq(t.domainPrices.tldId, net!.id), eq(t.domainPrices.currency, "USD"))));
      yield* refreshTldPriceSummaries(tx, t, [net!.id], { staleDays: 90 });
    });
    expect(await cheapest()).toBe("0.02");
  });

  it("give a list page an ETag per door that changes with its rows and stays while they do", async () => {
    const handle = getDb();
    const { orm: db, t } = handle;
    const app = createTestApp(handle, { env: { PRICE_CACHE_SECONDS: "0" } });
    const list = { rest: "/api/domain-prices?search=org&limit=5", trpc: `/trpc/prices.list?input=${input({ search: "org", limit: 5 })}` };
    const etags = async () => [
      (await app.request(TEST_ORIGIN + list.rest)).headers.get("etag"),
      (await app.request(TEST_ORIGIN + list.trpc)).headers.get("etag"),
    ];
    const before = await etags();
    expect(before[0]).toMatch(/^W\/".+"$/);
    expect(before[1]).not.toBe(before[0]); // the envelope is other text
    expect(await etags()).toEqual(before);
    // Another page of the same list has other rows, hence another ETag.
    expect((await app.request(`${TEST_ORIGIN}/api/domain-prices?search=org&limit=5&page=2`)).headers.get("etag")).not.toBe(before[0]);

    const [org] = await db.select({ id: t.tlds.id }).from(t.tlds).where(eq(t.tlds.name, "org"));
    await handle.transaction(function* (tx) {
      yield* exec(tx.update(t.domainPrices).set({ renewalPrice: 3 }).where(eq(t.domainPrices.tldId, org!.id)));
      yield* refreshTldPriceSummaries(tx, t, [org!.id], { staleDays: 90 });
    });
    const after = await etags();
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    const revalidated = await app.request(TEST_ORIGIN + list.rest, { headers: { "if-none-match": before[0]! } });
    expect(revalidated.status).toBe(200);
    expect(((await revalidated.json()) as PricePage).data.find((r) => r.name === "org")!.renewalPrice).toBe("0.03");
  });
});
