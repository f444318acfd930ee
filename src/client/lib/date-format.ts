/**
 * How the site writes a moment in time: "Nov 29, 2026, 12:04 AM GMT+1" (shared/time-format.ts),
 * in the reader's time zone, named so it cannot be misread. The zone is the signed-in account's
 * (its setting, auth.me's timeZone), else the one chosen in this browser (remembered in a `tz`
 * cookie, path=/, a year), else the browser's; a server render, which knows none, writes UTC. Days alone are written "Nov 29, 2026" (formatUtcDay,
 * src/shared/price-format.ts); the landing page's data-status line keeps the specification's long
 * form ("November 29, 2026 at 12:04 AM").
 */
import { useSyncExternalStore } from "react";
import { formatMoment, isTimeZone } from "../../shared/time-format.ts";

export const TIME_ZONE_COOKIE = "tz";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The browser's own zone ("Europe/Berlin"); UTC where there is no browser. */
export function browserTimeZone(): string {
  if (typeof document === "undefined") return "UTC";
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : "UTC";
}

/** The zone a Cookie header (or document.cookie) names, or null when none (or an unknown one) is set. */
export function timeZoneFromCookies(cookies: string | undefined): string | null {
  const match = cookies?.split(/;\s*/).find((part) => part.startsWith(`${TIME_ZONE_COOKIE}=`));
  if (!match) return null;
  let value: string;
  try {
    value = decodeURIComponent(match.slice(TIME_ZONE_COOKIE.length + 1));
  } catch {
    return null;
  }
  return value && isTimeZone(value) ? value : null;
}

let chosen: string | null = typeof document === "undefined" ? null : timeZoneFromCookies(document.cookie);
/** The signed-in account's zone; null when signed out or the account chose none. */
let account: string | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/** The zone moments are written in: the account's, else the one chosen in this browser, else the browser's. */
export const getTimeZone = (): string => account ?? chosen ?? browserTimeZone();

/** The signed-in account's zone; null when signed out or none is chosen. */
export const getAccountTimeZone = (): string | null => account;

/** The signed-in account's zone as auth.me answers it (null when signed out or none is chosen). */
export function setAccountTimeZone(zone: string | null): void {
  const next = zone && isTimeZone(zone) ? zone : null;
  if (next === account) return;
  account = next;
  changed();
}

/** Chooses the zone moments are written in; null goes back to the browser's. */
export function setTimeZone(zone: string | null): void {
  const next = zone && isTimeZone(zone) ? zone : null;
  if (next === chosen) return;
  chosen = next;
  document.cookie = next
    ? `${TIME_ZONE_COOKIE}=${encodeURIComponent(next)}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`
    : `${TIME_ZONE_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
  changed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The zone in use, re-rendering when the reader chooses another; UTC while a server render hydrates. */
export function useTimeZone(): { zone: string; chosen: string | null; account: string | null; browser: string } {
  const zone = useSyncExternalStore(subscribe, getTimeZone, () => "UTC");
  return { zone, chosen, account, browser: browserTimeZone() };
}

/** A moment in the reader's zone, the zone named: "Nov 29, 2026, 12:04 AM GMT+1". */
export const formatDateTime = (value: string | Date | number, timeZone: string = getTimeZone()) => formatMoment(value, timeZone);
