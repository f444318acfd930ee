import { expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { createTestApp, getJson } from "../../testing/test-app.ts";

type ProviderPrice = {
  tld: { name: string }; currency: string; registrationPrice: string | null;
  display?: { currency: string; registrationPrice: string | null; converted: boolean; rateDate: string | null } | null;
};

forEachDialect("a registrar's prices in a display currency", (getDb) => {
  const app = () => createTestApp(getDb());
  const idOf = async (name: string) => {
    const { body } = await getJson<{ id: number; name: string }[]>(app(), "/api/service-providers");
    return body.find((p) => p.name === name)!.id;
  };

  it("adds display to every quote over REST and tRPC; JPY has no minor unit", async () => {
    const id = await idOf("Dynadot");
    const { status, body } = await getJson<ProviderPrice[]>(app(), `/api/service-providers/${id}/domain-prices?currency=JPY`);
    expect(status).toBe(200);
    // $10.88 × 163.36 / 1.1252 (ECB, 2025-05-09) = ¥1579.59…
    expect(body.find((p) => p.tld.name === "com")!.display).toEqual({
      currency: "JPY", registrationPrice: "1580", renewalPrice: "1580", transferPrice: expect.stringMatching(/^\d+$/),
      converted: true, rateDate: "2025-05-09",
    });
    expect(body.every((p) => p.display?.currency === "JPY")).toBe(true);
    const input = encodeURIComponent(JSON.stringify({ id, currency: "JPY" }));
    const trpc = await getJson<{ result: { data: ProviderPrice[] } }>(app(), `/trpc/providers.prices?input=${input}`);
    expect(trpc.body.result.data).toEqual(body);
  });

  it("keeps a EUR registrar's prices as they are in EUR, and says nothing extra without a currency", async () => {
    const id = await idOf("easyname");
    const { body } = await getJson<ProviderPrice[]>(app(), `/api/service-providers/${id}/domain-prices?currency=EUR`);
    const com = body.find((p) => p.tld.name === "com")!;
    expect(com.display).toMatchObject({ currency: "EUR", registrationPrice: com.registrationPrice, converted: false, rateDate: null });
    const plain = await getJson<ProviderPrice[]>(app(), `/api/service-providers/${id}/domain-prices`);
    expect(plain.body.some((p) => "display" in p)).toBe(false);
  });

  it("answers an unknown currency with a 400 naming it", async () => {
    const id = await idOf("Dynadot");
    const { status, body } = await getJson<{ message: string }>(app(), `/api/service-providers/${id}/domain-prices?currency=ABC`);
    expect(status).toBe(400);
    expect(body.message).toContain('Unknown currency "ABC"');
    const input = encodeURIComponent(JSON.stringify({ id, currency: "ABC" }));
    const trpc = await getJson<{ error: { data: { code: string } } }>(app(), `/trpc/providers.prices?input=${input}`);
    expect(trpc.body.error.data.code).toBe("BAD_REQUEST");
  });
});

forEachDialect("the service-provider directory in a display currency", (getDb) => {
  type Range = { currency: string; minRegistration: string | null; maxRegistration: string | null; display?: { currency: string; minRegistration: string | null; converted: boolean; rateDate: string | null } | null };
  type Entry = { name: string; priceRanges: Range[] };
  it("gives each registration range its ends in the display currency over REST and tRPC; without one, nothing extra", async () => {
    const app = createTestApp(getDb());
    const { status, body } = await getJson<Entry[]>(app, "/api/service-providers/directory?currency=EUR");
    expect(status).toBe(200);
    const ranges = body.flatMap((p) => p.priceRanges);
    expect(ranges.length).toBeGreaterThan(3);
    for (const r of ranges) {
      expect(r.display, `${r.currency} range`).toMatchObject({ currency: "EUR", converted: r.currency !== "EUR" });
      if (r.currency === "EUR") expect(r.display!.minRegistration).toBe(r.minRegistration);
    }
    const dynadot = body.find((p) => p.name === "Dynadot")!.priceRanges.find((r) => r.currency === "USD")!;
    expect(Number(dynadot.display!.minRegistration)).toBeLessThan(Number(dynadot.minRegistration));
    expect(dynadot.display!.rateDate).toBe("2025-05-09");
    const input = encodeURIComponent(JSON.stringify({ currency: "EUR" }));
    expect((await getJson<{ result: { data: Entry[] } }>(app, `/trpc/providers.directory?input=${input}`)).body.result.data).toEqual(body);
    const plain = (await getJson<Entry[]>(app, "/api/service-providers/directory")).body;
    expect(plain.flatMap((p) => p.priceRanges).some((r) => "display" in r)).toBe(false);
    expect((await getJson(app, "/api/service-providers/directory?currency=XXX")).status).toBe(400);
  });
});
