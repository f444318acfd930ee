import type { NotificationKind } from "./schemas/notifications.ts";

/**
 * The settings page's on/off switch of each kind other than expiry reminders (which have their
 * own section), in the page's order. `offByDefault`: off for a user who never saved settings.
 * `adminOnly`: offered to administrators only; the server refuses it to anyone else.
 * Kept out of the zod schemas' module: /status names the status_incident switch, and zod
 * would otherwise be in that public page's first load.
 */
export const KIND_SWITCHES: readonly { kind: Exclude<NotificationKind, "expiry">; label: string; offByDefault?: boolean; adminOnly?: boolean }[] = [
  { kind: "account_trouble", label: "Tell me when a registrar account cannot be synced, and when it works again" },
  { kind: "operator_incident", label: "Tell me when an incident opens or is resolved (administrators)", adminOnly: true },
  { kind: "status_incident", label: "Tell me when the status page reports an incident, and when it is resolved", offByDefault: true },
  { kind: "watched_tld", label: "Tell me when a TLD I watch reaches my target price" },
  { kind: "renewal_price", label: "Tell me when the renewal price of my domains changes at their registrar, or another registrar renews them for less" },
  { kind: "registry_change", label: "Tell me when one of my domains changes at its registry: a new registrar, the transfer lock removed, new nameservers, a hold or a deletion" },
  { kind: "certificate", label: "Tell me when a certificate of my domains is about to end, fails to verify or changes issuer" },
  { kind: "dns_change", label: "Tell me when the DNS records of my domains change (confirmed by a second look)", offByDefault: true },
  { kind: "transfer_window", label: "Tell me when the window opens to move one of my domains to a registrar where it costs less", offByDefault: true },
];
