import { z } from "zod";
import type { DomainSwitchKind } from "../domain-switches.ts";
import { intParam } from "./int-param.ts";
import { NOTIFICATION_KINDS } from "./notifications.ts";
import { userDomainIdSchema } from "./user-domain.ts";

export const HISTORY_DEFAULT_PAGE = 20;
export const HISTORY_MAX_PAGE = 100;

/** Query of GET /api/user-domains/:id/history: newest first; `before` is the last event id of the previous page. */
export const domainHistoryQuerySchema = z.object({
  limit: intParam("limit", 1, HISTORY_MAX_PAGE).default(HISTORY_DEFAULT_PAGE),
  before: intParam("before", 1, 2_147_483_647).optional(),
});
export const domainHistoryInputSchema = domainHistoryQuerySchema.extend({ id: userDomainIdSchema });

/** The record types DNS monitoring watches; each can be muted per domain ("dns:MX"). */
export const DNS_RECORD_TYPES = ["NS", "A", "AAAA", "MX", "TXT", "CAA"] as const;

/**
 * The kinds a domain has its own switch for, in the page's order, with their labels on the
 * domain's page. Only the kinds the product offers (NOTIFICATION_KINDS) are shown and accepted.
 */
const DOMAIN_KINDS: readonly { kind: DomainSwitchKind; label: string }[] = [
  { kind: "registry_change", label: "Registry changes (registrar, transfer lock, nameservers, holds, deletion, expiry)" },
  { kind: "certificate", label: "Certificate problems (expiring, not valid, new issuer)" },
  { kind: "dns_change", label: "DNS record changes" },
];
export const domainSwitchKinds = () => DOMAIN_KINDS.filter((k) => (NOTIFICATION_KINDS as readonly string[]).includes(k.kind));

export const SWITCH_SETTINGS = ["inherit", "on", "off"] as const;
export type SwitchSetting = (typeof SWITCH_SETTINGS)[number];
const MAX_SWITCHES = 50;

/** A switch's key: an offered kind, "dns:<record type>" under dns_change, or "certificate:<host>:<port>". */
function knownKey(key: string): boolean {
  const offered = domainSwitchKinds().map((k) => k.kind as string);
  if (offered.includes(key)) return true;
  const [head, ...rest] = key.split(":");
  if (head === "dns") return offered.includes("dns_change") && (DNS_RECORD_TYPES as readonly string[]).includes(rest.join(":"));
  if (head === "certificate") return offered.includes("certificate") && /^[a-z0-9.-]{1,253}:\d{1,5}$/.test(rest.join(":"));
  return false;
}

/** Body of PUT /api/user-domains/:id/notification-settings: switches to set; "inherit" removes the domain's own. */
export const domainNotificationSettingsSchema = z.object({
  switches: z.record(z.string(), z.enum(SWITCH_SETTINGS, { error: "Each switch is inherit, on or off" }), { error: "switches maps each switch to inherit, on or off" })
    .superRefine((switches, ctx) => {
      const keys = Object.keys(switches);
      if (keys.length > MAX_SWITCHES) ctx.addIssue({ code: "custom", message: `At most ${MAX_SWITCHES} switches at once` });
      const unknown = keys.filter((k) => !knownKey(k));
      if (unknown.length) {
        const offered = domainSwitchKinds().map((k) => k.kind).join(", ");
        ctx.addIssue({ code: "custom", message: `Unknown switch ${unknown.map((k) => `"${k}"`).join(", ")}: a switch is one of ${offered}${offered.includes("dns_change") ? `, or dns:TYPE (${DNS_RECORD_TYPES.join(", ")})` : ""}` });
      }
    }),
});
export type DomainNotificationSettingsInput = z.input<typeof domainNotificationSettingsSchema>;
