/** The documented public endpoints: their parameters and their revalidation (ETag / 304). */
import { expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { createTestApp, getJson, TEST_ORIGIN } from "../../testing/test-app.ts";

interface Page { data: { name: string }[]; total: number; page: number; limit: number; offset: number }

forEachDialect("public API", (getDb) => {
  const app = () => createTestApp(getDb());

  it("domain-prices: tld narrows to one TLD, offset skips rows, limit over 100 is a 400", async () => {
    const one = await getJson<Page>(app(), "/api/domain-prices?tld=.COM");
    expect(one.status).toBe(200);
    expect(one.body.data.map((r) => r.name)).toEqual(["com"]);
    expect(one.body.total).toBe(1);
    const first = await getJson<Page>(app(), "/api/domain-prices?limit=10");
    const skipped = await getJson<Page>(app(), "/api/domain-prices?limit=10&offset=4");
    expect(skipped.body.data.slice(0, 6)).toEqual(first.body.data.slice(4));
    expect(skipped.body).toMatchObject({ offset: 4, page: 1, limit: 10 });
    const generic = await getJson<Page>(app(), "/api/domain-prices?category=generic&tld=de");
    expect(generic.body.total).toBe(0);
    const tooMany = await getJson<{ message: string }>(app(), "/api/domain-prices?limit=101");
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe("Invalid limit: limit must be at most 100");
    expect((await getJson(app(), "/api/domain-prices?offset=-1")).status).toBe(400);
  });

  it("service-providers: type and supports_tld filter the list; a bad type is a 400", async () => {
    const all = await getJson<{ id: number; ianaId: number | null }[]>(app(), "/api/service-providers");
    const registrars = await getJson<{ ianaId: number | null }[]>(app(), "/api/service-providers?type=registrar");
    const resellers = await getJson<{ ianaId: number | null }[]>(app(), "/api/service-providers?type=reseller");
    expect(registrars.body.every((p) => p.ianaId !== null)).toBe(true);
    expect(resellers.body.every((p) => p.ianaId === null)).toBe(true);
    expect(registrars.body.length + resellers.body.length).toBe(all.body.length);
    const com = await getJson<{ id: number }[]>(app(), "/api/service-providers?supports_tld=.com");
    const { orm: db, t } = getDb();
    const comId = (await db.select({ id: t.tlds.id, name: t.tlds.name }).from(t.tlds)).find((r) => r.name === "com")!.id;
    const pricing = (await db.select({ tldId: t.domainPrices.tldId, providerId: t.domainPrices.serviceProviderId }).from(t.domainPrices))
      .filter((r) => r.tldId === comId).map((r) => r.providerId);
    const byNumber = (a: number, b: number) => a - b;
    expect(com.body.length).toBeGreaterThan(0);
    expect(com.body.length).toBeLessThan(all.body.length);
    expect(com.body.map((p) => p.id).sort(byNumber)).toEqual([...new Set(pricing)].sort(byNumber));
    expect((await getJson<unknown[]>(app(), "/api/service-providers?supports_tld=no-such-tld")).body).toEqual([]);
    const bad = await getJson<{ message: string }>(app(), "/api/service-providers?type=bank");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Invalid type: type must be registrar or reseller");
  });

  it("service-providers: country filters by where the provider is based, in either case; a malformed code is a 400", async () => {
    type Row = { slug: string; country: string | null };
    const all = (await getJson<Row[]>(app(), "/api/service-providers")).body;
    expect(all.find((p) => p.slug === "openprovider")?.country).toBe("NL");
    expect(all.find((p) => p.slug === "hover")?.country).toBe("CA");
    const us = (await getJson<Row[]>(app(), "/api/service-providers?country=us")).body;
    expect(us.map((p) => p.slug)).toContain("porkbun");
    expect(us.every((p) => p.country === "US")).toBe(true);
    expect(us.length).toBe(all.filter((p) => p.country === "US").length);
    expect((await getJson<Row[]>(app(), "/api/service-providers?country=NL&type=registrar")).body.map((p) => p.slug)).toEqual(["openprovider"]);
    expect((await getJson<Row[]>(app(), "/api/service-providers?country=JP")).body).toEqual([]);
    const bad = await getJson<{ message: string }>(app(), "/api/service-providers?country=USA");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Invalid country: country must be a two-letter ISO 3166-1 code such as US");
  });

  it("registry operators list their TLDs; a TLD is found by name or id", async () => {
    const ops = await getJson<{ name: string; tlds: string[] }[]>(app(), "/api/registry-operators");
    expect(ops.body.length).toBeGreaterThan(0);
    expect(ops.body.some((o) => o.tlds.includes("com"))).toBe(true);
    const tld = await getJson<{ id: number; name: string }>(app(), "/api/tlds/.com");
    expect(tld.body.name).toBe("com");
    expect((await getJson<{ name: string }>(app(), `/api/tlds/${tld.body.id}`)).body.name).toBe("com");
    expect((await getJson(app(), "/api/tlds/no-such-tld")).status).toBe(404);
  });

  it("public GETs carry Cache-Control and an ETag, and If-None-Match gets a 304", async () => {
    for (const path of ["/api/service-providers", "/api/registry-operators", "/api/tlds/com", "/api/domain-prices?limit=5", "/api/stats"]) {
      const res = await app().request(`${TEST_ORIGIN}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toMatch(/^public, max-age=\d+$/);
      const etag = res.headers.get("etag");
      expect(etag, path).toMatch(/^W\/".+"$/);
      const again = await app().request(`${TEST_ORIGIN}${path}`, { headers: { "if-none-match": etag! } });
      expect(again.status, path).toBe(304);
      expect(await again.text(), path).toBe("");
      const stale = await app().request(`${TEST_ORIGIN}${path}`, { headers: { "if-none-match": 'W/"other"' } });
      expect(stale.status, path).toBe(200);
    }
  });
});
