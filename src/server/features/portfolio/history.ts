/**
 * A portfolio entry's history (domain_events): every registry check and every change the
 * monitoring found, newest first, with the old and new values and the change in words, its
 * moments in the account's time zone as its mails write them.
 */
import type { Db } from "../../../../db/client.ts";
import { findDomainEventPosition, listDomainEvents, type DomainEventRow } from "../../../../db/repositories/domain-event-repository.ts";
import { findUserDomain } from "../../../../db/repositories/user-domain-repository.ts";
import { describeDomainEvent } from "../../../shared/domain-event-words.ts";
import { badRequest, notFound } from "../../lib/errors.ts";

export interface DomainHistoryEvent {
  id: number;
  category: DomainEventRow["category"];
  kind: string;
  /** A host:port for a certificate, a record type for DNS; null for the domain itself. */
  subject: string | null;
  /** alarm: told as a warning; info: told as information (or, for registry_check, not told). */
  severity: DomainEventRow["severity"];
  oldValue: unknown;
  newValue: unknown;
  occurredAt: string;
  /** What happened, in words (old → new). */
  text: string;
}

export interface DomainHistoryPage {
  events: DomainHistoryEvent[];
  /** The `before` of the next (older) page, or null when this one is the last. */
  nextBefore: number | null;
}

/** `timeZone`: the account's (users.time_zone); the moments in the sentences are written in it, named, or in UTC when null. */
export async function getDomainHistory(
  db: Db, user: { id: number; timeZone: string | null }, userDomainId: number, page: { limit: number; before?: number },
): Promise<DomainHistoryPage> {
  const userId = user.id;
  if (!(await findUserDomain(db, userId, userDomainId))) throw notFound("Domain not found");
  let before: { occurredAt: Date; id: number } | undefined;
  if (page.before !== undefined) {
    before = (await findDomainEventPosition(db, userDomainId, page.before)) ?? undefined;
    if (!before) throw badRequest("before must be the id of one of this domain's events (the last of the previous page)");
  }
  // One more than asked says whether an older page exists.
  const rows = await listDomainEvents(db, userDomainId, { limit: page.limit + 1, before });
  const shown = rows.slice(0, page.limit);
  return {
    events: shown.map((e) => ({
      id: e.id, category: e.category, kind: e.kind, subject: e.subject, severity: e.severity, oldValue: e.oldValue, newValue: e.newValue,
      occurredAt: e.occurredAt.toISOString(), text: describeDomainEvent(e, user.timeZone),
    })),
    nextBefore: rows.length > page.limit ? shown.at(-1)!.id : null,
  };
}
