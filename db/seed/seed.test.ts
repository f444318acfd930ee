import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { openDb } from "../client.ts";
import { createTestDb, forEachDialect } from "../testing/test-db.ts";
import { BUNDLED_PRICE_LIST_REGISTRARS } from "../../src/shared/priced-registrars.ts";
import { PROVIDERS } from "./providers.ts";
import { DEFAULT_DATA_DIR, seedDatabase, seedIfNeeded } from "./seed.ts";

/** The fingerprint releases before second-level suffixes recorded: the files and providers only. */
function fingerprintBeforeSuffixes(): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify(PROVIDERS));
  for (const sub of ["iana", "prices", "rates"]) {
    for (const file of readdirSync(join(DEFAULT_DATA_DIR, sub)).sort()) {
      hash.update(`${sub}/${file}\0`);
      hash.update(readFileSync(join(DEFAULT_DATA_DIR, sub, file)));
    }
  }
  return hash.digest("hex");
}

forEachDialect("seed on an empty database", (getDb) => {
  /** The report of the first seed of this empty database, whichever test asks first: every test runs on seeded data. */
  let firstRun: ReturnType<typeof seedDatabase> | undefined;
  const firstSeed = () => (firstRun ??= seedDatabase(getDb()));
  beforeEach(async () => {
    await firstSeed();
  });

  it("imports the whole IANA catalogue and every price list", async () => {
    const first = await firstSeed();
    expect(first.tlds).toBe(1594);
    expect(first.secondLevelSuffixes).toBeGreaterThan(1000);
    expect(first.ianaRegistrars).toBe(4177);
    expect(first.serviceProviders).toBe(16);
    expect(first.registryOperators).toBeGreaterThan(700);
    expect(first.prices.snapshots).toBe(13);
    expect(first.prices.inserted).toBeGreaterThan(4000);
    expect(first.prices.historyEntries).toBeGreaterThan(0);
  });

  it("imports the ECB rates history with EUR at 1 beside each day's quoted currencies", async () => {
    const first = await firstSeed();
    expect(first.exchangeRates.days).toBe(1882);
    const { orm: db, t } = getDb();
    const [rows] = await db.select({ n: count() }).from(t.exchangeRates);
    expect(first.exchangeRates.inserted).toBe(rows!.n);
    expect(rows!.n).toBeGreaterThan(1882 * 30);
    const rate = async (date: string, currency: string) => (await db.select({ r: t.exchangeRates.ratePerEur }).from(t.exchangeRates)
      .where(and(eq(t.exchangeRates.date, date), eq(t.exchangeRates.currency, currency))))[0]?.r;
    expect(await rate("2025-05-09", "USD")).toBe(1.1252);
    expect(await rate("2018-01-02", "JPY")).toBe(135.35);
    expect(await rate("2025-05-09", "EUR")).toBe(1);
    expect(await rate("2025-05-09", "RUB")).toBeUndefined(); // N/A since 2022
  });

  it("skips Handshake names and names that are neither a TLD nor a known suffix, and counts them", async () => {
    const first = await firstSeed();
    expect(first.prices.skipped.handshake).toBe(548); // 274 in each Porkbun file
    // Namecheap's unmarked Handshake names, retired CentralNic names (ar.com), broken ones (et.io).
    expect(first.prices.skipped.notInCatalogue).toBeGreaterThan(1000);
    expect(first.prices.examples.notInCatalogue!.join(" ")).not.toMatch(/co\.uk|br\.com|ae\.org/);
    const { orm: db, t } = getDb();
    const [handshake] = await db.select({ n: count() }).from(t.tlds).where(eq(t.tlds.name, "0db"));
    expect(handshake!.n).toBe(0);
  });

  it("adds the second-level suffixes the lists sell under their parent TLD, and prices at least 1,500 names", async () => {
    const first = await firstSeed();
    const { orm: db, t } = getDb();
    const row = async (name: string) => (await db.select().from(t.tlds).where(eq(t.tlds.name, name)))[0];
    const [uk, com, coUk, comAu, ukCom] = await Promise.all(["uk", "com", "co.uk", "com.au", "uk.com"].map(row));
    expect(coUk).toMatchObject({ kind: "icann-suffix", parentTldId: uk!.id, category: "country-code" });
    expect(comAu).toMatchObject({ kind: "icann-suffix", category: "country-code" });
    expect(ukCom).toMatchObject({ kind: "private-suffix", parentTldId: com!.id, category: "generic" });
    expect(await row("foo.com")).toBeUndefined();
    expect(await row("ar.com")).toBeUndefined(); // no registry named for it any more

    const providersOf = async (tldId: number) => (await db.select({ id: t.domainPrices.serviceProviderId }).from(t.domainPrices)
      .where(eq(t.domainPrices.tldId, tldId))).length;
    expect(await providersOf(coUk!.id)).toBeGreaterThanOrEqual(5);
    expect(await providersOf(ukCom!.id)).toBeGreaterThanOrEqual(2);
    const [priced] = await db.select({ n: sql<number>`count(distinct ${t.domainPrices.tldId})`.mapWith(Number) }).from(t.domainPrices);
    expect(first.pricedNames).toBe(priced!.n);
    expect(first.pricedNames).toBeGreaterThanOrEqual(1500);
  });

  it("stores accredited registrars and links providers to their IANA id", async () => {
    const { orm: db, t } = getDb();
    const [accredited] = await db.select({ n: count() }).from(t.ianaRegistrars).where(eq(t.ianaRegistrars.status, "Accredited"));
    expect(accredited!.n).toBe(3020);
    const [porkbun] = await db.select().from(t.serviceProviders).where(eq(t.serviceProviders.slug, "porkbun"));
    expect(porkbun!.ianaId).toBe(1861);
  });

  it("stores IDN TLDs as punycode with the Unicode form beside it", async () => {
    const { orm: db, t } = getDb();
    const [rf] = await db.select().from(t.tlds).where(eq(t.tlds.name, "xn--p1ai"));
    expect(rf!.unicodeName).toBe("рф");
    expect(rf!.category).toBe("country-code");
  });

  it("keeps exact prices, flags promotions and moves older snapshots into history", async () => {
    const { orm: db, t } = getDb();
    const quote = async (slug: string, tld: string) => {
      const [row] = await db
        .select({ p: t.domainPrices, providerId: t.serviceProviders.id, tldId: t.tlds.id })
        .from(t.domainPrices)
        .innerJoin(t.serviceProviders, eq(t.serviceProviders.id, t.domainPrices.serviceProviderId))
        .innerJoin(t.tlds, eq(t.tlds.id, t.domainPrices.tldId))
        .where(and(eq(t.serviceProviders.slug, slug), eq(t.tlds.name, tld)));
      return row!;
    };
    const dynadotCom = await quote("dynadot", "com");
    expect(dynadotCom.p.registrationPrice).toBe(1088);
    expect(dynadotCom.p.currency).toBe("USD");

    const namecheapCom = await quote("namecheap", "com");
    expect(namecheapCom.p.isPromo).toBe(true);
    expect(namecheapCom.p.registrationPrice).toBeLessThan(namecheapCom.p.regularRegistrationPrice!);

    const easynameCom = await quote("easyname", "com");
    expect(easynameCom.p.currency).toBe("EUR");

    // Porkbun's .com moved from 11.06 (2025-03-22 list) to 11.08: the old price is history.
    const porkbunCom = await quote("porkbun", "com");
    expect(porkbunCom.p.registrationPrice).toBe(1108);
    const history = await db
      .select()
      .from(t.domainPriceHistory)
      .where(and(eq(t.domainPriceHistory.serviceProviderId, porkbunCom.providerId), eq(t.domainPriceHistory.tldId, porkbunCom.tldId)));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ registrationPrice: 1106, validFrom: "2025-03-22", validUntil: "2025-11-01" });
  });

  it("changes nothing when run again", async () => {
    const { orm: db, t } = getDb();
    const counts = async () => {
      const [[p], [h], [tl], [s], [r]] = await Promise.all([
        db.select({ n: count() }).from(t.domainPrices),
        db.select({ n: count() }).from(t.domainPriceHistory),
        db.select({ n: count() }).from(t.tlds),
        db.select({ n: count() }).from(t.serviceProviders),
        db.select({ n: count() }).from(t.exchangeRates),
      ]);
      return [p!.n, h!.n, tl!.n, s!.n, r!.n];
    };
    const before = await counts();
    const second = await seedDatabase(getDb());
    expect(second.prices.inserted).toBe(0);
    expect(second.prices.updated).toBe(0);
    expect(second.prices.historyEntries).toBe(0);
    expect(second.exchangeRates).toEqual({ days: 1882, inserted: 0 });
    expect(await counts()).toEqual(before);
  });

  it("seedIfNeeded skips unchanged data and never overwrites an administrator's provider edits", async () => {
    const { orm: db, t } = getDb();
    await db.delete(t.appMeta).where(eq(t.appMeta.key, "seed_fingerprint")); // as after a seed that recorded none
    expect(await seedIfNeeded(getDb())).not.toBeNull(); // first time: records the fingerprint
    await db.update(t.serviceProviders).set({ name: "Porkbun (edited)" }).where(eq(t.serviceProviders.slug, "porkbun"));
    expect(await seedIfNeeded(getDb())).toBeNull();
    await seedDatabase(getDb());
    const [porkbun] = await db.select().from(t.serviceProviders).where(eq(t.serviceProviders.slug, "porkbun"));
    expect(porkbun!.name).toBe("Porkbun (edited)");
  });

  it("prices every registrar the landing page names when its provider list cannot be loaded", async () => {
    const { orm: db, t } = getDb();
    for (const named of BUNDLED_PRICE_LIST_REGISTRARS) {
      const [row] = await db.select({ isActive: t.serviceProviders.isActive, prices: count(t.domainPrices.id) })
        .from(t.serviceProviders).leftJoin(t.domainPrices, eq(t.domainPrices.serviceProviderId, t.serviceProviders.id))
        .where(eq(t.serviceProviders.domain, named.domain)).groupBy(t.serviceProviders.id);
      expect(row?.isActive, named.name).toBe(true);
      expect(row!.prices, named.name).toBeGreaterThan(0);
    }
  });

  it("gives a provider stored without a country the seed's, and keeps one an administrator set", async () => {
    const { orm: db, t } = getDb();
    await db.update(t.serviceProviders).set({ country: null }).where(eq(t.serviceProviders.slug, "openprovider"));
    await db.update(t.serviceProviders).set({ country: "DE" }).where(eq(t.serviceProviders.slug, "easyname"));
    await seedDatabase(getDb());
    const country = async (slug: string) => (await db.select({ c: t.serviceProviders.country }).from(t.serviceProviders).where(eq(t.serviceProviders.slug, slug)))[0]?.c;
    expect(await country("openprovider")).toBe("NL");
    expect(await country("easyname")).toBe("DE");
  });

  it("adds the suffixes, once, to a database seeded before they existed", async () => {
    const first = await firstSeed();
    const { orm: db, t } = getDb();
    const suffixRows = () => db.select({ name: t.tlds.name }).from(t.tlds).where(isNotNull(t.tlds.parentTldId));
    const expected = (await suffixRows()).length;
    // What an earlier release left: no suffix rows (their prices go with them) and its own fingerprint.
    await db.delete(t.tlds).where(isNotNull(t.tlds.parentTldId));
    await db.update(t.appMeta).set({ value: fingerprintBeforeSuffixes() }).where(eq(t.appMeta.key, "seed_fingerprint"));
    expect(await suffixRows()).toHaveLength(0);

    const upgrade = await seedIfNeeded(getDb());
    expect(upgrade).not.toBeNull();
    expect(upgrade!.secondLevelSuffixes).toBe(expected);
    expect(upgrade!.pricedNames).toBe(first.pricedNames);
    expect(await seedIfNeeded(getDb())).toBeNull();
    const names = (await suffixRows()).map((r) => r.name);
    expect(names).toHaveLength(expected);
    expect(new Set(names).size).toBe(expected);
    expect(names).toContain("co.uk");
  });
}, { seeded: false });

describe.skipIf(!process.env.TEST_DATABASE_URL)("seedIfNeeded with processes booting together [postgres]", () => {
  it("imports once: the process that waited for the lock finds the data already there", async () => {
    const testDb = await createTestDb("postgres", { seeded: false });
    const other = openDb({ databaseUrl: testDb.url, poolSize: 2 });
    try {
      const reports = await Promise.all([seedIfNeeded(testDb.db), seedIfNeeded(other)]);
      expect(reports.filter((r) => r !== null)).toHaveLength(1);
      const { orm: db, t } = testDb.db;
      const [history] = await db.select({ n: count() }).from(t.domainPriceHistory);
      expect(history!.n).toBeGreaterThan(0);
      expect(history!.n).toBe(reports.find((r) => r)!.prices.historyEntries); // written by one import only
    } finally {
      await other.close();
      await testDb.drop();
    }
  }, 120_000);
});
