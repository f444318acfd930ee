/** The admin area's list of users and the audit log of what administrators did to them. */
import { asc, count, desc, eq, or, sql } from "drizzle-orm";
import { containsInsensitive, type Db } from "../client.ts";

export interface AdminUserRow {
  id: number;
  email: string;
  firstName: string | null;
  createdAt: Date;
  lastSignInAt: Date | null;
  domainCount: number;
  accountCount: number;
  twoFactorEnabled: boolean;
  isAdmin: boolean;
  disabledAt: Date | null;
}

/** One page of users (by e-mail), each with how many portfolio domains and registrar accounts it holds. */
export async function listUsersForAdmin(handle: Db, query: { search?: string | undefined; limit: number; offset: number }): Promise<{ rows: AdminUserRow[]; total: number }> {
  const { t } = handle;
  const u = t.users;
  const where = query.search ? or(containsInsensitive(u.email, query.search), containsInsensitive(u.firstName, query.search)) : undefined;
  const domainCount = sql<number>`(select count(*) from ${t.userDomains} where ${t.userDomains.userId} = ${u.id})`;
  const accountCount = sql<number>`(select count(*) from ${t.registrarAccounts} where ${t.registrarAccounts.userId} = ${u.id})`;
  const rows = await handle.orm.select({
    id: u.id, email: u.email, firstName: u.firstName, createdAt: u.createdAt, lastSignInAt: u.lastSignInAt,
    domainCount, accountCount, totpEnabledAt: t.userTotp.enabledAt, isAdmin: u.isAdmin, disabledAt: u.disabledAt,
  }).from(u).leftJoin(t.userTotp, eq(t.userTotp.userId, u.id)).where(where)
    .orderBy(asc(u.email)).limit(query.limit).offset(query.offset);
  const [total] = await handle.orm.select({ n: count() }).from(u).where(where);
  return {
    rows: rows.map(({ totpEnabledAt, ...r }) => ({ ...r, domainCount: Number(r.domainCount), accountCount: Number(r.accountCount), twoFactorEnabled: totpEnabledAt !== null })),
    total: Number(total?.n ?? 0),
  };
}

export interface AuditLogRow {
  id: number;
  actorEmail: string;
  targetEmail: string | null;
  action: string;
  detail: Record<string, unknown> | null;
  ip: string | null;
  createdAt: Date;
}

/** The audit log, newest first. */
export async function listAuditLog(handle: Db, query: { limit: number; offset: number }): Promise<{ rows: AuditLogRow[]; total: number }> {
  const a = handle.t.adminAuditLog;
  const rows = await handle.orm.select({
    id: a.id, actorEmail: a.actorEmail, targetEmail: a.targetEmail, action: a.action, detail: a.detail, ip: a.ip, createdAt: a.createdAt,
  }).from(a).orderBy(desc(a.createdAt), desc(a.id)).limit(query.limit).offset(query.offset);
  const [total] = await handle.orm.select({ n: count() }).from(a);
  return { rows, total: Number(total?.n ?? 0) };
}
