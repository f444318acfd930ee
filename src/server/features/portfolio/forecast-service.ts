/**
 * The renewal forecast of one user's portfolio (forecast.ts does the arithmetic) and its two
 * CSV downloads: the totals (one record per month and registrar, one per month over all
 * registrars and one for the "expected if it renews" sum, one for the twelve months, then one per
 * domain left out of the totals, naming it and why), and the domains (one record per domain in
 * the figures, whose amounts add up to the totals' records).
 */
import type { Db } from "../../../../db/client.ts";
import { listRenewingEntries } from "../../../../db/repositories/user-domain-repository.ts";
import { DEFAULT_DISPLAY_CURRENCY } from "../../../shared/currency.ts";
import { portfolioConverter } from "./display.ts";
import { forecastRenewals, type ForecastCell, type NotInTotalsReason, type RenewalForecast } from "./forecast.ts";
import { guardFormula, toCsv } from "./csv.ts";
import { priceEntries } from "./item.ts";

async function renewalForecast(db: Db, userId: number, staleDays: number, currency: string, now: Date, withDomains: boolean) {
  // The registry's expiry date unless the owner chose theirs, as the summary and the reminders use (effective-expiry.ts).
  const rows = await priceEntries(db, await listRenewingEntries(db, userId), now, staleDays);
  const converter = (await portfolioConverter(db, currency, rows))!;
  return forecastRenewals(rows, converter, now, staleDays, { withDomains });
}

/** The forecast with every domain's own figures (the per-domain CSV reads them). */
export const getRenewalForecastWithDomains = (
  db: Db, userId: number, staleDays: number, currency: string = DEFAULT_DISPLAY_CURRENCY, now = new Date(),
): Promise<RenewalForecast> => renewalForecast(db, userId, staleDays, currency, now, true);

/** The forecast in `currency` (USD when none is given; an unknown one is a 400), staleness over `staleDays`; without the per-domain lines. */
export async function getRenewalForecast(
  db: Db, userId: number, staleDays: number, currency: string = DEFAULT_DISPLAY_CURRENCY, now = new Date(),
): Promise<Omit<RenewalForecast, "domains">> {
  const { domains: _perDomain, ...forecast } = await renewalForecast(db, userId, staleDays, currency, now, false);
  return forecast;
}

/** What the CSV and the page say about a domain left out of the totals. */
const NOT_IN_TOTALS_TEXT: Record<NotInTotalsReason, string> = {
  noExpiryDate: "no expiry date",
  departed: "no longer in its registrar account",
  autoRenewOff: "auto-renew is off",
  noRegistrarPrice: "no renewal price at its registrar",
  noExchangeRate: "no exchange rate converts its price",
};

/** The registrar cell of the "expected if it renews" records: domains whose auto-renew nobody has said. */
export const IF_RENEWS_ROW = "Expected if it renews (auto-renew unknown)";

export const FORECAST_CSV_HEADER = [
  "month", "registrar", "domains", "currency", "at_registrar", "at_cheapest", "difference",
  "registrar_price_checked", "cheapest_price_checked", "rate_date", "domain", "not_in_totals",
] as const;

const dayOf = (iso: string | null) => iso?.slice(0, 10) ?? "";

function figures(month: string, registrar: string, cell: ForecastCell, currency: string): string[] {
  return [
    month, guardFormula(registrar), String(cell.domains), currency, cell.atRegistrar, cell.atCheapest, cell.difference,
    dayOf(cell.registrarPriceCheckedAt), dayOf(cell.cheapestPriceCheckedAt), cell.rateDate ?? "", "", "",
  ];
}

export function renewalForecastCsv(forecast: Omit<RenewalForecast, "domains">): string {
  const { currency } = forecast;
  const records: string[][] = [[...FORECAST_CSV_HEADER]];
  for (const month of forecast.months) {
    for (const r of month.registrars) records.push(figures(month.month, r.serviceProvider.name, r, currency));
    records.push(figures(month.month, "All registrars", month, currency));
    if (month.ifRenews.domains > 0) records.push(figures(month.month, IF_RENEWS_ROW, month.ifRenews, currency));
  }
  const period = `${forecast.from} to ${forecast.until}`;
  records.push(figures(period, "All registrars", forecast.total, currency));
  if (forecast.ifRenews.domains > 0) records.push(figures(period, IF_RENEWS_ROW, forecast.ifRenews, currency));
  for (const d of forecast.notInTotals) {
    records.push([d.month ?? "", guardFormula(d.serviceProvider?.name ?? ""), "", "", "", "", "", "", "", "", guardFormula(d.domainName), NOT_IN_TOTALS_TEXT[d.reason]]);
  }
  return toCsv(records);
}

export const FORECAST_DOMAINS_CSV_HEADER = [
  "month", "domain", "expiration_date", "registrar", "counts_as", "currency", "at_registrar", "at_cheapest", "difference",
  "cheapest_at", "registrar_price_checked", "cheapest_price_checked", "rate_date",
] as const;

/** One record per domain in the forecast's figures; each month's records add up to its totals' records. */
export function renewalForecastDomainsCsv(forecast: RenewalForecast): string {
  const records: string[][] = [[...FORECAST_DOMAINS_CSV_HEADER]];
  for (const d of forecast.domains) {
    records.push([
      d.month, guardFormula(d.domainName), d.expirationDate, guardFormula(d.serviceProvider.name),
      d.counts === "renews" ? "renews automatically" : "expected if it renews", forecast.currency,
      d.atRegistrar, d.atCheapest, d.difference, guardFormula(d.cheapestAt.name),
      dayOf(d.registrarPriceCheckedAt), dayOf(d.cheapestPriceCheckedAt), d.rateDate ?? "",
    ]);
  }
  return toCsv(records);
}
