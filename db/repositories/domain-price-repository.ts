import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { ProviderSummary, StoredQuote } from "../../src/shared/price-quote.ts";
import type { Db } from "../client.ts";

export type { ProviderSummary };

/** What a comparison table with register/transfer links needs. */
export interface ProviderRef extends ProviderSummary {
  displayName: string;
  website: string | null;
  registrationUrlPattern: string | null;
  transferUrlPattern: string | null;
}

export type QuoteDto<P extends ProviderSummary = ProviderRef> = StoredQuote<P> & { tldId: number };

function quoteColumns({ t }: Db, detail: "summary" | "full") {
  const dp = t.domainPrices;
  const sp = t.serviceProviders;
  const summary = { id: sp.id, name: sp.name, domain: sp.domain, logoUrl: sp.logoUrl };
  return {
    id: dp.id, tldId: dp.tldId, registrationPrice: dp.registrationPrice, renewalPrice: dp.renewalPrice,
    transferPrice: dp.transferPrice, currency: dp.currency, isPromo: dp.isPromo, transferIsPromo: dp.transferIsPromo,
    regularRegistrationPrice: dp.regularRegistrationPrice, snapshotDate: dp.snapshotDate,
    lastCheckedAt: dp.lastCheckedAt, changedAt: dp.changedAt,
    serviceProvider: detail === "summary" ? summary : {
      ...summary, displayName: sp.displayName, website: sp.website,
      registrationUrlPattern: sp.registrationUrlPattern, transferUrlPattern: sp.transferUrlPattern,
    },
  };
}

/** Active providers' quotes for the given TLDs, cheapest registration first. */
export async function listQuotesForTlds(handle: Db, tldIds: number[], detail: "summary"): Promise<QuoteDto<ProviderSummary>[]>;
export async function listQuotesForTlds(handle: Db, tldIds: number[], detail: "full"): Promise<QuoteDto[]>;
export async function listQuotesForTlds(handle: Db, tldIds: number[], detail: "summary" | "full") {
  if (tldIds.length === 0) return [];
  const { orm: db, t } = handle;
  return db
    .select(quoteColumns(handle, detail))
    .from(t.domainPrices)
    .innerJoin(t.serviceProviders, eq(t.serviceProviders.id, t.domainPrices.serviceProviderId))
    .where(and(inArray(t.domainPrices.tldId, tldIds), eq(t.serviceProviders.isActive, true)))
    .orderBy(sql`${t.domainPrices.registrationPrice} asc nulls last`, asc(t.serviceProviders.name));
}

export type ProviderQuoteDto = Omit<StoredQuote, "serviceProvider"> & {
  tld: { id: number; name: string; unicodeName: string | null; category: string };
};

/** One provider's quotes, by TLD name. */
export async function listQuotesByProvider({ orm: db, t }: Db, providerId: number): Promise<ProviderQuoteDto[]> {
  const dp = t.domainPrices;
  return db
    .select({
      id: dp.id,
      tld: { id: t.tlds.id, name: t.tlds.name, unicodeName: t.tlds.unicodeName, category: t.tlds.category },
      registrationPrice: dp.registrationPrice, renewalPrice: dp.renewalPrice, transferPrice: dp.transferPrice,
      currency: dp.currency, isPromo: dp.isPromo, regularRegistrationPrice: dp.regularRegistrationPrice, transferIsPromo: dp.transferIsPromo,
      snapshotDate: dp.snapshotDate, lastCheckedAt: dp.lastCheckedAt, changedAt: dp.changedAt,
    })
    .from(dp)
    .innerJoin(t.tlds, eq(t.tlds.id, dp.tldId))
    .where(eq(dp.serviceProviderId, providerId))
    .orderBy(asc(t.tlds.name));
}

export interface PriceHistoryDto {
  serviceProviderId: number;
  providerName: string;
  registrationPrice: number | null;
  renewalPrice: number | null;
  transferPrice: number | null;
  currency: string;
  isPromo: boolean;
  transferIsPromo: boolean;
  validFrom: string;
  validUntil: string;
  /** "changed": a newer quote replaced it; "retired": the source stopped listing it. */
  endReason: string;
}

export async function listPriceHistoryForTld({ orm: db, t }: Db, tldId: number): Promise<PriceHistoryDto[]> {
  const h = t.domainPriceHistory;
  return db
    .select({
      serviceProviderId: h.serviceProviderId, providerName: t.serviceProviders.name, registrationPrice: h.registrationPrice, renewalPrice: h.renewalPrice,
      transferPrice: h.transferPrice, currency: h.currency, isPromo: h.isPromo, transferIsPromo: h.transferIsPromo, validFrom: h.validFrom, validUntil: h.validUntil,
      endReason: h.endReason,
    })
    .from(h)
    .innerJoin(t.serviceProviders, eq(t.serviceProviders.id, h.serviceProviderId))
    .where(eq(h.tldId, tldId))
    .orderBy(asc(h.serviceProviderId), desc(h.validFrom));
}

export async function countPrices({ orm: db, t }: Db): Promise<{ prices: number; history: number }> {
  const [[p], [h]] = await Promise.all([
    db.select({ n: count() }).from(t.domainPrices),
    db.select({ n: count() }).from(t.domainPriceHistory),
  ]);
  return { prices: p?.n ?? 0, history: h?.n ?? 0 };
}
