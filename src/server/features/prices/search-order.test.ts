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
});
