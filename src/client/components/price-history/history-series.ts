/**
 * Turns stored price history and the current quotes into what the history chart and its
 * table show: one segment per period a provider charged the same price, and, for the chart,
 * one row per date with each provider's price on that date (prices hold until they change,
 * so the chart draws steps). The chart plots one currency; other currencies stay in the table.
 */
import { compareText } from "../../lib/text-format.ts";

export type PriceKind = "registration" | "renewal";

/** A price's amounts in the display currency, as the server converts them (decision 019); null: no rate converts it. */
export interface HistoryDisplay {
  currency: string;
  registrationPrice: string | null;
  renewalPrice: string | null;
  converted: boolean;
  rateDate: string | null;
}

export interface HistoryEntry {
  serviceProviderId: number;
  providerName: string;
  registrationPrice: string | null;
  renewalPrice: string | null;
  currency: string;
  isPromo: boolean;
  validFrom: string;
  validUntil: string;
  endReason: string;
  display?: HistoryDisplay | null | undefined;
}

export interface CurrentQuote {
  providerId: number;
  providerName: string;
  registrationPrice: string | null;
  renewalPrice: string | null;
  currency: string;
  isPromo: boolean;
  /** Date the present price took effect (YYYY-MM-DD). */
  since: string;
  /** Date a source last confirmed it (YYYY-MM-DD). */
  checked: string;
  display?: HistoryDisplay | null | undefined;
}

export interface Segment {
  providerId: number;
  providerName: string;
  from: string;
  /** Exclusive for a replaced price; the last confirmation date for current and retired ones. */
  until: string;
  registration: string | null;
  renewal: string | null;
  currency: string;
  isPromo: boolean;
  state: "past" | "current" | "retired";
  /** The quote's own amounts, when the ones above are converted into the display currency. */
  original?: { registration: string | null; renewal: string | null; currency: string; rateDate: string } | undefined;
}

export interface ChartSeries {
  key: string;
  providerName: string;
}

/** `t`: the date as milliseconds since the epoch (UTC midnight), which the chart's time axis plots. */
export type ChartRow = { date: string; t: number } & Record<string, number | null | string>;

/** The amounts a segment shows: in the display currency when the server converted them, else the quote's own. */
function amounts(price: { registrationPrice: string | null; renewalPrice: string | null; currency: string; display?: HistoryDisplay | null | undefined }) {
  const own = { registration: price.registrationPrice, renewal: price.renewalPrice, currency: price.currency };
  const d = price.display;
  if (!d) return own;
  const original = d.converted && d.rateDate ? { ...own, rateDate: d.rateDate } : undefined;
  return { registration: d.registrationPrice, renewal: d.renewalPrice, currency: d.currency, original };
}

export function buildSegments(history: readonly HistoryEntry[], current: readonly CurrentQuote[]): Segment[] {
  const segments: Segment[] = history.map((h) => ({
    providerId: h.serviceProviderId,
    providerName: h.providerName,
    from: h.validFrom,
    until: h.validUntil,
    ...amounts(h),
    isPromo: h.isPromo,
    state: h.endReason === "retired" ? "retired" : "past",
  }));
  for (const q of current) {
    segments.push({
      providerId: q.providerId,
      providerName: q.providerName,
      from: q.since,
      until: q.checked < q.since ? q.since : q.checked,
      ...amounts(q),
      isPromo: q.isPromo,
      state: "current",
    });
  }
  return segments.sort((a, b) => compareText(a.providerName, b.providerName) || compareText(a.from, b.from));
}

/** For plotting only (what is written out goes through formatPrice): any decimal, 0 to 3 digits. */
const toNumber = (price: string | null): number | null => {
  const value = price === null || !/^-?\d+(\.\d+)?$/.test(price.trim()) ? null : Number(price);
  return value === null || !Number.isFinite(value) ? null : value;
};

const covers = (s: Segment, date: string) =>
  (s.from <= date && date < s.until) || (s.state !== "past" && date === s.until);

/** Rows for a step chart of one price kind in one currency; a provider's value is null where it had no price. */
export function chartRows(segments: readonly Segment[], kind: PriceKind, currency: string): { rows: ChartRow[]; series: ChartSeries[] } {
  const plotted = segments.filter((s) => s.currency === currency && s[kind] !== null);
  const series = [...new Map(plotted.map((s) => [s.providerId, s.providerName])).entries()]
    .map(([id, providerName]) => ({ key: `p${id}`, providerName }));
  const dates = [...new Set(plotted.flatMap((s) => [s.from, s.until]))].sort();
  const rows = dates.map((date) => {
    const row: ChartRow = { date, t: Date.parse(`${date}T00:00:00Z`) };
    for (const { key } of series) {
      const id = Number(key.slice(1));
      const segment = plotted.find((s) => s.providerId === id && covers(s, date));
      row[key] = segment ? toNumber(segment[kind]) : null;
      if (segment?.isPromo && kind === "registration") row[`${key}promo`] = "promo";
    }
    return row;
  });
  return { rows, series };
}

/** Currencies in the segments, most used first: the chart plots the first, the table lists all. */
export function currenciesOf(segments: readonly Segment[]): string[] {
  const counts = new Map<string, number>();
  for (const s of segments) counts.set(s.currency, (counts.get(s.currency) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0])).map(([c]) => c);
}
