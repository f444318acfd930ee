import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { ProviderSummary, StoredQuote } from "../../src/shared/price-quote.ts";
import { prepareSelect, type Db, type PreparedSelect } from "../client.ts";

export type { ProviderSummary };

/** What a comparison table with register/transfer links needs. */
export interface ProviderRef extends ProviderSummary {
  displayName: string;
  website: string | null;
  registrationUrlPattern: string | null;
  transferUrlPattern: string | null;
}

export type QuoteDto<P extends ProviderSummary = ProviderRef> = StoredQuote<P> & { tldId: number };

const summaryProviderColumns = ({ t }: Db) => ({ id: t.serviceProviders.id, name: t.serviceProviders.name, domain: t.serviceProviders.domain, logoUrl: t.serviceProviders.logoUrl });

function fullProviderColumns(handle: Db) {
  const sp = handle.t.serviceProviders;
  return {
    ...summaryProviderColumns(handle), displayName: sp.displayName, website: sp.website,
    registrationUrlPattern: sp.registrationUrlPattern, transferUrlPattern: sp.transferUrlPattern,
  };
}

/**
 * Active providers' quotes with `provider`'s columns, of the TLDs `tlds` picks, cheapest
 * registration first, each with its price checks' reason; quotes an administrator hid are left out.
 */
function activeQuotes<P extends ReturnType<typeof summaryProviderColumns>>(handle: Db, provider: P, tlds: SQL) {
  const { orm: db, t } = handle;
  const dp = t.domainPrices;
  return db
    .select({
      id: dp.id, tldId: dp.tldId, registrationPrice: dp.registrationPrice, renewalPrice: dp.renewalPrice,
      transferPrice: dp.transferPrice, currency: dp.currency, isPromo: dp.isPromo, transferIsPromo: dp.transferIsPromo,
      regularRegistrationPrice: dp.regularRegistrationPrice, snapshotDate: dp.snapshotDate,
      lastCheckedAt: dp.lastCheckedAt, changedAt: dp.changedAt, unusualReason: dp.unusualReason,
      serviceProvider: provider,
    })
    .from(dp)
    .innerJoin(t.serviceProviders, eq(t.serviceProviders.id, dp.serviceProviderId))
    .where(and(tlds, eq(t.serviceProviders.isActive, true), eq(dp.hidden, false)))
    .orderBy(sql`${dp.registrationPrice} asc nulls last`, asc(t.serviceProviders.name));
}

/** Active providers' quotes for the given TLDs, cheapest registration first, each naming its provider. */
export async function listQuotesForTlds(handle: Db, tldIds: number[]): Promise<QuoteDto<ProviderSummary>[]> {
  if (tldIds.length === 0) return [];
  return activeQuotes(handle, summaryProviderColumns(handle), inArray(handle.t.domainPrices.tldId, tldIds));
}

/** One TLD's quotes (prepared once per database handle: a TLD page asks on every render). */
const quotesForTld = new WeakMap<Db, PreparedSelect<QuoteDto>>();

/** Active providers' quotes for one TLD with full provider details, cheapest registration first. */
export function listQuotesForTld(handle: Db, tldId: number): Promise<QuoteDto[]> {
  let statement = quotesForTld.get(handle);
  if (!statement) {
    const forOneTld = eq(handle.t.domainPrices.tldId, sql.placeholder("tldId"));
    statement = prepareSelect<QuoteDto>(handle, "quotes_for_tld", activeQuotes(handle, fullProviderColumns(handle), forOneTld));
    quotesForTld.set(handle, statement);
  }
  return statement.all({ tldId });
}

export type ProviderQuoteDto = Omit<StoredQuote, "serviceProvider"> & {
  tld: { id: number; name: string; unicodeName: string | null; category: string };
};

/** One provider's quotes, by TLD name, each with its price checks' reason; quotes an administrator hid are left out. */
export async function listQuotesByProvider({ orm: db, t }: Db, providerId: number): Promise<ProviderQuoteDto[]> {
  const dp = t.domainPrices;
  return db
    .select({
      id: dp.id,
      tld: { id: t.tlds.id, name: t.tlds.name, unicodeName: t.tlds.unicodeName, category: t.tlds.category },
      registrationPrice: dp.registrationPrice, renewalPrice: dp.renewalPrice, transferPrice: dp.transferPrice,
      currency: dp.currency, isPromo: dp.isPromo, regularRegistrationPrice: dp.regularRegistrationPrice, transferIsPromo: dp.transferIsPromo,
      snapshotDate: dp.snapshotDate, lastCheckedAt: dp.lastCheckedAt, changedAt: dp.changedAt, unusualReason: dp.unusualReason,
    })
    .from(dp)
    .innerJoin(t.tlds, eq(t.tlds.id, dp.tldId))
    .where(and(eq(dp.serviceProviderId, providerId), eq(dp.hidden, false)))
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
