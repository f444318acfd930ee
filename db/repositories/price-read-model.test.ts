import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exec, openDb, type Db } from "../client.ts";
import { createTestDb, TEST_DIALECTS, type TestDb } from "../testing/test-db.ts";
import { listPriceRowsByName, listPriceTable } from "./price-row-repository.ts";
import { refreshTldPriceSummaries } from "./price-summary-repository.ts";

type Field = "minRegistration" | "minRenewal" | "minTransfer" | "minThreeYear";
const FIELDS = { registrationPrice: "minRegistration", renewalPrice: "minRenewal", transferPrice: "minTransfer", threeYearPrice: "minThreeYear" } as const;

const namesOf = (rows: string[]) => rows.map((r) => (JSON.parse(r) as { name: string }).name);

/** The expected order, worked out here from the stored summaries: chosen minimum, unpriced last, ties by name. */
function expectedOrder(summaries: Array<{ name: string } & Record<Field, number | null>>, field: Field, order: "asc" | "desc") {
  const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const priced = summaries.filter((s) => s[field] !== null).sort((a, b) => (a[field]! - b[field]!) * (order === "asc" ? 1 : -1) || byName(a, b));
  const unpriced = summaries.filter((s) => s[field] === null).sort(byName);
  return [...priced, ...unpriced].map((s) => s.name);
}

for (const dialect of TEST_DIALECTS) {
  describe(`price list read model [${dialect}]`, () => {
    let testDb: TestDb;
    let other: Db;
    beforeAll(async () => {
      testDb = await createTestDb(dialect);
      // A second handle on the same database, as another server process would have.
      other = openDb(dialect === "postgres" ? { databaseUrl: testDb.url, poolSize: 2 } : { sqlitePath: testDb.sqlitePath });
    });
    afterAll(async () => {
      await other?.close();
      await testDb?.drop();
    });

    it("sorts by every price both ways, unpriced last either way and ties by name, as the summaries say", async () => {
      const { orm: db, t } = testDb.db;
      const summaries = await db.select({
        name: t.tldPriceSummaries.name, minRegistration: t.tldPriceSummaries.minRegistration, minRenewal: t.tldPriceSummaries.minRenewal,
        minTransfer: t.tldPriceSummaries.minTransfer, minThreeYear: t.tldPriceSummaries.minThreeYear,
      }).from(t.tldPriceSummaries);
      expect(summaries.length).toBeGreaterThan(1000);
      expect(summaries.some((s) => s.minTransfer === null)).toBe(true);
      for (const [sortBy, field] of Object.entries(FIELDS) as Array<[keyof typeof FIELDS, Field]>) {
        for (const sortOrder of ["asc", "desc"] as const) {
          const page = await listPriceTable(testDb.db, { offset: 0, limit: summaries.length, sortBy, sortOrder });
          expect(page.total).toBe(summaries.length);
          expect(namesOf(page.rows)).toEqual(expectedOrder(summaries, field, sortOrder));
        }
      }
      const byName = await listPriceTable(testDb.db, { offset: 0, limit: summaries.length, sortBy: "tldName", sortOrder: "desc" });
      expect(namesOf(byName.rows)).toEqual(summaries.map((s) => s.name).sort().reverse());
    });

    it("filters by search, category and exact name, counts every match and pages within them", async () => {
      const { orm: db, t } = testDb.db;
      const generic = await db.select({ name: t.tldPriceSummaries.name, searchText: t.tldPriceSummaries.searchText })
        .from(t.tldPriceSummaries).where(eq(t.tldPriceSummaries.category, "generic"));
      // A search lists the name searched for first, then names starting with it, then the rest, each by name.
      const relevance = (searchText: string) => {
        const names = searchText.split("\n");
        return names.includes("co") ? 0 : names.some((n) => n.startsWith("co")) ? 1 : 2;
      };
      const expected = generic.filter((s) => s.searchText.includes("co"))
        .sort((a, b) => relevance(a.searchText) - relevance(b.searchText) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((s) => s.name);
      const query = { offset: 0, limit: 1000, sortBy: "tldName", sortOrder: "asc", search: " .CO ", category: "generic" } as const;
      const all = await listPriceTable(testDb.db, query);
      expect(all.total).toBe(expected.length);
      expect(namesOf(all.rows)).toEqual(expected);
      const second = await listPriceTable(testDb.db, { ...query, offset: 2, limit: 3 });
      expect(second.total).toBe(expected.length);
      expect(namesOf(second.rows)).toEqual(expected.slice(2, 5));
      expect(namesOf((await listPriceTable(testDb.db, { ...query, search: undefined, category: undefined, tld: "com" })).rows)).toEqual(["com"]);
      expect(await listPriceTable(testDb.db, { ...query, search: "no-such-tld" })).toMatchObject({ rows: [], total: 0 });
      expect(namesOf(await listPriceRowsByName(testDb.db, ["net", "no-such", "com"]))).toEqual(["net", "com"]);
    });

    it("shows a price written through another handle on the very next read, in this process and the other", async () => {
      const query = { offset: 0, limit: 1, sortBy: "tldName", sortOrder: "asc", tld: "com" } as const;
      const registration = async (handle: Db) => (JSON.parse((await listPriceTable(handle, query)).rows[0]!) as { registrationPrice: string }).registrationPrice;
      const before = await registration(testDb.db);
      expect(await registration(other)).toBe(before);
      const digestBefore = (await listPriceTable(testDb.db, query)).rowDigests;
      expect((await listPriceTable(other, query)).rowDigests).toBe(digestBefore);
      expect((await listPriceTable(testDb.db, { ...query, tld: "net" })).rowDigests).not.toBe(digestBefore);

      // The other "process" lowers every .com quote and rewrites the row, as a price writer does.
      const { orm: db, t } = other;
      const [com] = await db.select({ id: t.tlds.id }).from(t.tlds).where(eq(t.tlds.name, "com"));
      await other.transaction(function* (tx) {
        yield* exec(tx.update(t.domainPrices).set({ registrationPrice: 1 }).where(eq(t.domainPrices.tldId, com!.id)));
        yield* refreshTldPriceSummaries(tx, t, [com!.id], { staleDays: 90 });
      });

      expect(await registration(other)).toBe("0.01");
      expect(await registration(testDb.db)).toBe("0.01");
      // The page's digest (what its ETag is made of) follows the rewritten row.
      expect((await listPriceTable(testDb.db, query)).rowDigests).not.toBe(digestBefore);
      const cheapest = await listPriceTable(testDb.db, { offset: 0, limit: 1, sortBy: "registrationPrice", sortOrder: "asc" });
      expect(namesOf(cheapest.rows)).toEqual(["com"]);
    });
  });
}
