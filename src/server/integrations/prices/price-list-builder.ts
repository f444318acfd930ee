/**
 * The normalisation every price list goes through, whether it comes from a bundled file or a
 * registrar's live API: names to lowercase punycode without the dot, money to integer minor
 * units, one quote per name (a repeat is malformed), a bad row becomes a skip and never
 * throws. The per-registrar readers at the end are shared by the file parsers and the adapters.
 */
import type { PriceQuote, PriceSnapshot, SkippedName } from "./types.ts";
import { toAsciiName } from "./iana.ts";
import { toMinorUnits } from "./money.ts";

export interface RawPrices {
  registration?: unknown;
  renewal?: unknown;
  transfer?: unknown;
  /** Undiscounted first-year price; a registration below it is a promotion. */
  regular?: unknown;
  /** Undiscounted transfer price; a transfer below it is a sale, kept with its own promo flag. */
  regularTransfer?: unknown;
  currency?: unknown;
}

const isAbsent = (v: unknown) => v === null || v === undefined || v === "";
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function checkedDate(value: unknown, what: string): string {
  const date = typeof value === "string" ? value.slice(0, 10) : "";
  if (!DATE.test(date)) throw new Error(`${what}: no YYYY-MM-DD date in ${JSON.stringify(value)}`);
  return date;
}

export function currencyCode(value: unknown): string | null {
  const text = typeof value === "string" ? value.trim().toUpperCase() : "";
  if (text === "EURO" || text === "€") return "EUR";
  return /^[A-Z]{3}$/.test(text) ? text : null;
}

/** Collects one provider's quotes, turning every row-level problem into a skip. */
export class SnapshotBuilder {
  private readonly quotes: PriceQuote[] = [];
  private readonly skipped: SkippedName[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly providerKey: string, private readonly snapshotDate: string, private readonly currency = "USD") {
    if (!DATE.test(snapshotDate)) throw new Error(`${providerKey}: snapshot date ${JSON.stringify(snapshotDate)} is not YYYY-MM-DD`);
  }

  skip(name: unknown, reason: SkippedName["reason"]): void {
    this.skipped.push({ name: String(name), reason });
  }

  add(rawName: unknown, raw: RawPrices): void {
    const tld = typeof rawName === "string" ? toAsciiName(rawName) : null;
    const currency = raw.currency === undefined ? this.currency : currencyCode(raw.currency);
    if (!tld || !currency || this.seen.has(tld)) return this.skip(rawName, "malformed");
    const [registration, renewal, transfer] = [raw.registration, raw.renewal, raw.transfer].map(toMinorUnits);
    // A value that is there but unreadable ("$", "n/a", -5) is a broken row, not a missing price.
    const broken = ([[raw.registration, registration], [raw.renewal, renewal], [raw.transfer, transfer]] as const)
      .some(([input, parsed]) => !isAbsent(input) && parsed === null);
    if (broken) return this.skip(rawName, "malformed");
    if (registration == null && renewal == null && transfer == null) return this.skip(rawName, "no-price");
    this.seen.add(tld);
    const regular = toMinorUnits(raw.regular);
    const isPromo = registration != null && regular !== null && registration < regular;
    const regularTransfer = toMinorUnits(raw.regularTransfer);
    const transferIsPromo = transfer != null && regularTransfer !== null && transfer < regularTransfer;
    this.quotes.push({
      tld, registration: registration ?? null, renewal: renewal ?? null, transfer: transfer ?? null,
      currency, isPromo, regularRegistration: isPromo ? regular : null, transferIsPromo,
    });
  }

  build(): PriceSnapshot {
    return { providerKey: this.providerKey, snapshotDate: this.snapshotDate, quotes: this.quotes, skipped: this.skipped };
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * One Porkbun `pricing/get` entry. Porkbun publishes no separate list price: a registration
 * below the renewal is its first-year promotion, and the renewal is what the name costs afterwards.
 */
export function addPorkbunEntry(out: SnapshotBuilder, name: string, entry: unknown): void {
  if (!isObject(entry)) out.skip(name, "malformed");
  // Handshake names live outside the DNS root; Porkbun sells them in the same list.
  else if (entry.specialType === "handshake") out.skip(name, "handshake");
  else out.add(name, { registration: entry.registration, renewal: entry.renewal, transfer: entry.transfer, regular: entry.renewal });
}

/**
 * One Hover `prices` entry: `[flag, registration, renewal, transfer, …]` per the bundled list's
 * source; Hover never documented it, so this is best effort. Seven-element entries are on sale,
 * and index 4 then holds the undiscounted registration (com: 14.99 now, 16.99 regular).
 */
export function addHoverEntry(out: SnapshotBuilder, name: string, entry: unknown): void {
  if (!Array.isArray(entry)) out.skip(name, "malformed");
  else out.add(name, { registration: entry[1], renewal: entry[2], transfer: entry[3], regular: entry.length > 4 ? entry[4] : entry[2] });
}

/**
 * One row of Namecheap's public TLD list (the JSON behind its pricing pages): `Pricing.Price`
 * is what a registration costs now, `Regular` its list price, `Renewal` the renewal; no transfer.
 */
export function addNamecheapTldRow(out: SnapshotBuilder, row: unknown): void {
  const p = isObject(row) ? row.Pricing : undefined;
  if (!isObject(row) || !isObject(p)) out.skip(isObject(row) ? row.Name : row, "malformed");
  else out.add(row.Name, { registration: p.Price, renewal: p.Renewal, transfer: null, regular: p.Regular });
}

/**
 * One Openprovider entry, `{"regular-price": {create, renew, transfer, …}, "member-price"?,
 * "promo-price"?}`: the regular price is what anyone pays; member prices need a paid
 * membership, so they are not quoted. A promo create price below the regular one is taken.
 */
export function addOpenproviderEntry(out: SnapshotBuilder, name: string, entry: unknown): void {
  const regular = isObject(entry) ? entry["regular-price"] : undefined;
  if (!isObject(entry) || !isObject(regular)) return out.skip(name, "malformed");
  const promo = isObject(entry["promo-price"]) ? entry["promo-price"].create : undefined;
  const promoPrice = toMinorUnits(promo);
  const regularCreate = toMinorUnits(regular.create);
  const onPromo = promoPrice !== null && regularCreate !== null && promoPrice < regularCreate;
  out.add(name, {
    registration: onPromo ? promo : regular.create, renewal: regular.renew, transfer: regular.transfer, regular: regular.create,
  });
}

/** One Dynadot entry; like Porkbun, its renewal is the regular price. */
export function dynadotRawPrices(register: unknown, renew: unknown, transfer: unknown, currency?: unknown): RawPrices {
  return { registration: register, renewal: renew, transfer, regular: renew, ...(currency === undefined ? {} : { currency }) };
}

/**
 * Namecheap's one-year regular and sale prices per action. The first-year and transfer sales
 * are what a customer pays, so both are taken (each flagged as a promotion by the builder);
 * renewals are quoted at list price.
 */
export function namecheapRawPrices(
  regular: { create?: unknown; renew?: unknown; transfer?: unknown },
  saleCreate: unknown,
  saleTransfer?: unknown,
): RawPrices {
  const onSale = (sale: unknown, list: unknown) => {
    const [s, l] = [toMinorUnits(sale), toMinorUnits(list)];
    return s !== null && l !== null && s < l;
  };
  return {
    registration: onSale(saleCreate, regular.create) ? saleCreate : regular.create, renewal: regular.renew,
    transfer: onSale(saleTransfer, regular.transfer) ? saleTransfer : regular.transfer,
    regular: regular.create, regularTransfer: regular.transfer,
  };
}
