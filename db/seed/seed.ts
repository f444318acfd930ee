/**
 * Loads the bundled reference data: IANA TLDs and their registry operators, the second-level
 * suffixes the price lists quote (co.uk, uk.com: see suffixes.ts), IANA registrar IDs, the
 * service providers and their price lists (older snapshots become price history),
 * and the ECB's euro exchange rates history for installs that never reach the ECB.
 * Idempotent: a second run inserts nothing and writes no history, because every price is
 * compared with what is stored, a snapshot older than the stored one is ignored, and a rate
 * already stored for a day is kept.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import punycode from "punycode/punycode.js";
import { BUNDLED_DATA_DIR } from "../bundled-data.ts";
import type { Db } from "../client.ts";
import { getMeta, META_KEYS, setMeta, setMetaIfAbsent } from "../repositories/app-meta-repository.ts";
import { addMissingExchangeRates } from "../repositories/exchange-rate-repository.ts";
import { rebuildAllPriceRows } from "../repositories/price-summary-repository.ts";
import { DEFAULT_PRICE_STALE_DAYS } from "../../src/shared/price-freshness.ts";
import { countPricedNames } from "../repositories/tld-repository.ts";
import { parseRegistrarIds, parseRootZone } from "../../src/server/integrations/prices/iana.ts";
import { loadAllPriceSnapshots } from "../../src/server/integrations/prices/prices.ts";
import { parseEcbHistoryCsv } from "../../src/server/integrations/rates/ecb-history.ts";
import { PROVIDERS } from "./providers.ts";
import { applySnapshots, type PriceImportReport } from "./price-import.ts";
import { quoteName } from "../../src/server/integrations/prices/quote-normalise.ts";
import { upsertCatalogue } from "./catalogue-import.ts";
import { PRIVATE_REGISTRY_SUFFIXES } from "../../src/server/integrations/prices/private-suffixes.ts";
import { SUFFIX_RULES, suffixesAmong } from "../../src/server/integrations/prices/suffixes.ts";

const SEED_FINGERPRINT = META_KEYS.seedFingerprint;

export const DEFAULT_DATA_DIR = BUNDLED_DATA_DIR;

export interface SeedReport {
  tlds: number;
  /** Second-level suffixes in the catalogue (co.uk, uk.com). */
  secondLevelSuffixes: number;
  /** Catalogue names (TLDs and suffixes) with at least one stored price. */
  pricedNames: number;
  registryOperators: number;
  ianaRegistrars: number;
  serviceProviders: number;
  prices: PriceImportReport;
  /** Business days in the bundled rates files, and rate rows this run added. */
  exchangeRates: { days: number; inserted: number };
  durationMs: number;
}

/** `staleDays` (PRICE_STALE_DAYS) judges the price rows the seed writes. */
export async function seedDatabase(handle: Db, dataDir = DEFAULT_DATA_DIR, staleDays = DEFAULT_PRICE_STALE_DAYS): Promise<SeedReport> {
  const started = performance.now();
  const read = (file: string) => readFileSync(join(dataDir, file), "utf8");
  const tldRecords = parseRootZone(
    read("iana/root-zone-db.csv"),
    read("iana/root-zone-db-with-rdap.json"),
    read("iana/rdap-dns-services.json"),
  );
  const registrars = parseRegistrarIds(read("iana/registrar-ids.csv"));
  const snapshots = loadAllPriceSnapshots(dataDir);
  const toAscii = (name: string) => punycode.toASCII(name);
  const ianaNames = new Set(tldRecords.map((r) => r.name));
  const quoted = snapshots.flatMap((s) => s.quotes.map((q) => quoteName(q, toAscii)));
  const suffixes = suffixesAmong(quoted, (name) => ianaNames.has(name));
  const catalogue = await upsertCatalogue(handle, tldRecords, registrars, PROVIDERS, suffixes);

  const prices = await applySnapshots(handle, snapshots, {
    tldIdByName: catalogue.tldIdByName,
    providerIdByKey: catalogue.providerIdByKey,
    toAscii,
  });
  const exchangeRates = await importExchangeRates(handle, dataDir);
  // The price rows and summaries are written once, here, after prices and rates: each row carries
  // its TLD's name and category too, which the catalogue may have changed, and its prices in USD
  // at the newest rates.
  await rebuildAllPriceRows(handle, { staleDays });

  return {
    tlds: catalogue.tldCount,
    secondLevelSuffixes: catalogue.suffixCount,
    pricedNames: await countPricedNames(handle),
    registryOperators: catalogue.operatorCount,
    ianaRegistrars: catalogue.registrarCount,
    serviceProviders: catalogue.providerCount,
    prices,
    exchangeRates,
    durationMs: Math.round(performance.now() - started),
  };
}

async function importExchangeRates(handle: Db, dataDir: string): Promise<SeedReport["exchangeRates"]> {
  const dir = join(dataDir, "rates");
  const days = readdirSync(dir).filter((f) => f.endsWith(".csv")).sort()
    .flatMap((file) => parseEcbHistoryCsv(readFileSync(join(dir, file), "utf8")));
  const rows = days.flatMap(({ date, rates }) => Object.entries(rates).map(([currency, ratePerEur]) => ({ date, currency, ratePerEur })));
  const inserted = await addMissingExchangeRates(handle, rows);
  return { days: new Set(days.map((d) => d.date)).size, inserted };
}

/**
 * Fingerprint of the bundled files, the provider list and the suffix rules: a restart with
 * unchanged data skips the whole import, while a provider added to the list, or a change in
 * which second-level names are recognised (a database seeded before suffixes existed), reaches
 * existing databases.
 */
export function dataFingerprint(dataDir = DEFAULT_DATA_DIR): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify(PROVIDERS));
  hash.update(JSON.stringify({ rules: SUFFIX_RULES, privateSuffixes: PRIVATE_REGISTRY_SUFFIXES }));
  for (const sub of ["iana", "prices", "rates"]) {
    for (const file of readdirSync(join(dataDir, sub)).sort()) {
      hash.update(`${sub}/${file}\0`);
      hash.update(readFileSync(join(dataDir, sub, file)));
    }
  }
  return hash.digest("hex");
}

const SEED_LOCK = 727275;

/**
 * Seeds when the bundled data differs from what this database last imported. Processes booting
 * together on PostgreSQL take turns under a lock; the ones that follow find the fingerprint
 * already recorded and import nothing.
 */
export async function seedIfNeeded(handle: Db, dataDir = DEFAULT_DATA_DIR, staleDays = DEFAULT_PRICE_STALE_DAYS): Promise<SeedReport | null> {
  const fingerprint = dataFingerprint(dataDir);
  return handle.withLock(SEED_LOCK, async () => {
    const meta = await getMeta(handle, [SEED_FINGERPRINT]);
    if (meta[SEED_FINGERPRINT] === fingerprint) return null;
    const report = await seedDatabase(handle, dataDir, staleDays);
    await setMeta(handle, SEED_FINGERPRINT, fingerprint);
    await setMetaIfAbsent(handle, META_KEYS.deployedAt, new Date().toISOString());
    return report;
  });
}
