import { and, asc, count, desc, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import { containsPattern, exec, type Db, type Executor } from "../client.ts";
import { effectiveExpirySql } from "./effective-expiry.ts";
import type { RegistryOutcome, RegistryRecordRow } from "./registry-record-repository.ts";
import { isUniqueViolation, lockUserRow } from "./user-repository.ts";

/** Stored fields of a portfolio entry (what create/update/import write). */
export interface UserDomainValues {
  domainName: string;
  tldId: number;
  serviceProviderId: number | null;
  registrationDate: string | null;
  expirationDate: string | null;
  /** null: nobody has said (added by name, a CSV without the column, a registrar that does not say). */
  autoRenew: boolean | null;
  notes: string | null;
}

/** Where the registrar in force came from: chosen by the owner, set by a registrar-account sync, or named by the registry. */
export type RegistrarSource = "owner" | "registrar_account" | "registry";

/**
 * The registrar the entry is priced at: the one stored on the entry (the owner's choice, or the
 * linked account's registrar), else the registry's sponsoring registrar when its IANA id
 * matches a service provider. `provider` is null when neither gives one we list; `ianaId` and
 * `name` then still say whom the registry named.
 */
export interface RegistrarInForce {
  provider: { id: number; name: string; domain: string; logoUrl: string | null } | null;
  source: RegistrarSource | null;
  /** The registry's sponsoring registrar (null when it named none): its IANA id and name (IANA's list first, else the answer's). */
  ianaId: number | null;
  name: string | null;
}

/** A portfolio entry with its TLD, provider and linked account. */
export interface UserDomainRow extends UserDomainValues {
  id: number;
  /** unicodeName: the IDN form people read (null for an ASCII TLD). */
  tld: { id: number; name: string; unicodeName: string | null };
  serviceProvider: { id: number; name: string; domain: string; logoUrl: string | null } | null;
  /** The registrar in force (the stored one, else the registry's), which prices the entry. */
  registrar: RegistrarInForce;
  /** "manual" when the user added it, "sync" when a registrar account sync did. */
  source: string;
  /** The registrar account the entry is linked to (synced from), if any. */
  registrarAccount: { id: number; label: string } | null;
  /** When a sync of that account first found it no longer lists the entry; null while it does. */
  departedAt: Date | null;
  /** What the registry said over RDAP; null until the entry's first lookup. */
  registry: RegistryRecordRow | null;
  createdAt: Date;
  updatedAt: Date;
}

/** One provider's stored quote for a TLD (any provider, any price, any age; money in minor units): the renewal comparison's input. */
import type { RenewalQuote } from "../../src/shared/renewal-comparison.ts";
export type { RenewalQuote };

/** The order of a portfolio read; undated entries come last either way, ties by name. */
export type UserDomainOrder = { by: "name" | "expiry"; direction: "asc" | "desc" };

/** Which entries a read returns: narrowed by `where`, one page of them when `limit` is given. */
interface EntryQuery {
  where?: SQL | undefined;
  order?: UserDomainOrder;
  limit?: number;
  offset?: number;
}

/** The registrar in force: the entry's own, else the one the registry named (when we list it). */
export const registrarInForceId = (t: Db["t"]) =>
  sql<number | null>`coalesce(${t.userDomains.serviceProviderId}, ${t.domainRegistryRecords.registrarProviderId})`;

function registrarSourceOf(r: { serviceProviderId: number | null; source: string; accountId: number | null; rProviderId: number | null }): RegistrarSource | null {
  if (r.serviceProviderId !== null) return r.source === "sync" || r.accountId !== null ? "registrar_account" : "owner";
  return r.rProviderId === null ? null : "registry";
}

/** Stored auto_renew and auto_renew_known as one value: null when unknown. */
const autoRenewOf = (on: boolean, known: boolean): boolean | null => (known ? on : null);

async function selectEntries(handle: Db, userId: number, query: EntryQuery = {}): Promise<UserDomainRow[]> {
  const { orm: db, t } = handle;
  const ud = t.userDomains;
  const sp = t.serviceProviders;
  const rr = t.domainRegistryRecords;
  const order = query.order ?? { by: "name", direction: "asc" };
  const byName = order.by === "name" && order.direction === "desc" ? desc(ud.domainName) : asc(ud.domainName);
  // Expiry views follow the registry's date unless the owner chose theirs (or the registry gave none).
  const expiry = effectiveExpirySql(t);
  const orderBy = order.by === "expiry"
    ? [order.direction === "desc" ? sql`${expiry} desc nulls last` : sql`${expiry} asc nulls last`, asc(ud.domainName)]
    : [byName];
  // A page is picked first over the narrow columns it is ordered by, then only its rows are joined
  // to the rest: joining all 10,000 entries to sort them cost PostgreSQL most of the request.
  const pageOf = query.limit === undefined ? undefined : inArray(ud.id, db.select({ id: ud.id }).from(ud)
    .leftJoin(rr, eq(rr.userDomainId, ud.id))
    .where(and(eq(ud.userId, userId), query.where))
    .orderBy(...orderBy).limit(query.limit).offset(query.offset ?? 0));
  const selected = db
    .select({
      id: ud.id, domainName: ud.domainName, tldId: ud.tldId, tldName: t.tlds.name, tldUnicodeName: t.tlds.unicodeName,
      serviceProviderId: ud.serviceProviderId, spId: sp.id, spName: sp.name, spDomain: sp.domain, spLogoUrl: sp.logoUrl,
      registrationDate: ud.registrationDate, expirationDate: ud.expirationDate, autoRenew: ud.autoRenew, autoRenewKnown: ud.autoRenewKnown,
      notes: ud.notes, source: ud.source, accountId: t.registrarAccounts.id, accountLabel: t.registrarAccounts.label, departedAt: ud.departedAt,
      createdAt: ud.createdAt, updatedAt: ud.updatedAt,
      rOutcome: rr.outcome, rErrorReason: rr.errorReason, rServer: rr.rdapServer, rProtocol: rr.protocol, rFailures: rr.failures,
      rExpiration: rr.expirationDate, rRegistration: rr.registrationDate, rLastChanged: rr.lastChangedDate, rStatuses: rr.statuses,
      rNameservers: rr.nameservers, rIanaId: rr.registrarIanaId, rRegistrarName: rr.registrarName, rProviderId: rr.registrarProviderId,
      ianaName: t.ianaRegistrars.name, rOverride: rr.ownDatesOverride, rCheckedAt: rr.checkedAt, rNextCheckAt: rr.nextCheckAt,
      rRequestedAt: rr.checkRequestedAt,
    })
    .from(ud)
    .innerJoin(t.tlds, eq(t.tlds.id, ud.tldId))
    .leftJoin(rr, eq(rr.userDomainId, ud.id))
    .leftJoin(sp, eq(sp.id, registrarInForceId(t)))
    .leftJoin(t.registrarAccounts, eq(t.registrarAccounts.id, ud.registrarAccountId))
    .leftJoin(t.ianaRegistrars, eq(t.ianaRegistrars.id, rr.registrarIanaId))
    .where(and(eq(ud.userId, userId), query.where, pageOf))
    .orderBy(...orderBy);
  const rows = await selected;
  return rows.map((r) => {
    const provider = r.spId === null ? null : { id: r.spId, name: r.spName!, domain: r.spDomain!, logoUrl: r.spLogoUrl };
    return {
      id: r.id, domainName: r.domainName, tldId: r.tldId, tld: { id: r.tldId, name: r.tldName, unicodeName: r.tldUnicodeName },
      serviceProviderId: r.serviceProviderId,
      serviceProvider: r.serviceProviderId === null ? null : provider,
      registrar: {
        provider, source: registrarSourceOf(r),
        ianaId: r.rIanaId, name: r.ianaName ?? r.rRegistrarName,
      },
      registrationDate: r.registrationDate, expirationDate: r.expirationDate, autoRenew: autoRenewOf(r.autoRenew, r.autoRenewKnown), notes: r.notes,
      source: r.source, registrarAccount: r.accountId === null ? null : { id: r.accountId, label: r.accountLabel! },
      departedAt: r.departedAt,
      registry: r.rOutcome === null ? null : {
        outcome: r.rOutcome as RegistryOutcome, errorReason: r.rErrorReason, rdapServer: r.rServer,
        protocol: r.rProtocol === "whois" ? "whois" : "rdap", failures: r.rFailures ?? 0,
        expirationDate: r.rExpiration, registrationDate: r.rRegistration, lastChangedDate: r.rLastChanged,
        statuses: r.rStatuses ?? [], nameservers: r.rNameservers ?? [],
        registrar: r.rIanaId === null && r.rRegistrarName === null ? null : { ianaId: r.rIanaId, name: r.rRegistrarName, serviceProviderId: r.rProviderId },
        ownDatesOverride: r.rOverride ?? false, checkedAt: r.rCheckedAt, nextCheckAt: r.rNextCheckAt!, checkRequestedAt: r.rRequestedAt,
      },
      createdAt: r.createdAt, updatedAt: r.updatedAt,
    };
  });
}

/** Every stored quote of these TLDs, with its provider (what the portfolio ranks renewals from). */
export async function listRenewalQuotes({ orm: db, t }: Db, tldIds: number[]): Promise<RenewalQuote[]> {
  if (tldIds.length === 0) return [];
  const dp = t.domainPrices;
  const sp = t.serviceProviders;
  const rows = await db
    .select({
      tldId: dp.tldId, renewalPrice: dp.renewalPrice, currency: dp.currency, lastCheckedAt: dp.lastCheckedAt, changedAt: dp.changedAt,
      providerId: sp.id, providerName: sp.name, providerDomain: sp.domain, providerActive: sp.isActive,
    })
    .from(dp)
    .innerJoin(sp, eq(sp.id, dp.serviceProviderId))
    .where(inArray(dp.tldId, tldIds));
  return rows.map((r) => ({
    tldId: r.tldId, renewalPrice: r.renewalPrice, currency: r.currency,
    lastCheckedAt: r.lastCheckedAt, changedAt: r.changedAt,
    provider: { id: r.providerId, name: r.providerName, domain: r.providerDomain, isActive: r.providerActive },
  }));
}

/** The whole portfolio, by name or soonest expiry first (undated entries last on both databases). */
export const listUserDomains = (handle: Db, userId: number, order: "name" | "expiry" = "name") =>
  selectEntries(handle, userId, { order: { by: order, direction: "asc" } });

/** What the renewal forecast and the summary read of an entry: no TLD, notes, account or timestamps. */
export interface RenewingEntry {
  id: number;
  domainName: string;
  tldId: number;
  /** The registrar in force (the entry's own, else the registry's when we list it); it prices the entry. */
  serviceProviderId: number | null;
  serviceProvider: { id: number; name: string } | null;
  /** The date reminders and expiry views use (effective-expiry.ts). */
  expirationDate: string | null;
  autoRenew: boolean | null;
  /** A sync found its registrar account no longer lists it (departedAt set). */
  departed: boolean;
}

/** A row of listRenewingEntries' statement, as either driver hands it back (SQLite: 0/1 for booleans). */
interface RenewingRow {
  id: number;
  domain_name: string;
  tld_id: number;
  provider_id: number | null;
  expiry: string | null;
  /** null when nobody has said. */
  auto_renew: boolean | number | null;
  departed: boolean | number;
}

/**
 * The whole portfolio with only what a forecast or the summary needs: soonest expiry first
 * (undated last, ties by name) with `order` "expiry", else in no particular order. One plain
 * statement of seven narrow columns over the entries and their registry records (the providers'
 * names, a handful, are read apart): at 10,000 entries, building typed rows cost more than the
 * query itself.
 */
export async function listRenewingEntries(handle: Db, userId: number, order?: "expiry"): Promise<RenewingEntry[]> {
  const { t } = handle;
  const ud = t.userDomains;
  const rr = t.domainRegistryRecords;
  const expiry = effectiveExpirySql(t);
  const [rows, providers] = await Promise.all([
    handle.all<RenewingRow>(sql`select ${ud.id} as id, ${ud.domainName} as domain_name, ${ud.tldId} as tld_id,
      ${registrarInForceId(t)} as provider_id, cast(${expiry} as text) as expiry,
      case when ${ud.autoRenewKnown} then ${ud.autoRenew} else null end as auto_renew, ${ud.departedAt} is not null as departed
      from ${ud} left join ${rr} on ${rr.userDomainId} = ${ud.id}
      where ${ud.userId} = ${userId}
      ${order === "expiry" ? sql`order by expiry asc nulls last, ${ud.domainName} asc` : sql``}`),
    handle.orm.select({ id: t.serviceProviders.id, name: t.serviceProviders.name }).from(t.serviceProviders),
  ]);
  const providerById = new Map(providers.map((p) => [p.id, p]));
  return rows.map((r) => {
    const provider = r.provider_id === null ? null : providerById.get(Number(r.provider_id)) ?? null;
    return {
      id: Number(r.id), domainName: r.domain_name, tldId: Number(r.tld_id), serviceProviderId: provider?.id ?? null,
      serviceProvider: provider, expirationDate: r.expiry,
      autoRenew: r.auto_renew === null ? null : Boolean(r.auto_renew), departed: Boolean(r.departed),
    };
  });
}

/** Entries whose (lower-case) domain name contains `search` (`%` and `_` match themselves); every entry without one. */
function nameContains(handle: Db, search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  return sql`${handle.t.userDomains.domainName} like ${containsPattern(search)} escape '\\'`;
}

export interface UserDomainPageQuery {
  order: UserDomainOrder;
  limit: number;
  offset: number;
  search?: string | undefined;
}

/** One page of the portfolio, and how many entries match in all. */
export async function listUserDomainPage(
  handle: Db, userId: number, page: UserDomainPageQuery,
): Promise<{ rows: UserDomainRow[]; total: number }> {
  const where = nameContains(handle, page.search);
  const [rows, total] = await Promise.all([
    selectEntries(handle, userId, { where, order: page.order, limit: page.limit, offset: page.offset }),
    countUserDomains(handle, userId, page.search),
  ]);
  return { rows, total };
}

/** How many entries the user holds (whose name contains `search`, when given). */
export async function countUserDomains(handle: Db, userId: number, search?: string): Promise<number> {
  const ud = handle.t.userDomains;
  const [row] = await handle.orm.select({ n: count() }).from(ud).where(and(eq(ud.userId, userId), nameContains(handle, search)));
  return Number(row?.n ?? 0);
}

export async function findUserDomain(handle: Db, userId: number, id: number): Promise<UserDomainRow | null> {
  const [row] = await selectEntries(handle, userId, { where: eq(handle.t.userDomains.id, id) });
  return row ?? null;
}

/** The entry's values as the columns hold them: auto-renew as a flag and whether anyone said. */
const storedValues = ({ autoRenew, ...rest }: UserDomainValues) => ({ ...rest, autoRenew: autoRenew ?? false, autoRenewKnown: autoRenew !== null });

/**
 * Adds the entry unless the portfolio already holds `max` entries ({ held } then) or this
 * domain name ("duplicate"). The count and the insert are one transaction with the user's row
 * locked, so parallel adds take turns and never pass `max` together.
 */
export async function insertUserDomainWithinLimit(
  handle: Db, userId: number, values: UserDomainValues, max: number,
): Promise<{ id: number } | { held: number } | "duplicate"> {
  const ud = handle.t.userDomains;
  try {
    return await handle.transaction(function* (tx) {
      yield* lockUserRow(handle, tx, userId);
      const [stored] = yield* exec(tx.select({ n: count() }).from(ud).where(eq(ud.userId, userId)));
      const held = Number(stored?.n ?? 0);
      if (held >= max) return { held };
      const [row] = yield* exec(tx.insert(ud).values({ ...storedValues(values), userId }).returning({ id: ud.id }));
      return { id: row!.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return "duplicate";
    throw error;
  }
}

/** "missing" when no such entry belongs to the user; "duplicate" when renamed onto another entry. */
export async function updateUserDomain(
  { orm: db, t }: Db, userId: number, id: number, values: UserDomainValues,
): Promise<"ok" | "missing" | "duplicate"> {
  const ud = t.userDomains;
  try {
    const rows = await db.update(ud).set({ ...storedValues(values), updatedAt: new Date() })
      .where(and(eq(ud.id, id), eq(ud.userId, userId))).returning({ id: ud.id });
    return rows.length ? "ok" : "missing";
  } catch (error) {
    if (isUniqueViolation(error)) return "duplicate";
    throw error;
  }
}

/**
 * Keeps an entry whose account no longer lists it as one the user added by hand: unlinked from
 * the account, source "manual", the mark cleared, so no later sync of that account judges it.
 * "missing" when no such entry belongs to the user, "listed" when it carries no departure mark.
 */
export async function keepDepartedUserDomain({ orm: db, t }: Db, userId: number, id: number): Promise<"ok" | "missing" | "listed"> {
  const ud = t.userDomains;
  const kept = await db.update(ud).set({ source: "manual", registrarAccountId: null, departedAt: null, updatedAt: new Date() })
    .where(and(eq(ud.id, id), eq(ud.userId, userId), isNotNull(ud.departedAt))).returning({ id: ud.id });
  if (kept.length) return "ok";
  const [held] = await db.select({ id: ud.id }).from(ud).where(and(eq(ud.id, id), eq(ud.userId, userId)));
  return held ? "listed" : "missing";
}

export async function deleteUserDomain({ orm: db, t }: Db, userId: number, id: number): Promise<boolean> {
  const ud = t.userDomains;
  const rows = await db.delete(ud).where(and(eq(ud.id, id), eq(ud.userId, userId))).returning({ id: ud.id });
  return rows.length > 0;
}

const IMPORT_CHUNK = 400; // 10 parameters a row stays far below both drivers' parameter limits

/**
 * Writes a whole import atomically: one upsert per chunk on (user, domain name). Returns the
 * names that already existed, read inside the same transaction, so added/updated is exact.
 * `check` sees those names before anything is written; what it throws ends the import unwritten.
 */
export async function upsertUserDomains(
  handle: Db, userId: number, rows: UserDomainValues[], check?: (existing: Set<string>) => void,
): Promise<Set<string>> {
  const ud = handle.t.userDomains;
  return handle.transaction(function* (tx: Executor) {
    yield* lockUserRow(handle, tx, userId);
    const names = new Set((yield* exec(tx.select({ name: ud.domainName }).from(ud).where(eq(ud.userId, userId)))).map((e) => e.name));
    check?.(names);
    const now = new Date();
    for (let i = 0; i < rows.length; i += IMPORT_CHUNK) {
      const chunk = rows.slice(i, i + IMPORT_CHUNK).map((r) => ({ ...storedValues(r), userId, updatedAt: now }));
      yield* exec(tx.insert(ud).values(chunk).onConflictDoUpdate({
        target: [ud.userId, ud.domainName],
        set: {
          tldId: sql`excluded.tld_id`, serviceProviderId: sql`excluded.service_provider_id`,
          registrationDate: sql`excluded.registration_date`, expirationDate: sql`excluded.expiration_date`,
          autoRenew: sql`excluded.auto_renew`, autoRenewKnown: sql`excluded.auto_renew_known`, notes: sql`excluded.notes`, updatedAt: now,
        },
      }));
    }
    return names;
  });
}
