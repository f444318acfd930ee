/**
 * The renewal forecast of one user's portfolio (forecast.ts does the arithmetic) and its CSV
 * export: one record per month and registrar, one per month over all registrars, one for the
 * twelve months, then one per domain left out of the totals, naming it and why.
 */
import type { Db } from "../../../../db/client.ts";
import { listRenewingEntries } from "../../../../db/repositories/user-domain-repository.ts";
import { DEFAULT_DISPLAY_CURRENCY } from "../../../shared/currency.ts";
import { portfolioConverter } from "./display.ts";
import { forecastRenewals, type ForecastCell, type NotInTotalsReason, type RenewalForecast } from "./forecast.ts";
import { guardFormula, toCsv } from "./csv.ts";
import { priceEntries } from "./item.ts";
import { expiryForReminders } from "./registry-view.ts";

/** The forecast in `currency` (USD when none is given; an unknown one is a 400), staleness over `staleDays`. */
export async function getRenewalForecast(
  db: Db, userId: number, staleDays: number, currency: string = DEFAULT_DISPLAY_CURRENCY, now = new Date(),
): Promise<RenewalForecast> {
  // The registry's expiry date unless the owner chose theirs, as the summary and the reminders use.
  const entries = (await listRenewingEntries(db, userId)).map((e) => ({ ...e, expirationDate: expiryForReminders(e) }));
  const rows = await priceEntries(db, entries, now, staleDays);
  const converter = (await portfolioConverter(db, currency, rows))!;
  return forecastRenewals(rows, converter, now, staleDays);
}

/** What the CSV and the page say about a domain left out of the totals. */
const NOT_IN_TOTALS_TEXT: Record<NotInTotalsReason, string> = {
  noExpiryDate: "no expiry date",
  departed: "no longer in its registrar account",
  autoRenewOff: "auto-renew is off",
  noRegistrarPrice: "no renewal price at its registrar",
  noExchangeRate: "no exchange rate converts its price",
};

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

export function renewalForecastCsv(forecast: RenewalForecast): string {
  const { currency } = forecast;
  const records: string[][] = [[...FORECAST_CSV_HEADER]];
  for (const month of forecast.months) {
    for (const r of month.registrars) records.push(figures(month.month, r.serviceProvider.name, r, currency));
    records.push(figures(month.month, "All registrars", month, currency));
  }
  records.push(figures(`${forecast.from} to ${forecast.until}`, "All registrars", forecast.total, currency));
  for (const d of forecast.notInTotals) {
    records.push([d.month ?? "", guardFormula(d.serviceProvider?.name ?? ""), "", "", "", "", "", "", "", "", guardFormula(d.domainName), NOT_IN_TOTALS_TEXT[d.reason]]);
  }
  return toCsv(records);
}
