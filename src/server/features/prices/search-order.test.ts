import { expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { createTestApp, getJson } from "../../testing/test-app.ts";
import type { PricePage } from "./service.ts";

forEachDialect("price list search order", (getDb) => {
  const app = () => createTestApp(getDb());
  const names = async (query: string) => (await getJson<PricePage>(app(), `/api/domain-prices?${query}`)).body.data.map((r) => r.name);

  it("lists the name searched for first, then names starting with the text, then the rest, each in the order asked", async () => {
    const io = await names("search=io&limit=100");
    expect(io[0]).toBe("io");
    const startsAt = io.findIndex((n) => !n.startsWith("io"));
    expect(startsAt).toBeGreaterThan(0);
    // Every name starting with "io" comes before every other name containing it.
    expect(io.slice(startsAt).every((n) => !n.startsWith("io"))).toBe(true);
    const rest = io.slice(startsAt);
    expect(rest).toEqual([...rest].sort());
    expect(rest).toEqual(expect.arrayContaining(["audio", "bio"]));

    // A dot before the name and another order change nothing about what comes first.
    expect((await names("search=.io&limit=5"))[0]).toBe("io");
    const byPrice = await names("search=io&limit=100&sortBy=registrationPrice");
    expect(byPrice[0]).toBe("io");
    expect(new Set(byPrice)).toEqual(new Set(io));

    // The second page continues the same order.
    const firstTen = await names("search=co&limit=10");
    const nextTen = await names("search=co&limit=10&page=2");
    expect(firstTen[0]).toBe("co");
    expect([...firstTen, ...nextTen]).toEqual(await names("search=co&limit=20"));
  });

  it("orders by popularity: the common TLDs first, in their order, then those the most registrars sell, then by name", async () => {
    const { body } = await getJson<PricePage>(app(), "/api/domain-prices?sortBy=popularity&limit=40");
    expect(body.data.slice(0, 5).map((r) => r.name)).toEqual(["com", "net", "org", "io", "co"]);
    const rest = body.data.slice(5);
    for (let i = 1; i < rest.length; i++) {
      const [before, row] = [rest[i - 1]!, rest[i]!];
      expect(before.providerCount >= row.providerCount, `${before.name} before ${row.name}`).toBe(true);
      if (before.providerCount === row.providerCount) expect(before.name < row.name).toBe(true);
    }
    // A search in that order still puts the name searched for first.
    expect((await names("search=io&sortBy=popularity&limit=5"))[0]).toBe("io");
  });
});
