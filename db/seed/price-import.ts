/**
 * Applies price snapshots oldest first. For each provider and TLD the newest snapshot wins;
 * when it differs from the stored price, the stored one moves to domain_price_history with
 * the dates it was valid. A quote's changedAt is the date of the snapshot where its present
 * values first appeared, its lastCheckedAt the newest snapshot that listed the same values.
 * A snapshot not newer than what is stored is ignored, which makes re-running the import a
 * no-op. Names that are neither a TLD nor a second-level suffix in the catalogue are skipped
 * and counted. The price rows and summaries are not written here: the seed rebuilds them all
 * once, after the exchange rates (seed.ts).
 */
import { eq } from "drizzle-orm";
import { sameStoredPrices, type StoredPrices } from "../../src/shared/price-quote.ts";
import { exec, type Db } from "../client.ts";
import { insertChunked } from "../repositories/insert-chunked.ts";
import { normaliseQuote, quoteName } from "../../src/server/integrations/prices/quote-normalise.ts";
import type { PriceQuote, PriceSnapshot } from "../../src/server/integrations/prices/types.ts";

export interface PriceImportReport {
  snapshots: number;
  quotesRead: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Unchanged quotes whose lastCheckedAt a newer snapshot moved forward. */
  confirmed: number;
  historyEntries: number;
  skipped: { handshake: number; notInCatalogue: number; noPrice: number; malformed: number; unknownProvider: number };
  /** A few skipped names per reason, for the log. */
  examples: Record<string, string[]>;
}

interface Lookups {
  tldIdByName: Map<string, number>;
  providerIdByKey: Map<string, number>;
  toAscii: (name: string) => string;
}

type Stored = StoredPrices & {
  id?: number;
  tldId: number;
  serviceProviderId: number;
  snapshotDate: string;
  lastCheckedAt: Date;
  changedAt: Date;
};

/** A snapshot's date as an instant: midnight UTC of the day the list was valid. */
const dayStart = (isoDate: string) => new Date(`${isoDate}T00:00:00.000Z`);

export async function applySnapshots(handle: Db, snapshots: PriceSnapshot[], lookups: Lookups): Promise<PriceImportReport> {
  const report: PriceImportReport = {
    snapshots: snapshots.length, quotesRead: 0, inserted: 0, updated: 0, unchanged: 0, confirmed: 0, historyEntries: 0,
    skipped: { handshake: 0, notInCatalogue: 0, noPrice: 0, malformed: 0, unknownProvider: 0 },
    examples: {},
  };
  const skip = (reason: keyof PriceImportReport["skipped"], name: string) => {
    report.skipped[reason]++;
    const list = (report.examples[reason] ??= []);
    if (list.length < 5) list.push(name);
  };
  const { t } = handle;

  return handle.transaction(function* (db) {
    const existing = yield* exec(db.select().from(t.domainPrices));
    const current = new Map<string, Stored>(existing.map((r) => [`${r.serviceProviderId}:${r.tldId}`, r]));
    const inserts = new Map<string, Stored>();
    const updates = new Map<string, Stored>();
    /** Stored rows whose values a newer snapshot confirmed: only lastCheckedAt moves. */
    const confirms = new Map<string, { id: number; tldId: number; lastCheckedAt: Date }>();
    const history: (typeof t.domainPriceHistory.$inferInsert)[] = [];

    const ordered = [...snapshots].sort((a, b) => a.snapshotDate.localeCompare(b.snapshotDate));
    for (const snapshot of ordered) {
      for (const s of snapshot.skipped) skip(s.reason === "no-price" ? "noPrice" : s.reason, `${snapshot.providerKey}:${s.name}`);
      const providerId = lookups.providerIdByKey.get(snapshot.providerKey);
      for (const quote of snapshot.quotes) {
        report.quotesRead++;
        if (providerId === undefined) { skip("unknownProvider", snapshot.providerKey); continue; }
        const tldId = lookups.tldIdByName.get(quoteName(quote, lookups.toAscii));
        if (tldId === undefined) { skip("notInCatalogue", `${snapshot.providerKey}:${quote.tld}`); continue; }
        const next = toStored(quote, tldId, providerId, snapshot.snapshotDate);
        if (next.registrationPrice === null && next.renewalPrice === null && next.transferPrice === null) {
          skip("noPrice", `${snapshot.providerKey}:${quote.tld}`);
          continue;
        }
        const key = `${providerId}:${tldId}`;
        const prev = inserts.get(key) ?? updates.get(key) ?? current.get(key);
        if (!prev) { inserts.set(key, next); continue; }
        if (prev.snapshotDate >= next.snapshotDate) continue;
        if (sameStoredPrices(prev, next)) {
          report.unchanged++;
          if (next.lastCheckedAt > prev.lastCheckedAt) {
            const pending = inserts.get(key) ?? updates.get(key);
            if (pending) pending.lastCheckedAt = next.lastCheckedAt;
            else confirms.set(key, { id: prev.id!, tldId, lastCheckedAt: next.lastCheckedAt });
          }
          continue;
        }
        history.push({
          tldId, serviceProviderId: providerId,
          registrationPrice: prev.registrationPrice, renewalPrice: prev.renewalPrice, transferPrice: prev.transferPrice,
          currency: prev.currency, isPromo: prev.isPromo, transferIsPromo: prev.transferIsPromo,
          validFrom: prev.snapshotDate, validUntil: next.snapshotDate,
        });
        confirms.delete(key);
        if (inserts.has(key)) inserts.set(key, next);
        else updates.set(key, { ...next, id: prev.id });
      }
    }

    yield* insertChunked(db, t.domainPrices, [...inserts.values()]);
    for (const row of updates.values()) {
      const { id, ...values } = row;
      yield* exec(db.update(t.domainPrices).set({ ...values, updatedAt: new Date() }).where(eq(t.domainPrices.id, id!)));
    }
    for (const { id, lastCheckedAt } of confirms.values()) {
      yield* exec(db.update(t.domainPrices).set({ lastCheckedAt }).where(eq(t.domainPrices.id, id)));
    }
    yield* insertChunked(db, t.domainPriceHistory, history);
    report.inserted = inserts.size;
    report.updated = updates.size;
    report.confirmed = confirms.size;
    report.historyEntries = history.length;
    return report;
  });
}

function toStored(q: PriceQuote, tldId: number, serviceProviderId: number, snapshotDate: string): Stored {
  // A bundled list was true on its own date, not when it was imported.
  const asOf = dayStart(snapshotDate);
  return { tldId, serviceProviderId, ...normaliseQuote(q), snapshotDate, lastCheckedAt: asOf, changedAt: asOf };
}
