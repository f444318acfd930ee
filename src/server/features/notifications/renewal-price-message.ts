/**
 * What a renewal price alert says: the domains it is about (the first ten named, then how many
 * more), the registrar and TLD, both prices and the change or the yearly saving, each price with
 * the day a source last checked it, in the user's display currency when a rate converts it
 * (with the ECB day of the rate).
 */
import type { DisplayConverter } from "../../../shared/display-converter.ts";
import { money, shown, type ShownPrice } from "./expiry-message.ts";
import type { PriceEvent } from "./price-events.ts";
import type { RenewalAlert } from "./renewal-price-rules.ts";

/** Names given in full in one message. */
export const NAMED_DOMAINS = 10;

export interface RenewalAlertFacts {
  event: "changed" | "undercut";
  tld: string;
  domains: string[];
  /** The registrar the domains are held with. */
  registrar: string;
  /** Its renewal now (changed: the new one; undercut: the one it still charges). */
  renewal: ShownPrice;
  /** changed: the renewal it replaced. */
  previous?: ShownPrice;
  /** changed: signed, one decimal. */
  percent?: number;
  /** undercut: the registrar renewing for less, its renewal and the saving a year. */
  other?: ShownPrice & { registrar: string };
  saving?: ShownPrice;
}


export function renewalAlertFacts(alert: RenewalAlert, event: PriceEvent, converter: DisplayConverter | undefined): RenewalAlertFacts {
  const { change } = alert;
  const checked = new Date(event.observedAt);
  const base = { tld: change.tldName, domains: alert.domains };
  if (alert.type === "changed") {
    const percent = Math.round(((change.to - alert.from) / alert.from) * 1000) / 10;
    return {
      event: "changed", ...base, registrar: event.providerName, percent,
      renewal: shown(change.to, change.currency, converter, checked), previous: shown(alert.from, change.currency, converter),
    };
  }
  return {
    event: "undercut", ...base, registrar: alert.heldAt.name,
    renewal: shown(alert.heldAt.price, change.currency, converter, alert.heldAt.lastCheckedAt),
    other: { ...shown(change.to, change.currency, converter, checked), registrar: event.providerName },
    saving: shown(alert.heldAt.price - change.to, change.currency, converter),
  };
}

function domainsLabel(domains: string[]): string {
  if (domains.length === 1) return domains[0]!;
  const named = domains.slice(0, NAMED_DOMAINS).join(", ");
  return domains.length > NAMED_DOMAINS ? `${named} and ${domains.length - NAMED_DOMAINS} more` : named;
}

const signed = (percent: number) => `${percent > 0 ? "+" : ""}${percent} %`;
const rate = (p: ShownPrice) => (p.converted && p.rateDate ? ` (converted at the ECB rate of ${p.rateDate})` : "");

/** The subject line: one domain by name, several by count. */
export function renewalAlertTitle(f: RenewalAlertFacts): string {
  const subject = f.domains.length === 1 ? f.domains[0]! : `${f.domains.length} .${f.tld} domains`;
  return f.event === "changed"
    ? `${subject}: renewal at ${f.registrar} went from ${money(f.previous!)} to ${money(f.renewal)} (${signed(f.percent!)})`
    : `${subject}: ${f.other!.registrar} renews .${f.tld} for ${money(f.saving!)} less a year than ${f.registrar}`;
}

export function renewalAlertText(f: RenewalAlertFacts): string {
  const names = domainsLabel(f.domains);
  if (f.event === "changed") {
    return `${names}: renewal at ${f.registrar} went from ${money(f.previous!)} to ${money(f.renewal)} (${signed(f.percent!)}), checked ${f.renewal.date}${rate(f.renewal)}.`;
  }
  const other = f.other!;
  return `${names}: ${other.registrar} renews .${f.tld} for ${money(other)}, ${money(f.saving!)} less a year than ${f.registrar} `
    + `(${money(f.renewal)}, checked ${f.renewal.date}), checked ${other.date}${rate(other)}.`;
}

