/**
 * Inputs of certificate and DNS monitoring (REST bodies and tRPC inputs): an extra host to watch,
 * and the owner's days-before-end for certificate reminders.
 */
import { z } from "zod";

export const DEFAULT_CERTIFICATE_OFFSETS = [14, 3, 1];
export const MAX_CERTIFICATE_OFFSETS = 5;
/** Record types monitored, in the page's order. */
export const MONITORED_RECORD_TYPES = ["NS", "A", "AAAA", "MX", "TXT", "CAA"] as const;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A public host name: letters, digits and hyphens in dot-separated labels, at least two labels,
 * a last label that is not all digits, 253 characters at most. No IP addresses, no ports in it,
 * no "localhost". Lower-cased, a final dot dropped.
 */
export const monitorHostNameSchema = z.string({ error: "Enter a host name, like shop.example.com" })
  .trim().toLowerCase().transform((v) => v.replace(/\.$/, ""))
  .pipe(z.string()
    .min(1, "Enter a host name, like shop.example.com")
    .max(253, "A host name has at most 253 characters")
    .refine((v) => !/^[\d.]+$/.test(v) && !v.includes(":"), "Enter a host name, not an IP address")
    .refine((v) => v.split(".").length >= 2 && v.split(".").every((l) => LABEL.test(l)) && !/^\d+$/.test(v.split(".").at(-1)!),
      "Enter a host name of letters, digits and hyphens between dots, like shop.example.com"));

/**
 * The ports a watched host may be checked on: those that speak TLS from the first byte (HTTPS,
 * SMTPS, LDAPS, DNS over TLS, IMAPS, POP3S, SIP over TLS, alternative HTTPS). Any other port would
 * let an owner probe which ports of a stranger's machine are open.
 */
export const MONITOR_PORTS = [443, 465, 636, 853, 993, 995, 5061, 8443] as const;

export const monitorHostSchema = z.object({
  host: monitorHostNameSchema,
  port: z.coerce.number({ error: "The port is a whole number from 1 to 65535" }).int("The port is a whole number from 1 to 65535")
    .min(1, "The port is a whole number from 1 to 65535").max(65535, "The port is a whole number from 1 to 65535")
    .refine((p) => (MONITOR_PORTS as readonly number[]).includes(p), `Certificates are checked on the TLS ports ${MONITOR_PORTS.join(", ")}`)
    .default(443),
});
export type MonitorHostInput = z.input<typeof monitorHostSchema>;

export const monitorHostIdSchema = z.coerce.number({ error: "Host not found" }).int("Host not found").positive("Host not found");

/** Days before a certificate ends, each 0 to 90; stored without repeats, largest first. */
export const certificateOffsetsSchema = z.array(
  z.number({ error: "Each reminder is a whole number of days" }).int("Each reminder is a whole number of days")
    .min(0, "A reminder cannot come after the certificate ends").max(90, "A certificate reminder can come at most 90 days before it ends"),
  { error: "Reminders are a list of days" },
).min(1, "Choose at least one reminder day").max(MAX_CERTIFICATE_OFFSETS, `At most ${MAX_CERTIFICATE_OFFSETS} certificate reminder days`)
  .transform((days) => [...new Set(days)].sort((a, b) => b - a));

export const monitoringSettingsSchema = z.object({ certificateOffsets: certificateOffsetsSchema });
export type MonitoringSettingsInput = z.input<typeof monitoringSettingsSchema>;
