/**
 * Expiry calendar feeds. Calendar apps cannot send our cookie, so the feed URL carries a
 * secret token; only its SHA-256 is stored, creating a new one rotates it (the old URL stops
 * working) and revoking clears it.
 */
import type { Db } from "../../../../db/client.ts";
import { listUserDomains } from "../../../../db/repositories/user-domain-repository.ts";
import { findUserByCalendarTokenHash, setCalendarTokenHash } from "../../../../db/repositories/user-repository.ts";
import { formatTotal, formatUtcDay } from "../../../shared/price-format.ts";
import { formatMomentIn } from "../../../shared/time-format.ts";
import type { AutoRenewState } from "../../../shared/schemas/user-domain.ts";
import { notFound } from "../../lib/errors.ts";
import { hashToken, isTokenShaped, randomToken } from "../../lib/secret-token.ts";
import { buildCalendar } from "./ics.ts";
import { requireKnownCurrency } from "../../domain/display-currency.ts";
import { moneyConverter } from "./display.ts";
import { priceEntries, toUserDomainItem, type UserDomainItem } from "./item.ts";
import { PortfolioMoney } from "./money.ts";

const ALARM_DAYS_BEFORE = 30;

/** Unknown is said as unknown: nobody has answered, which is not the same as off. */
const AUTO_RENEW_LINES: Record<AutoRenewState, string> = {
  on: "Auto-renew: on",
  off: "Auto-renew: off",
  unknown: "Auto-renew: unknown (nobody has said whether it renews automatically)",
};

/** The feed's URL names its display currency when one is given (amounts in USD without one). */
export async function createCalendarToken(db: Db, userId: number, origin: string, currency?: string): Promise<{ url: string }> {
  if (currency) await requireKnownCurrency(db, currency);
  const token = randomToken();
  await setCalendarTokenHash(db, userId, hashToken(token));
  return { url: `${origin}/api/calendar/${token}.ics${currency ? `?currency=${currency}` : ""}` };
}

export async function revokeCalendarToken(db: Db, userId: number): Promise<{ revoked: true }> {
  await setCalendarTokenHash(db, userId, null);
  return { revoked: true };
}

/** How a domain's renewal counts, after its price. */
const COUNTS_TEXT: Record<UserDomainItem["money"]["counts"], string> = {
  renews: "renews automatically",
  if_renews: "if it renews",
  not_renewing: "will not renew by itself",
};

/** The event's lines: auto-renew, then the domain's money (money.ts), each amount as the portfolio's pages show it; moments in `timeZone` (UTC when null). */
function describe(d: UserDomainItem, timeZone: string | null): string[] {
  const { money } = d;
  const lines = [AUTO_RENEW_LINES[d.autoRenewState]];
  const renewal = money.renewal;
  const at = renewal?.serviceProvider ? ` at ${renewal.serviceProvider.name}` : "";
  if (!renewal) lines.push("Renewal price: unknown");
  else if (renewal.amount === null) {
    lines.push(`Renewal price: ${formatTotal(renewal.price, renewal.priceCurrency)}${at}; no exchange rate converts it into ${money.currency}`);
  } else {
    const converted = renewal.rateDate ? `, converted from ${formatTotal(renewal.price, renewal.priceCurrency)} at the ECB rate of ${formatUtcDay(renewal.rateDate)}` : "";
    lines.push(`Renewal price: ${formatTotal(renewal.amount, money.currency)}${at} (${COUNTS_TEXT[money.counts]}${converted}; price checked ${formatMomentIn(renewal.lastCheckedAt, timeZone)})`);
  }
  if (money.move && money.move.amount !== null && money.saving !== null) {
    lines.push(`Cheapest renewal: ${formatTotal(money.move.amount, money.currency)} at ${money.move.serviceProvider.name}, saving ${formatTotal(money.saving, money.currency)} a year`);
  }
  return lines;
}

/**
 * `staleDays` (PRICE_STALE_DAYS) judges the quotes behind the prices each event names; amounts
 * are in `currency` (USD when none is given; an unknown one is a 400); moments in the account's
 * time zone, named (UTC when it chose none).
 */
export async function renderCalendarFeed(db: Db, token: string, staleDays: number, currency?: string): Promise<string> {
  const user = isTokenShaped(token) ? await findUserByCalendarTokenHash(db, hashToken(token)) : null;
  if (!user) throw notFound("Calendar not found");
  const now = new Date();
  const rows = await priceEntries(db, await listUserDomains(db, user.id, "expiry"), now, staleDays);
  const money = new PortfolioMoney(await moneyConverter(db, currency, rows), now, staleDays);
  const items = rows.map((row) => toUserDomainItem(row, money)).filter((d) => d.effectiveExpirationDate);
  return buildCalendar("Domain expirations", items.map((d) => ({
    // Stable per entry, so calendar apps update the event instead of duplicating it.
    uid: `user-domain-${d.id}@tldscope`,
    date: d.effectiveExpirationDate!,
    summary: `${d.unicodeName ?? d.domainName} expires`,
    description: describe(d, user.timeZone).join("\n"),
    stamp: new Date(d.updatedAt),
    alarmDaysBefore: ALARM_DAYS_BEFORE,
  })));
}
