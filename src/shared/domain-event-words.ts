/**
 * A domain's history event in words, the same on the domain's page and in the notification
 * that tells it: what changed, old → new. Covers every kind the monitoring records (registry,
 * certificate, DNS); an unknown kind still reads as its name with its values. Days read as the
 * pages write them ("Mar 2, 2031"), moments as mails write them: in the account's zone, named
 * ("Dec 17, 2026, 4:05 AM (Europe/Berlin)"), in UTC without one.
 */
import { formatUtcDay } from "./price-format.ts";
import { formatMomentIn } from "./time-format.ts";

export interface DescribedEvent {
  kind: string;
  subject: string | null;
  oldValue: unknown;
  newValue: unknown;
}

interface Registrar { ianaId?: number | null; name?: string | null }

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function registrar(value: unknown): string {
  if (!isObject(value)) return "an unnamed registrar";
  const r = value as Registrar;
  const name = r.name?.trim() || "an unnamed registrar";
  return r.ianaId !== null && r.ianaId !== undefined ? `${name} (IANA ${r.ianaId})` : name;
}

const list = (value: unknown) => (Array.isArray(value) && value.length ? value.map(String).join(", ") : "none");
const statusList = (value: unknown): string[] => (isObject(value) && Array.isArray(value.statuses) ? value.statuses.map(String) : []);
/**
 * The codes of `watched` the new status list holds and the old one did not (an event stored
 * without the old list names every code of the new one), e.g. "clientHold".
 */
function appeared(e: DescribedEvent, watched: readonly string[]): string {
  const before = new Set(statusList(e.oldValue));
  const now = statusList(e.newValue).filter((c) => !before.has(c));
  const named = now.filter((c) => watched.includes(c));
  return (named.length ? named : now).join(", ");
}
const HOLDS = ["clientHold", "serverHold"];
const DELETING = ["pendingDelete", "redemptionPeriod"];
const text = (value: unknown) => (value === null || value === undefined || value === "" ? "none" : typeof value === "string" ? value : JSON.stringify(value));
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** A day as the pages write it ("Mar 2, 2031"); other values as text. */
const dayText = (value: unknown) => (typeof value === "string" && ISO_DAY.test(value) ? (formatUtcDay(value) ?? value) : text(value));
/** A moment as mails and feeds write it, in `timeZone` and named ("Dec 17, 2026, 3:05 AM UTC" without one); other values as text. */
const momentText = (value: unknown, timeZone: string | null) =>
  (typeof value === "string" && ISO_INSTANT.test(value) ? (formatMomentIn(value, timeZone) || value) : text(value));
const field = (value: unknown, key: string) => (isObject(value) ? value[key] : undefined);

const CERTIFICATE_REASONS: Record<string, string> = {
  expired: "it has expired",
  name_mismatch: "it does not cover this host name",
  untrusted: "it does not chain to a trusted root",
  self_signed: "it is self-signed",
  unreachable: "the server could not be reached over TLS",
};

/** The event in one sentence (without the domain's name, which the caller puts in front); moments in `timeZone` (UTC when null). */
export function describeDomainEvent(e: DescribedEvent, timeZone: string | null = null): string {
  switch (e.kind) {
    case "registry_check": {
      const outcome = field(e.newValue, "outcome");
      const protocol = field(e.newValue, "protocol") === "whois" ? "WHOIS" : "RDAP";
      if (outcome === "ok") return `Checked with the registry (${protocol}).`;
      if (outcome === "not_found") return "Checked with the registry: it holds no such domain.";
      if (outcome === "no_service") return "Checked: no registry lookup service is known for this TLD.";
      return "The registry check failed; it will be tried again.";
    }
    case "registrar_changed": return `Registrar changed from ${registrar(e.oldValue)} to ${registrar(e.newValue)}.`;
    case "transfer_done": return `Moved to ${registrar(e.newValue)} as the transfer plan planned: the registry names it as the registrar, so the move is done.`;
    case "transfer_lock_removed": return "Transfer lock removed (clientTransferProhibited is gone): the domain can now be transferred away.";
    case "transfer_lock_added": return "Transfer lock added (clientTransferProhibited).";
    case "nameservers_changed": return `Nameservers changed from ${list(e.oldValue)} to ${list(e.newValue)}.`;
    case "status_hold": return `The registry put the domain on hold (${appeared(e, HOLDS)}): it no longer resolves.`;
    case "pending_delete": return `The domain is being deleted (${appeared(e, DELETING)}).`;
    case "expiry_moved_back": return `Expiry date moved back from ${dayText(e.oldValue)} to ${dayText(e.newValue)}.`;
    case "expiry_extended": return `Renewed: the expiry date moved from ${dayText(e.oldValue)} to ${dayText(e.newValue)}.`;
    case "certificate_expiring": {
      const days = Number(field(e.newValue, "daysLeft"));
      const until = momentText(field(e.newValue, "validTo"), timeZone);
      return `The certificate of ${e.subject ?? "the site"} expires in ${days === 1 ? "1 day" : `${days} days`} (valid until ${until}).`;
    }
    case "certificate_invalid": {
      const rawReason = field(e.newValue, "reason");
      const reason = typeof rawReason === "string" ? rawReason : "";
      const detail = field(e.newValue, "detail");
      const why = CERTIFICATE_REASONS[reason] ?? (reason ? reason.replace(/_/g, " ") : "it failed to verify");
      return `The certificate of ${e.subject ?? "the site"} is not valid: ${why}${typeof detail === "string" && detail ? ` (${detail})` : ""}.`;
    }
    case "certificate_issuer_changed": return `The certificate of ${e.subject ?? "the site"} changed issuer from ${text(e.oldValue)} to ${text(e.newValue)}.`;
    case "certificate_valid_again": return `The certificate of ${e.subject ?? "the site"} is valid again.`;
    case "dns_changed": return `${e.subject ?? "DNS"} records changed from ${list(e.oldValue)} to ${list(e.newValue)}.`;
    default: return `${e.kind.replace(/_/g, " ")}: ${text(e.oldValue)} → ${text(e.newValue)}.`;
  }
}

/** A short title: what happened, for a notification's subject line. */
export function domainEventHeadline(e: DescribedEvent): string {
  const headlines: Record<string, string> = {
    registrar_changed: "registrar changed", transfer_lock_removed: "transfer lock removed", transfer_lock_added: "transfer lock added",
    nameservers_changed: "nameservers changed", status_hold: "on hold at the registry", pending_delete: "being deleted",
    expiry_moved_back: "expiry date moved back", expiry_extended: "renewed", certificate_expiring: "certificate expiring",
    certificate_invalid: "certificate not valid", certificate_issuer_changed: "certificate issuer changed",
    certificate_valid_again: "certificate valid again", dns_changed: `${e.subject ?? "DNS"} records changed`,
  };
  return headlines[e.kind] ?? e.kind.replace(/_/g, " ");
}
