/**
 * What the transfer plan reads and keeps: every registrar's renewal and transfer quote of some
 * TLDs (with the price checks' unusual mark; hidden ones left out), the last registrar change in each domain's history, and the owner's progress with each
 * move (domain_transfer_plans).
 */
import { and, eq, inArray, isNotNull, isNull, max, sql } from "drizzle-orm";
import { exec, type Db } from "../client.ts";
import { domainEventRows } from "./domain-event-repository.ts";
import { effectiveExpirySql, effectiveRegistrationSql } from "./effective-expiry.ts";

export interface TransferQuoteRow {
  tldId: number;
  provider: { id: number; name: string; isActive: boolean; hasTransferLink: boolean };
  renewalPrice: number | null;
  transferPrice: number | null;
  currency: string;
  lastCheckedAt: Date;
  /** The price checks found a price of the quote unusual (decision 059), and why. */
  unusual: boolean;
  unusualReason: string | null;
}

export async function listTransferQuotes({ orm: db, t }: Db, tldIds: readonly number[]): Promise<TransferQuoteRow[]> {
  if (tldIds.length === 0) return [];
  const dp = t.domainPrices;
  const sp = t.serviceProviders;
  const rows = await db.select({
    tldId: dp.tldId, renewalPrice: dp.renewalPrice, transferPrice: dp.transferPrice, currency: dp.currency, lastCheckedAt: dp.lastCheckedAt,
    unusualReason: dp.unusualReason, id: sp.id, name: sp.name, isActive: sp.isActive, transferUrlPattern: sp.transferUrlPattern,
  }).from(dp).innerJoin(sp, eq(sp.id, dp.serviceProviderId))
    // Prices an administrator hid are left out, as from every other answer.
    .where(and(inArray(dp.tldId, [...tldIds]), eq(dp.hidden, false)));
  return rows.map((r) => ({
    tldId: r.tldId, renewalPrice: r.renewalPrice, transferPrice: r.transferPrice, currency: r.currency, lastCheckedAt: r.lastCheckedAt,
    provider: { id: r.id, name: r.name, isActive: r.isActive, hasTransferLink: Boolean(r.transferUrlPattern) },
    unusual: r.unusualReason !== null, unusualReason: r.unusualReason,
  }));
}

/**
 * Per domain of the owner (or only `userDomainId`), the day of the newest move its history holds
 * (a registrar change, or a planned move done), "YYYY-MM-DD".
 */
export async function lastRegistrarChanges({ orm: db, t }: Db, userId: number, userDomainId?: number): Promise<Map<number, string>> {
  const e = t.domainEvents;
  const ud = t.userDomains;
  const rows = await db.select({ userDomainId: e.userDomainId, at: max(e.occurredAt) }).from(e)
    .innerJoin(ud, eq(ud.id, e.userDomainId))
    .where(and(eq(ud.userId, userId), inArray(e.kind, ["registrar_changed", "transfer_done"]), userDomainId === undefined ? undefined : eq(e.userDomainId, userDomainId)))
    .groupBy(e.userDomainId);
  const days = new Map<number, string>();
  for (const r of rows) if (r.at) days.set(r.userDomainId, new Date(r.at).toISOString().slice(0, 10));
  return days;
}

/** What the transfer plan reads of a portfolio entry: no notes, account or timestamps. */
export interface TransferPlanEntry {
  id: number;
  domainName: string;
  tldId: number;
  tldName: string;
  /** The registrar in force (the entry's own, else the one the registry names) and its name; null when neither is known. */
  provider: { id: number; name: string } | null;
  /** The dates in force (effective-expiry.ts: the registry's unless the owner's win), "YYYY-MM-DD". */
  registrationDate: string | null;
  expirationDate: string | null;
  /** The registry's EPP statuses; null before the entry's first lookup. */
  statuses: string[] | null;
  /** The registrar the registry names as the sponsor, when we list it, and the name it gave. */
  sponsor: { providerId: number | null; name: string | null };
}

interface PlanEntryRow {
  id: number | string;
  domain_name: string;
  tld_id: number | string;
  tld_name: string;
  provider_id: number | string | null;
  registration: string | null;
  expiry: string | null;
  statuses: string | string[] | null;
  has_record: number | boolean | null;
  sponsor_id: number | string | null;
  sponsor_name: string | null;
}

/** The owner's entries (or only `userDomainId`) as the transfer plan reads them, in one lean query. */
export async function listTransferPlanEntries(handle: Db, userId: number, userDomainId?: number): Promise<TransferPlanEntry[]> {
  const { t } = handle;
  const ud = t.userDomains;
  const rr = t.domainRegistryRecords;
  const [rows, providers] = await Promise.all([
    handle.all<PlanEntryRow>(sql`select ${ud.id} as id, ${ud.domainName} as domain_name, ${ud.tldId} as tld_id, ${t.tlds.name} as tld_name,
      coalesce(${ud.serviceProviderId}, ${rr.registrarProviderId}) as provider_id,
      cast(${effectiveRegistrationSql(t)} as text) as registration, cast(${effectiveExpirySql(t)} as text) as expiry,
      ${rr.statuses} as statuses, ${rr.userDomainId} is not null as has_record, ${rr.registrarProviderId} as sponsor_id, ${rr.registrarName} as sponsor_name
      from ${ud} inner join ${t.tlds} on ${t.tlds.id} = ${ud.tldId} left join ${rr} on ${rr.userDomainId} = ${ud.id}
      where ${ud.userId} = ${userId} ${userDomainId === undefined ? sql`` : sql`and ${ud.id} = ${userDomainId}`}
      order by ${ud.domainName}`),
    handle.orm.select({ id: t.serviceProviders.id, name: t.serviceProviders.name }).from(t.serviceProviders),
  ]);
  const providerById = new Map(providers.map((p) => [p.id, p]));
  const statusesOf = (r: PlanEntryRow): string[] | null => {
    if (!r.has_record) return null;
    const raw = typeof r.statuses === "string" ? (JSON.parse(r.statuses) as unknown) : r.statuses;
    return Array.isArray(raw) ? raw.map(String) : [];
  };
  return rows.map((r) => ({
    id: Number(r.id), domainName: r.domain_name, tldId: Number(r.tld_id), tldName: r.tld_name,
    provider: r.provider_id === null ? null : providerById.get(Number(r.provider_id)) ?? null,
    registrationDate: r.registration, expirationDate: r.expiry, statuses: statusesOf(r),
    sponsor: { providerId: r.sponsor_id === null ? null : Number(r.sponsor_id), name: r.sponsor_name },
  }));
}

export interface TransferPlanRow {
  userDomainId: number;
  destinationProviderId: number | null;
  state: string;
  stateChangedAt: Date;
  doneAt: Date | null;
}

/** The owner's stored moves (only their own domains'). */
export async function listTransferPlanRows({ orm: db, t }: Db, userId: number): Promise<TransferPlanRow[]> {
  const p = t.domainTransferPlans;
  const ud = t.userDomains;
  return db.select({ userDomainId: p.userDomainId, destinationProviderId: p.destinationProviderId, state: p.state, stateChangedAt: p.stateChangedAt, doneAt: p.doneAt })
    .from(p).innerJoin(ud, eq(ud.id, p.userDomainId)).where(eq(ud.userId, userId));
}

/** Stores how far the owner's move of their domain has got; false when the domain is not theirs. */
export async function saveTransferPlanState(
  handle: Db, userId: number, userDomainId: number, values: { state: string; destinationProviderId: number | null }, now: Date,
): Promise<boolean> {
  const p = handle.t.domainTransferPlans;
  const ud = handle.t.userDomains;
  return handle.transaction(function* (tx) {
    const [own] = yield* exec(tx.select({ id: ud.id }).from(ud).where(and(eq(ud.id, userDomainId), eq(ud.userId, userId))).limit(1));
    if (!own) return false;
    const doneAt = values.state === "done" ? now : null;
    const [stored] = yield* exec(tx.select({ id: p.userDomainId }).from(p).where(eq(p.userDomainId, userDomainId)).limit(1));
    if (stored) yield* exec(tx.update(p).set({ ...values, stateChangedAt: now, doneAt }).where(eq(p.userDomainId, userDomainId)));
    else yield* exec(tx.insert(p).values({ userDomainId, ...values, stateChangedAt: now, doneAt }));
    return true;
  });
}

/**
 * Marks a move done because the registry now names its destination, and records it in the
 * domain's history, in one transaction; false when another request did it first. An entry the
 * owner added by hand (no registrar account lists it) now names the destination as its
 * registrar, so the portfolio prices it there; an account's entries follow their next sync.
 */
export async function markTransferDone(
  handle: Db, userDomainId: number, destination: { id: number; name: string }, from: { name: string | null }, now: Date,
): Promise<boolean> {
  const p = handle.t.domainTransferPlans;
  return handle.transaction(function* (tx) {
    const [row] = yield* exec(tx.select({ state: p.state }).from(p).where(eq(p.userDomainId, userDomainId)).limit(1));
    if (!row || row.state === "done") return false;
    yield* exec(tx.update(p).set({ state: "done", stateChangedAt: now, doneAt: now }).where(eq(p.userDomainId, userDomainId)));
    const ud = handle.t.userDomains;
    yield* exec(tx.update(ud).set({ serviceProviderId: destination.id, updatedAt: now })
      .where(and(eq(ud.id, userDomainId), isNull(ud.registrarAccountId), isNotNull(ud.serviceProviderId))));
    yield* exec(tx.insert(handle.t.domainEvents).values(domainEventRows([{
      userDomainId, category: "registry", kind: "transfer_done", severity: "info", occurredAt: now,
      oldValue: { name: from.name }, newValue: { name: destination.name, serviceProviderId: destination.id },
    }])));
    return true;
  });
}
