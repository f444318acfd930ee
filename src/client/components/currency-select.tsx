import { useQuery } from "@tanstack/react-query";
import type { CurrencyOption } from "../../shared/currency.ts";
import { setDisplayCurrency, useDisplayCurrency } from "../lib/display-currency.ts";
import { useTRPC } from "../lib/trpc.ts";

/** The currencies most visitors look for come first; the ECB's others follow by code. */
const FIRST = ["USD", "EUR", "GBP", "CAD", "AUD", "JPY", "CHF"];
const HOUR_MS = 3_600_000;

/** The select's query; the root route prefetches it, so a server-rendered page has every option. */
export const currencyOptionsQuery = (trpc: ReturnType<typeof useTRPC>) => ({ ...trpc.prices.currencies.queryOptions(), staleTime: HOUR_MS });

/**
 * The ECB's current currencies: those quoted on its newest day (a currency it stopped quoting,
 * like RUB, keeps old rates but is not offered), plus the one chosen, so the select shows it.
 */
export function offeredCurrencies(options: readonly CurrencyOption[] | undefined, chosen: string): string[] {
  const newest = options?.reduce((max, o) => (o.latestRateDate > max ? o.latestRateDate : max), "") ?? "";
  const codes = new Set([chosen, ...(options ?? []).filter((o) => o.latestRateDate === newest).map((o) => o.code)]);
  const rank = (code: string) => (FIRST.includes(code) ? FIRST.indexOf(code) : FIRST.length);
  // Codes are three ASCII letters: plain comparison, no localeCompare (whose first use loads a collator).
  return [...codes].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The display currency for every price on the site; remembered in the browser (lib/display-currency.ts).
 * A plain select styled once by the static global stylesheet (`.app-select`, ui/app-global-css.ts):
 * it is in the top bar of every page. `id` ties it to a label outside it (the drawer's).
 */
export function CurrencySelect({ width = "auto", id }: { width?: "auto" | "full"; id?: string }) {
  const trpc = useTRPC();
  const currency = useDisplayCurrency();
  const options = useQuery(currencyOptionsQuery(trpc));
  return (
    <div className="app-select" data-width={width}>
      <select id={id} aria-label="Display currency" value={currency} onChange={(e) => setDisplayCurrency(e.currentTarget.value)}>
        {offeredCurrencies(options.data, currency).map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
      <div className="app-select-indicator">
        <svg viewBox="0 0 24 24" aria-hidden>
          <path d="m6 9 6 6 6-6" />
        </svg>
      </div>
    </div>
  );
}
