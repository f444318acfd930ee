/**
 * The offline price source: a provider's newest price list among the files bundled in
 * db/seed/data/prices, read by the same parsers the seed uses. observedAt is the list's own date,
 * never now, so an old file cannot make an old price look freshly checked.
 */
import { BUNDLED_DATA_DIR } from "../../../../db/bundled-data.ts";
import { loadAllPriceSnapshots } from "./prices.ts";
import type { PriceSnapshot } from "./types.ts";
import { PriceSourceError, type PriceSource } from "./source.ts";

const newestByDir = new Map<string, Map<string, PriceSnapshot>>();

/** The bundled files never change while the process runs: parse them once. */
function newestSnapshots(dataDir: string): Map<string, PriceSnapshot> {
  let newest = newestByDir.get(dataDir);
  if (!newest) {
    newest = new Map();
    // Oldest first, so each later snapshot of a provider replaces the one before.
    for (const snapshot of loadAllPriceSnapshots(dataDir)) newest.set(snapshot.providerKey, snapshot);
    newestByDir.set(dataDir, newest);
  }
  return newest;
}

export function bundledSource(providerKey: string, dataDir = BUNDLED_DATA_DIR): PriceSource | null {
  const snapshot = newestSnapshots(dataDir).get(providerKey);
  if (!snapshot) return null;
  return {
    providerKey,
    missingConfiguration: () => null,
    async fetchPrices(options = {}) {
      if (options.signal?.aborted) throw new PriceSourceError("cancelled", "Reading the bundled price list was cancelled");
      return {
        providerKey,
        observedAt: new Date(`${snapshot.snapshotDate}T00:00:00Z`),
        quotes: snapshot.quotes.map((q) => ({ ...q })),
        skipped: snapshot.skipped.map((s) => ({ ...s })),
      };
    },
  };
}
