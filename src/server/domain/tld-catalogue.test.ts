import { asc, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { findTld } from "../../../db/repositories/tld-repository.ts";
import { forEachDialect } from "../../../db/testing/test-db.ts";
import { createTestApp, getJson } from "../testing/test-app.ts";
import { bumpPriceRowsVersion } from "../../../db/repositories/price-summary-repository.ts";
import { currentPricesVersion, invalidatePriceCache } from "./price-cache.ts";
import { tldByKey, tldIdByKey } from "./tld-catalogue.ts";

interface TldBody { id: number; name: string; description: string; parent: { name: string } | null; secondLevel: { name: string }[] }

forEachDialect("the catalogue's names in memory", (getDb) => {
  it("answers every kind of key as the database lookups do: ASCII, Unicode, an id, a suffix and its parent", async () => {
    const db = getDb();
    const { tlds } = db.t;
    const secondLevelOf = (id: number) => db.orm.select({ id: tlds.id, name: tlds.name, unicodeName: tlds.unicodeName }).from(tlds)
      .where(eq(tlds.parentTldId, id)).orderBy(asc(tlds.name));
    const uk = (await findTld(db, { name: "uk" }))!;
    for (const key of ["com", "uk", "co.uk", "рф", "xn--p1ai", String(uk.id), "africa"]) {
      const fromDb = await findTld(db, /^\d+$/.test(key) ? { id: Number(key) } : { name: key });
      expect(fromDb, key).not.toBeNull();
      const expected = { ...fromDb!, secondLevel: fromDb!.parent ? [] : await secondLevelOf(fromDb!.id) };
      expect(await tldByKey(db, key), key).toEqual(expected);
      expect(await tldIdByKey(db, key), key).toBe(fromDb!.id);
    }
    expect((await tldByKey(db, "uk"))!.secondLevel.map((s) => s.name)).toContain("co.uk");
    expect(await tldByKey(db, "no-such-name")).toBeNull();
    expect(await tldIdByKey(db, "999999999")).toBeNull();
  });

  it("finds a name added after it was loaded at once, and shows an edit once the price answers' cache is cleared", async () => {
    const db = getDb();
    const app = createTestApp(db, { env: { PRICE_CACHE_SECONDS: "3600" } });
    const before = await getJson<TldBody>(app, "/api/tlds/uk");
    expect(before.status).toBe(200);
    expect((await getJson(app, "/api/tlds/zq.uk")).status).toBe(404);

    const uk = before.body;
    await db.orm.insert(db.t.tlds).values({
      name: "zq.uk", description: "A test suffix", category: "country-code", ianaType: "country-code", isActive: true, kind: "icann-suffix", parentTldId: uk.id,
    });
    const added = await getJson<TldBody>(app, "/api/tlds/zq.uk");
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ name: "zq.uk", parent: { name: "uk" }, secondLevel: [] });
    // Finding it dropped the index: its parent now lists it.
    expect((await getJson<TldBody>(app, "/api/tlds/uk")).body.secondLevel.map((s) => s.name)).toContain("zq.uk");

    // A row edited by another process is kept until the cache is cleared.
    await db.orm.update(db.t.tlds).set({ description: "Edited elsewhere" }).where(eq(db.t.tlds.id, uk.id));
    expect((await getJson<TldBody>(app, "/api/tlds/uk")).body.description).toBe(uk.description);
    invalidatePriceCache(db);
    expect((await getJson<TldBody>(app, "/api/tlds/uk")).body.description).toBe("Edited elsewhere");
  });

  it("outlives PRICE_CACHE_SECONDS, and is read again once another process writes a new price-rows version", async () => {
    const db = getDb();
    const app = createTestApp(db, { env: { PRICE_CACHE_SECONDS: "1" } });
    // The version this process has seen, as its watcher (watchPriceChanges) keeps it; entries
    // loaded under an earlier test's time to live are dropped.
    await currentPricesVersion(db);
    invalidatePriceCache(db);
    const uk = (await getJson<TldBody>(app, "/api/tlds/uk")).body;
    await db.orm.update(db.t.tlds).set({ description: "Edited by an import" }).where(eq(db.t.tlds.id, uk.id));
    await new Promise((r) => setTimeout(r, 1_200));
    // Past the answers' time to live: the index is still the one loaded (no reload of every row).
    expect((await tldByKey(db, "uk"))!.description).toBe(uk.description);
    // The import's rewrite of the price rows writes a new version in its transaction.
    await bumpPriceRowsVersion(db);
    await currentPricesVersion(db);
    expect((await tldByKey(db, "uk"))!.description).toBe("Edited by an import");
    await db.orm.update(db.t.tlds).set({ description: uk.description }).where(eq(db.t.tlds.id, uk.id));
    invalidatePriceCache(db);
  });
});
