/** A user's notification settings, with the defaults standing in until they save their own. */
import type { Db } from "../../../../db/client.ts";
import { findPreferences, savePreferences, type PreferencesRow } from "../../../../db/repositories/notification-repository.ts";
import { DEFAULT_DISPLAY_CURRENCY } from "../../../shared/currency.ts";
import {
  DEFAULT_REMINDER_OFFSETS, KIND_SWITCHES, NOTIFICATION_KINDS, notificationPreferencesSchema, type DeliveryMode, type NotificationKind,
} from "../../../shared/schemas/notifications.ts";
import type { z } from "zod";
import { requireKnownCurrency } from "../../lib/display-currency.ts";

export interface Preferences {
  reminderOffsets: number[];
  deliveryModes: Record<NotificationKind, DeliveryMode>;
  enabledKinds: NotificationKind[];
  currency: string;
}

const modesOf = (stored: Record<string, string>) =>
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, stored[kind] === "digest" ? "digest" : "immediate"])) as Record<NotificationKind, DeliveryMode>;

export const defaultPreferences = (): Preferences => ({
  reminderOffsets: [...DEFAULT_REMINDER_OFFSETS],
  deliveryModes: modesOf({}),
  enabledKinds: NOTIFICATION_KINDS.filter((kind) => !KIND_SWITCHES.some((s) => s.kind === kind && s.offByDefault)),
  currency: DEFAULT_DISPLAY_CURRENCY,
});

/** A stored row as settings (kinds no longer known are dropped, missing modes are immediate). */
export function preferencesOf(row: PreferencesRow | null): Preferences {
  if (!row) return defaultPreferences();
  const kinds = row.enabledKinds.filter((k): k is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(k));
  return {
    reminderOffsets: row.reminderOffsets,
    deliveryModes: modesOf(row.deliveryModes),
    enabledKinds: kinds,
    currency: row.currency,
  };
}

export const getPreferences = async (db: Db, userId: number) => preferencesOf(await findPreferences(db, userId));

/** Saves the settings; an unknown display currency is a 400 naming it. */
export async function updatePreferences(db: Db, userId: number, input: z.output<typeof notificationPreferencesSchema>): Promise<Preferences> {
  await requireKnownCurrency(db, input.currency);
  await savePreferences(db, { userId, ...input, updatedAt: new Date() });
  return getPreferences(db, userId);
}
