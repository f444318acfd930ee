import { z } from "zod";
import { currencyCodeSchema } from "./currency.ts";

/** What notifications are about; each can be on or off, immediate or in a daily digest. */
/** expiry: a portfolio domain nears expiry; account_trouble: a registrar account's sync failed, or works again. */
/** watched_tld: a fresh quote of a watched TLD reached its owner's target price. */
export const NOTIFICATION_KINDS = ["expiry", "account_trouble", "watched_tld"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const DELIVERY_MODES = ["immediate", "digest"] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

/**
 * The settings page's on/off switch of each kind other than expiry reminders (which have their
 * own section), in the page's order. `offByDefault`: off for a user who never saved settings.
 */
export const KIND_SWITCHES: readonly { kind: Exclude<NotificationKind, "expiry">; label: string; offByDefault?: boolean }[] = [
  { kind: "account_trouble", label: "Tell me when a registrar account cannot be synced, and when it works again" },
  { kind: "watched_tld", label: "Tell me when a TLD I watch reaches my target price" },
];

const deliveryModeSchema = () => z.enum(DELIVERY_MODES, { error: "Delivery is immediate or digest" }).default("immediate");
/** Each kind's delivery mode; a kind left out is immediate. */
const deliveryModesSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, deliveryModeSchema()])) as Record<NotificationKind, ReturnType<typeof deliveryModeSchema>>,
);

export const DEFAULT_REMINDER_OFFSETS = [90, 30, 7, 1];
export const MAX_REMINDER_OFFSETS = 10;
export const MAX_REMINDER_DAYS = 365;

/** Days before expiry, each 0 (the day itself) to 365; stored without repeats, largest first. */
export const reminderOffsetsSchema = z
  .array(
    z.number({ error: "Each reminder is a whole number of days" })
      .int("Each reminder is a whole number of days")
      .min(0, "A reminder cannot come after the expiry date")
      .max(MAX_REMINDER_DAYS, `A reminder can come at most ${MAX_REMINDER_DAYS} days before expiry`),
    { error: "Reminders are a list of days" },
  )
  .min(1, "Choose at least one reminder day")
  .max(MAX_REMINDER_OFFSETS, `At most ${MAX_REMINDER_OFFSETS} reminder days`)
  .transform((days) => [...new Set(days)].sort((a, b) => b - a));

/** Body of PUT /api/notifications/preferences and notifications.savePreferences. */
export const notificationPreferencesSchema = z.object({
  reminderOffsets: reminderOffsetsSchema,
  deliveryModes: deliveryModesSchema,
  enabledKinds: z.array(z.enum(NOTIFICATION_KINDS, { error: `Kinds are: ${NOTIFICATION_KINDS.join(", ")}` })).max(NOTIFICATION_KINDS.length)
    .transform((kinds) => [...new Set(kinds)]),
  currency: currencyCodeSchema,
});
export type NotificationPreferencesInput = z.input<typeof notificationPreferencesSchema>;

/** Body of POST /api/notifications/channels and notifications.addEmail. */
export const emailChannelSchema = z.object({
  email: z
    .string({ error: "Enter an e-mail address" })
    .trim()
    .toLowerCase()
    .max(254, "An e-mail address has at most 254 characters")
    .pipe(z.email("Enter a valid e-mail address, like name@example.com")),
});

export const channelIdSchema = z.coerce
  .number({ error: "Invalid channel ID" })
  .int("Invalid channel ID")
  .positive("Invalid channel ID")
  .max(2_147_483_647, "Invalid channel ID");

/** A user's channels, at most. */
export const MAX_CHANNELS = 10;
