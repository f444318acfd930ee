import { z } from "zod";
import { amountInHundredthsSchema } from "./amount.ts";
import { currencyCodeSchema } from "./currency.ts";

/**
 * What notifications are about; each can be on or off, immediate or in a daily digest.
 * - expiry: a portfolio domain nears expiry;
 * - account_trouble: a registrar account's sync failed, or works again;
 * - operator_incident: an incident opened or resolved (administrators only);
 * - status_incident: a public incident of /status opened or resolved;
 * - watched_tld: a fresh quote of a watched TLD reached its owner's target price;
 * - renewal_price: the renewal of a held domain's TLD moved at its registrar, or another registrar renews it for less;
 * - registry_change: a re-check found a portfolio domain changed at its registry (registrar, transfer lock, nameservers, a hold, deletion, expiry).
 * - transfer_window: moving a portfolio domain to a cheaper registrar pays, and the window to do it opens (once per window).
 */
export const NOTIFICATION_KINDS = ["expiry", "account_trouble", "operator_incident", "status_incident", "watched_tld", "renewal_price", "registry_change", "certificate", "dns_change", "transfer_window"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const DELIVERY_MODES = ["immediate", "digest"] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

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

/** Renewal price alerts: a move of the renewal at a domain's own registrar is told from this many percent (default). */
export const DEFAULT_RENEWAL_CHANGE_PERCENT = 10;
/** Renewal price alerts: a cheaper renewal elsewhere is told from this yearly saving, in hundredths of the display currency (default). */
export const DEFAULT_RENEWAL_UNDERCUT_MINOR = 200;
const MAX_RENEWAL_UNDERCUT = 100_000;

export const renewalChangePercentSchema = z
  .number({ error: "The renewal change is a whole number of percent, from 1 to 100" })
  .int("The renewal change is a whole number of percent, from 1 to 100")
  .min(1, "The renewal change to tell is at least 1 %")
  .max(100, "The renewal change to tell is at most 100 %");

/**
 * The saving worth telling, as a number (2.5) or a decimal string ("2.50") in the display
 * currency: zero or more, at most two decimals; becomes a decimal string with two ("2.50"), which
 * reads the same when parsed again (the form sends what it parsed, the server parses it again).
 */
export const renewalUndercutSchema = amountInHundredthsSchema(MAX_RENEWAL_UNDERCUT, {
  notAmount: "Enter the saving as an amount, like 2.00",
  negative: "The saving to tell cannot be negative",
  format: "Enter the saving as an amount with at most two decimals, like 2.00",
  tooLarge: `The saving to tell is at most ${MAX_RENEWAL_UNDERCUT.toLocaleString("en-US")}`,
}).transform((minor) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, "0")}`);

/** Body of PUT /api/notifications/preferences and notifications.savePreferences. */
export const notificationPreferencesSchema = z.object({
  reminderOffsets: reminderOffsetsSchema,
  deliveryModes: deliveryModesSchema,
  enabledKinds: z.array(z.enum(NOTIFICATION_KINDS, { error: `Kinds are: ${NOTIFICATION_KINDS.join(", ")}` })).max(NOTIFICATION_KINDS.length)
    .transform((kinds) => [...new Set(kinds)]),
  currency: currencyCodeSchema,
  /** Renewal price alerts' thresholds; left out, the saved ones stay (the defaults until saved). */
  renewalChangePercent: renewalChangePercentSchema.optional(),
  renewalUndercut: renewalUndercutSchema.optional(),
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
