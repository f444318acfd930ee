import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { forEachDialect } from "../testing/test-db.ts";
import { upsertCatalogue } from "./catalogue-import.ts";
import { applySnapshots } from "./price-import.ts";
import { quoteName } from "../../src/server/integrations/prices/quote-normalise.ts";
import { PROVIDERS } from "./providers.ts";
import { suffixesAmong } from "../../src/server/integrations/prices/suffixes.ts";
import type { PriceQuote, PriceSnapshot, TldRecord } from "../../src/server/integrations/prices/types.ts";

const tld = (name: string, category: TldRecord["category"], registryOperator: string, rdapUrl: string | null): TldRecord => ({
  name, unicodeName: null, ianaType: category, category, registryOperator, isActive: true, rdapUrl, dnssec: true,
});
const TLDS: readonly TldRecord[] = [
  tld("uk", "country-code", "Nominet UK", "https://rdap.nominet.uk/uk/"),
  tld("au", "country-code", ".au Domain Administration (auDA)", "https://rdap.cctld.au/rdap/"),
  tld("com", "generic", "VeriSign Global Registry Services", "https://rdap.verisign.com/com/v1/"),
];
const quote = (name: string, registration: number): PriceQuote => ({
  tld: name, registration, renewal: registration, transfer: registration, currency: "USD", isPromo: false, regularRegistration: null,
});
const SNAPSHOT: PriceSnapshot = {
  providerKey: "porkbun", snapshotDate: "2025-06-01", skipped: [],
  quotes: [quote("com", 1108), quote("co.uk", 512), quote("com.au", 1299), quote("uk.com", 3000), quote("foo.com", 100)],
};
const porkbun = PROVIDERS.filter((p) => p.key === "porkbun");

async function importFixture(db: Parameters<typeof upsertCatalogue>[0], tlds: TldRecord[] = [...TLDS]) {
  const names = new Set(tlds.map((t) => t.name));
  const suffixes = suffixesAmong(SNAPSHOT.quotes.map((q) => quoteName(q, (n) => n)), (n) => names.has(n));
  const catalogue = await upsertCatalogue(db, tlds, [], porkbun, suffixes);
  const prices = await applySnapshots(db, [SNAPSHOT], { tldIdByName: catalogue.tldIdByName, providerIdByKey: catalogue.providerIdByKey, toAscii: (n) => n });
  return { catalogue, prices };
}

forEachDialect("second-level suffixes from a price list", (getDb) => {
  // Each test starts from an empty catalogue.
  beforeEach(async () => {
    const { orm: db, t } = getDb();
    await db.delete(t.domainPrices);
    await db.delete(t.tlds);
  });

  it("adds co.uk, com.au and uk.com under their parents, prices them, and skips foo.com", async () => {
    const { catalogue, prices } = await importFixture(getDb());
    expect(catalogue).toMatchObject({ tldCount: 3, suffixCount: 3 });
    expect(prices.inserted).toBe(4);
    expect(prices.skipped.notInCatalogue).toBe(1);
    expect(prices.examples.notInCatalogue).toEqual(["porkbun:foo.com"]);

    const { orm: db, t } = getDb();
    const rows = await db.select().from(t.tlds);
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(byName.has("foo.com")).toBe(false);
    const coUk = byName.get("co.uk")!;
    expect(coUk).toMatchObject({
      kind: "icann-suffix", parentTldId: byName.get("uk")!.id, category: "country-code", ianaType: "country-code",
      rdapUrl: "https://rdap.nominet.uk/uk/", registryOperatorId: null, isActive: true, dnssec: null,
    });
    expect(byName.get("com.au")).toMatchObject({ kind: "icann-suffix", parentTldId: byName.get("au")!.id, category: "country-code" });
    const ukCom = byName.get("uk.com")!;
    expect(ukCom).toMatchObject({ kind: "private-suffix", parentTldId: byName.get("com")!.id, category: "generic", rdapUrl: null });
    const [operator] = await db.select().from(t.registryOperators).where(eq(t.registryOperators.id, ukCom.registryOperatorId!));
    expect(operator!.name).toBe("CentralNic");
    expect(byName.get("uk")).toMatchObject({ kind: "tld", parentTldId: null });

    const [price] = await db.select().from(t.domainPrices).where(eq(t.domainPrices.tldId, coUk.id));
    expect(price).toMatchObject({ registrationPrice: 512, currency: "USD" });
  });

  it("changes nothing on a second run, and follows the parent when the IANA file changes it", async () => {
    await importFixture(getDb());
    const { orm: db, t } = getDb();
    const before = await db.select().from(t.tlds);
    const again = await importFixture(getDb());
    expect(again.prices.inserted).toBe(0);
    expect(await db.select().from(t.tlds)).toEqual(before);

    await importFixture(getDb(), TLDS.map((r) => (r.name === "uk" ? { ...r, rdapUrl: "https://rdap.example.uk/" } : r)));
    const [coUk] = await db.select().from(t.tlds).where(eq(t.tlds.name, "co.uk"));
    expect(coUk!.rdapUrl).toBe("https://rdap.example.uk/");
    expect(await db.select().from(t.tlds)).toHaveLength(before.length);
  });
}, { seeded: false });
