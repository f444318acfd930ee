/** A user's notification settings, with the defaults standing in until they save their own. */
import type { Db } from "../../../../db/client.ts";
import { findPreferences, savePreferences, type PreferencesRow } from "../../../../db/repositories/notification-repository.ts";
import { DEFAULT_DISPLAY_CURRENCY } from "../../../shared/currency.ts";
import { decimalStringToMinor, minorToDecimalString } from "../../../shared/price-format.ts";
import {
  DEFAULT_RENEWAL_CHANGE_PERCENT, DEFAULT_RENEWAL_UNDERCUT_MINOR,
  DEFAULT_REMINDER_OFFSETS, NOTIFICATION_KINDS, notificationPreferencesSchema, type DeliveryMode, type NotificationKind,
} from "../../../shared/schemas/notifications.ts";
import { KIND_SWITCHES } from "../../../shared/notification-switches.ts";
import type { z } from "zod";
import { requireKnownCurrency } from "../../domain/display-currency.ts";
import { forbidden } from "../../lib/errors.ts";

export interface Preferences {
  reminderOffsets: number[];
  deliveryModes: Record<NotificationKind, DeliveryMode>;
  enabledKinds: NotificationKind[];
  currency: string;
  /** Renewal price alerts: a renewal move at the domain's registrar is told from this many percent. */
  renewalChangePercent: number;
  /** Renewal price alerts: a cheaper renewal elsewhere is told from this yearly saving, in `currency` ("2.00"). */
  renewalUndercut: string;
}

const modesOf = (stored: Record<string, string>) =>
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, stored[kind] === "digest" ? "digest" : "immediate"])) as Record<NotificationKind, DeliveryMode>;

/** Kinds only administrators receive (KIND_SWITCHES' adminOnly). */
export const ADMIN_ONLY_KINDS: readonly NotificationKind[] = KIND_SWITCHES.filter((s) => s.adminOnly).map((s) => s.kind);
const allowedFor = (isAdmin: boolean) => (kind: NotificationKind) => isAdmin || !ADMIN_ONLY_KINDS.includes(kind);

const defaultPreferences = (isAdmin = false): Preferences => ({
  reminderOffsets: [...DEFAULT_REMINDER_OFFSETS],
  deliveryModes: modesOf({}),
  enabledKinds: NOTIFICATION_KINDS.filter((kind) => !KIND_SWITCHES.some((s) => s.kind === kind && s.offByDefault)).filter(allowedFor(isAdmin)),
  currency: DEFAULT_DISPLAY_CURRENCY,
  renewalChangePercent: DEFAULT_RENEWAL_CHANGE_PERCENT,
  renewalUndercut: minorToDecimalString(DEFAULT_RENEWAL_UNDERCUT_MINOR),
});

/**
 * A stored row as settings (kinds no longer known are dropped, missing modes are immediate);
 * for someone who is not an administrator, the administrators' kinds are dropped too.
 */
export function preferencesOf(row: PreferencesRow | null, isAdmin = false): Preferences {
  if (!row) return defaultPreferences(isAdmin);
  const kinds = row.enabledKinds.filter((k): k is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(k)).filter(allowedFor(isAdmin));
  return {
    reminderOffsets: row.reminderOffsets,
    deliveryModes: modesOf(row.deliveryModes),
    enabledKinds: kinds,
    currency: row.currency,
    renewalChangePercent: row.renewalChangePercent,
    renewalUndercut: minorToDecimalString(row.renewalUndercutMinor),
  };
}

export const getPreferences = async (db: Db, user: { id: number; isAdmin: boolean }) => preferencesOf(await findPreferences(db, user.id), user.isAdmin);

/** Saves the settings; an unknown display currency is a 400 naming it, an administrators' kind asked by anyone else a 403. */
export async function updatePreferences(db: Db, user: { id: number; isAdmin: boolean }, input: z.output<typeof notificationPreferencesSchema>): Promise<Preferences> {
  const refused = input.enabledKinds.filter((kind) => !allowedFor(user.isAdmin)(kind));
  if (refused.length > 0) throw forbidden(`Only administrators can receive ${refused.join(", ")} notifications`);
  await requireKnownCurrency(db, input.currency);
  // The renewal alert thresholds left out of the input keep their current values (saved, or the defaults).
  const { renewalChangePercent, renewalUndercut, ...rest } = input;
  const current = renewalChangePercent === undefined || renewalUndercut === undefined ? preferencesOf(await findPreferences(db, user.id)) : null;
  await savePreferences(db, {
    userId: user.id, ...rest,
    renewalChangePercent: renewalChangePercent ?? current!.renewalChangePercent,
    // Both are decimal strings with two decimals (renewalUndercutSchema's output, or preferencesOf's).
    renewalUndercutMinor: decimalStringToMinor(renewalUndercut ?? current!.renewalUndercut)!,
    updatedAt: new Date(),
  });
  return getPreferences(db, user);
}
