/**
 * Expiry calendar feeds. Calendar apps cannot send our cookie, so the feed URL carries a
 * secret token; only its SHA-256 is stored, creating a new one rotates it (the old URL stops
 * working) and revoking clears it.
 */
import type { Db } from "../../../../db/client.ts";
import { listUserDomains } from "../../../../db/repositories/user-domain-repository.ts";
import { findUserByCalendarTokenHash, setCalendarTokenHash } from "../../../../db/repositories/user-repository.ts";
import { formatPrice } from "../../../shared/price-format.ts";
import type { AutoRenewState } from "../../../shared/schemas/user-domain.ts";
import { notFound } from "../../lib/errors.ts";
import { hashToken, isTokenShaped, randomToken } from "../../lib/secret-token.ts";
import { buildCalendar } from "./ics.ts";
import { priceEntries, toUserDomainItem } from "./item.ts";

const ALARM_DAYS_BEFORE = 30;

/** Unknown is said as unknown: nobody has answered, which is not the same as off. */
const AUTO_RENEW_LINES: Record<AutoRenewState, string> = {
  on: "Auto-renew: on",
  off: "Auto-renew: off",
  unknown: "Auto-renew: unknown (nobody has said whether it renews automatically)",
};

export async function createCalendarToken(db: Db, userId: number, origin: string): Promise<{ url: string }> {
  const token = randomToken();
  await setCalendarTokenHash(db, userId, hashToken(token));
  return { url: `${origin}/api/calendar/${token}.ics` };
}

export async function revokeCalendarToken(db: Db, userId: number): Promise<{ revoked: true }> {
  await setCalendarTokenHash(db, userId, null);
  return { revoked: true };
}

/** `staleDays` (PRICE_STALE_DAYS) judges the quotes behind the cheapest renewal each event names. */
export async function renderCalendarFeed(db: Db, token: string, staleDays: number): Promise<string> {
  const user = isTokenShaped(token) ? await findUserByCalendarTokenHash(db, hashToken(token)) : null;
  if (!user) throw notFound("Calendar not found");
  const now = new Date();
  const rows = await priceEntries(db, await listUserDomains(db, user.id, "expiry"), now, staleDays);
  const items = rows.map((row) => toUserDomainItem(row, now, staleDays)).filter((d) => d.effectiveExpirationDate);
  return buildCalendar("Domain expirations", items.map((d) => {
    const current = d.pricing.currentRenewal;
    const cheapest = d.pricing.cheapestRenewal;
    const lines = [
      AUTO_RENEW_LINES[d.autoRenewState],
      current
        ? `Renewal price: ${formatPrice(current.price, current.currency)}${d.serviceProvider ? ` at ${d.serviceProvider.name}` : ""}`
        : "Renewal price: unknown",
    ];
    if (cheapest && d.pricing.yearlySaving) {
      lines.push(`Cheapest renewal: ${formatPrice(cheapest.price, cheapest.currency)} at ${cheapest.serviceProvider.name}`);
    }
    return {
      // Stable per entry, so calendar apps update the event instead of duplicating it.
      uid: `user-domain-${d.id}@tldscope`,
      date: d.effectiveExpirationDate!,
      summary: `${d.unicodeName ?? d.domainName} expires`,
      description: lines.join("\n"),
      stamp: new Date(d.updatedAt),
      alarmDaysBefore: ALARM_DAYS_BEFORE,
    };
  }));
}
