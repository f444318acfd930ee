/**
 * Turns stored price history and the current quotes into what the history chart and its
 * table show: one segment per period a provider charged the same price, and, for the chart,
 * one row per date with each provider's price on that date (prices hold until they change,
 * so the chart draws steps). The chart plots one currency; other currencies stay in the table.
 */
import { decimalStringToMinor } from "../../../shared/price-format.ts";
import { compareText } from "../../lib/text-format.ts";

export type PriceKind = "registration" | "renewal";

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
}

export interface ChartSeries {
  key: string;
  providerName: string;
}

export type ChartRow = { date: string } & Record<string, number | null | string>;

export function buildSegments(history: readonly HistoryEntry[], current: readonly CurrentQuote[]): Segment[] {
  const segments: Segment[] = history.map((h) => ({
    providerId: h.serviceProviderId,
    providerName: h.providerName,
    from: h.validFrom,
    until: h.validUntil,
    registration: h.registrationPrice,
    renewal: h.renewalPrice,
    currency: h.currency,
    isPromo: h.isPromo,
    state: h.endReason === "retired" ? "retired" : "past",
  }));
  for (const q of current) {
    segments.push({
      providerId: q.providerId,
      providerName: q.providerName,
      from: q.since,
      until: q.checked < q.since ? q.since : q.checked,
      registration: q.registrationPrice,
      renewal: q.renewalPrice,
      currency: q.currency,
      isPromo: q.isPromo,
      state: "current",
    });
  }
  return segments.sort((a, b) => compareText(a.providerName, b.providerName) || compareText(a.from, b.from));
}

const toNumber = (price: string | null): number | null => {
  const minor = price === null ? null : decimalStringToMinor(price);
  return minor === null ? null : minor / 100;
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
    const row: ChartRow = { date };
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
