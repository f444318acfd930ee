import { and, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { containsInsensitive, exec, type Db } from "../client.ts";

export type IncidentStatus = "open" | "investigating" | "resolved" | "closed";
/** Statuses in which an incident still stands for its rule and source. */
export const UNRESOLVED: IncidentStatus[] = ["open", "investigating"];

export interface IncidentDto {
  id: number;
  title: string;
  description: string;
  severity: string;
  status: IncidentStatus;
  source: string;
  alertRuleId: number | null;
  createdAt: Date;
  updatedAt: Date;
  resolvedAt: Date | null;
}

export interface IncidentQuery {
  page: number;
  limit: number;
  search?: string | undefined;
  status?: IncidentStatus | undefined;
}

function columns({ t }: Db) {
  const i = t.incidents;
  return {
    id: i.id, title: i.title, description: i.description, severity: i.severity, status: i.status, source: i.source,
    alertRuleId: i.alertRuleId, createdAt: i.createdAt, updatedAt: i.updatedAt, resolvedAt: i.resolvedAt,
  };
}

export async function listIncidents(handle: Db, q: IncidentQuery): Promise<{ rows: IncidentDto[]; total: number }> {
  const { orm: db, t } = handle;
  const i = t.incidents;
  const conditions: SQL[] = [];
  const search = q.search?.trim();
  if (search) conditions.push(or(containsInsensitive(i.title, search), containsInsensitive(i.description, search), containsInsensitive(i.source, search))!);
  if (q.status) conditions.push(eq(i.status, q.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select(columns(handle)).from(i).where(where).orderBy(desc(i.createdAt), desc(i.id)).limit(q.limit).offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(i).where(where),
  ]);
  return { rows: rows as IncidentDto[], total: total?.n ?? 0 };
}

export async function findIncident(handle: Db, id: number): Promise<IncidentDto | null> {
  const [row] = await handle.orm.select(columns(handle)).from(handle.t.incidents).where(eq(handle.t.incidents.id, id)).limit(1);
  return (row as IncidentDto | undefined) ?? null;
}

/**
 * Opens an incident for a rule and source unless one is still open or investigating; returns
 * its id, or null when one already stands. Evaluations of one rule are serialised (SQLite's
 * write transaction; a row lock on the rule on PostgreSQL), so two runs never both open one.
 */
export async function openIncidentOnce(
  handle: Db,
  values: { title: string; description: string; severity: string; source: string; alertRuleId: number },
): Promise<number | null> {
  const i = handle.t.incidents;
  return handle.transaction(function* (tx) {
    if (handle.dialect === "postgres") {
      yield* exec((tx as unknown as { execute(q: SQL): Promise<unknown> }).execute(sql`select id from alert_rules where id = ${values.alertRuleId} for update`));
    }
    const [existing] = yield* exec(tx.select({ id: i.id }).from(i)
      .where(and(eq(i.alertRuleId, values.alertRuleId), eq(i.source, values.source), inArray(i.status, UNRESOLVED))).limit(1));
    if (existing) return null;
    const [row] = yield* exec(tx.insert(i).values({ ...values, status: "open" }).returning({ id: i.id }));
    return row!.id;
  });
}

/**
 * Moves an incident from `from` to `to`; false when it was no longer in `from` (another
 * request or the rule engine moved it first), so two writers never both win.
 */
export async function setIncidentStatus(handle: Db, id: number, from: IncidentStatus, to: IncidentStatus, resolvedAt: Date | null): Promise<boolean> {
  const i = handle.t.incidents;
  const rows = await handle.orm.update(i).set({ status: to, updatedAt: new Date(), resolvedAt })
    .where(and(eq(i.id, id), eq(i.status, from))).returning({ id: i.id });
  return rows.length > 0;
}

/** Resolves what a rule raised for a source once its condition clears; the ids of those it resolved. */
export async function resolveUnresolvedIncidents(handle: Db, alertRuleId: number, source: string, at: Date): Promise<number[]> {
  const i = handle.t.incidents;
  const rows = await handle.orm.update(i).set({ status: "resolved", resolvedAt: at, updatedAt: at })
    .where(and(eq(i.alertRuleId, alertRuleId), eq(i.source, source), inArray(i.status, UNRESOLVED))).returning({ id: i.id });
  return rows.map((r) => r.id);
}

export interface IncidentNoticeFacts extends IncidentDto {
  /** The opening rule's condition; null for an incident raised by hand. */
  condition: string | null;
  /** The provider whose domain is the incident's source; null when none is. */
  providerName: string | null;
}

/** An incident with what a message about it names: its rule's condition and its provider. */
export async function findIncidentNoticeFacts(handle: Db, id: number): Promise<IncidentNoticeFacts | null> {
  const { orm: db, t } = handle;
  const i = t.incidents;
  const sp = t.serviceProviders;
  const [row] = await db.select({
    ...columns(handle),
    condition: t.alertRules.condition,
    // A subquery, not a join: two providers may share a domain.
    providerName: sql<string | null>`(select ${sp.name} from ${sp} where ${sp.domain} = ${i.source} order by ${sp.id} limit 1)`,
  }).from(i).leftJoin(t.alertRules, eq(t.alertRules.id, i.alertRuleId)).where(eq(i.id, id)).limit(1);
  return (row as IncidentNoticeFacts | undefined) ?? null;
}
