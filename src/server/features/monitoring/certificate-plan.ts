/**
 * What one certificate check means for the owner: the row to store and the events to record
 * (events.md's certificate kinds). Told once each: failing to verify (when it starts, or the
 * reason changes), valid again, the issuer changing, and each of the owner's days-before-end
 * (only the nearest one passed, once per certificate: a renewed certificate starts over).
 *
 * A host that has never answered over TLS (no row yet, or only failures to connect) is not an
 * alarm: many apexes serve no HTTPS at all. Once it has served a certificate, losing it is.
 */
import type { NewDomainEvent } from "../../../../db/repositories/domain-event-repository.ts";
import type { CertificateRow } from "../../../../db/repositories/monitoring-repository.ts";
import type { ProbeOutcome } from "../../integrations/tls/probe.ts";

const DAY = 86_400_000;

export interface CertificatePlan {
  row: CertificateRow;
  events: NewDomainEvent[];
}

/** Whole days left before the certificate ends (0 on its last day). */
export const daysLeft = (validTo: Date, now: Date) => Math.floor((validTo.getTime() - now.getTime()) / DAY);

export function planCertificate(
  userDomainId: number, subject: string, previous: CertificateRow | undefined, outcome: ProbeOutcome, offsets: readonly number[], now: Date,
): CertificatePlan {
  const events: NewDomainEvent[] = [];
  const event = (kind: string, severity: "alarm" | "info", oldValue: unknown, newValue: unknown) =>
    events.push({ userDomainId, category: "certificate", kind, subject, severity, oldValue, newValue, occurredAt: now });
  const everServed = previous !== undefined && previous.fingerprint !== null;

  if (!outcome.ok) {
    const row: CertificateRow = {
      ...(previous ?? emptyRow(userDomainId, subject)), checkedAt: now, state: "invalid", reason: outcome.problem, detail: outcome.detail,
    };
    const changed = previous?.state !== "invalid" || previous.reason !== outcome.problem;
    if (everServed && changed) event("certificate_invalid", "alarm", stateOf(previous), { reason: outcome.problem, detail: outcome.detail });
    return { row, events };
  }

  const c = outcome.certificate;
  const sameCertificate = previous?.fingerprint === c.fingerprint;
  let told = sameCertificate ? [...(previous?.toldOffsets ?? [])] : [];
  const row: CertificateRow = {
    userDomainId, subject, checkedAt: now, state: c.problem ? "invalid" : "valid", reason: c.problem, detail: c.detail, issuer: c.issuer,
    subjectNames: c.subjectNames, validFrom: c.validFrom, validTo: c.validTo, fingerprint: c.fingerprint, coversName: c.coversName,
    trusted: c.trusted, toldOffsets: told,
  };

  if (c.problem) {
    if (previous?.state !== "invalid" || previous.reason !== c.problem) {
      event("certificate_invalid", "alarm", previous ? stateOf(previous) : null, { reason: c.problem, detail: c.detail });
    }
  } else if (previous?.state === "invalid" && everServed) {
    event("certificate_valid_again", "info", stateOf(previous), { issuer: c.issuer, validTo: c.validTo.toISOString() });
  }
  if (everServed && previous.issuer !== null && previous.issuer !== c.issuer) {
    event("certificate_issuer_changed", "alarm", previous.issuer, c.issuer);
  }
  if (!c.problem) {
    const left = daysLeft(c.validTo, now);
    const passed = offsets.filter((o) => left <= o);
    const nearest = passed.length ? Math.min(...passed) : null;
    if (nearest !== null && !told.includes(nearest)) {
      event("certificate_expiring", "alarm", null, { validTo: c.validTo.toISOString(), daysLeft: left, offset: nearest });
    }
    // Every day already passed counts as told: a certificate found with 2 days left is not told of its 14 and 3 later.
    told = [...new Set([...told, ...passed])].sort((a, b) => b - a);
    row.toldOffsets = told;
  }
  return { row, events };
}

function stateOf(row: CertificateRow): { state: string; reason: string | null; issuer: string | null; validTo: string | null } {
  return { state: row.state, reason: row.reason, issuer: row.issuer, validTo: row.validTo?.toISOString() ?? null };
}

function emptyRow(userDomainId: number, subject: string): CertificateRow {
  return {
    userDomainId, subject, checkedAt: new Date(0), state: "invalid", reason: null, detail: null, issuer: null, subjectNames: null,
    validFrom: null, validTo: null, fingerprint: null, coversName: null, trusted: null, toldOffsets: null,
  };
}
