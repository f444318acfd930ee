/**
 * The display currency the visitor chose, remembered in a `currency` cookie (path=/, SameSite=Lax,
 * a year) so a server-rendered page can read it too. Read once at start; changing it notifies
 * every component using it, and since the currency is part of each price query's input, TanStack
 * Query fetches the prices in it without a reload. Route loaders read it through the router
 * context. A server render reads the request's cookie and provides it with RequestCurrency, so
 * the page and its hydration agree.
 */
import { createContext, useContext, useSyncExternalStore } from "react";
import { DEFAULT_DISPLAY_CURRENCY } from "../../shared/currency.ts";

export const CURRENCY_COOKIE = "currency";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const CODE = /^[A-Z]{3}$/;

/** The display currency a Cookie header (or document.cookie) names, else the default. */
export function currencyFromCookies(cookies: string | undefined): string {
  const match = cookies?.split(/;\s*/).find((part) => part.startsWith(`${CURRENCY_COOKIE}=`));
  const value = match?.slice(CURRENCY_COOKIE.length + 1).toUpperCase() ?? "";
  return CODE.test(value) ? value : DEFAULT_DISPLAY_CURRENCY;
}

const readCookie = (): string => (typeof document === "undefined" ? DEFAULT_DISPLAY_CURRENCY : currencyFromCookies(document.cookie));

let current = readCookie();
const listeners = new Set<() => void>();

export const getDisplayCurrency = (): string => current;

export function setDisplayCurrency(code: string): void {
  const next = code.toUpperCase();
  if (!CODE.test(next) || next === current) return;
  current = next;
  document.cookie = `${CURRENCY_COOKIE}=${next}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The request's display currency during a server render; absent in the browser. */
export const RequestCurrency = createContext<string | null>(null);

export function useDisplayCurrency(): string {
  const requestCurrency = useContext(RequestCurrency);
  // Hydration reads the same cookie the server did, so both render the same prices.
  return useSyncExternalStore(subscribe, getDisplayCurrency, () => requestCurrency ?? getDisplayCurrency());
}
