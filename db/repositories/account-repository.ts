/**
 * A user's own account rows: the profile the settings page shows, password and e-mail changes,
 * the disabled flag and the admin flag with the rule that one working administrator always
 * remains. Writes that must happen together (a new password and the end of other sessions, a
 * change and its audit entry) are one transaction here.
 */
import { and, count, eq, isNull, ne } from "drizzle-orm";
import { exec, type Db, type Executor } from "../client.ts";

export interface AccountDto {
  id: number;
  email: string;
  firstName: string | null;
  isAdmin: boolean;
  oidcSubject: string | null;
  passwordHash: string | null;
  createdAt: Date;
  lastSignInAt: Date | null;
  disabledAt: Date | null;
  twoFactorEnabled: boolean;
  /** The IANA zone the account chose for moments; null when it chose none. */
  timeZone: string | null;
}

export interface AuditEntry {
  /** Null when no signed-in user acted (the operator's command line). */
  actorUserId: number | null;
  actorEmail: string;
  targetUserId: number | null;
  targetEmail: string | null;
  action: string;
  detail?: Record<string, unknown> | null;
  ip: string | null;
}

function accountColumns({ t }: Db) {
  const u = t.users;
  return {
    id: u.id, email: u.email, firstName: u.firstName, isAdmin: u.isAdmin, oidcSubject: u.oidcSubject, passwordHash: u.passwordHash,
    createdAt: u.createdAt, lastSignInAt: u.lastSignInAt, disabledAt: u.disabledAt, timeZone: u.timeZone, totpEnabledAt: t.userTotp.enabledAt,
  };
}

type AccountRow = { totpEnabledAt: Date | null } & Omit<AccountDto, "twoFactorEnabled">;
const toAccount = ({ totpEnabledAt, ...row }: AccountRow): AccountDto => ({ ...row, twoFactorEnabled: totpEnabledAt !== null });

export async function findAccountById(handle: Db, id: number): Promise<AccountDto | null> {
  const { t } = handle;
  const [row] = await handle.orm.select(accountColumns(handle)).from(t.users)
    .leftJoin(t.userTotp, eq(t.userTotp.userId, t.users.id)).where(eq(t.users.id, id)).limit(1);
  return row ? toAccount(row) : null;
}

export async function findAccountByEmail(handle: Db, email: string): Promise<AccountDto | null> {
  const { t } = handle;
  const [row] = await handle.orm.select(accountColumns(handle)).from(t.users)
    .leftJoin(t.userTotp, eq(t.userTotp.userId, t.users.id)).where(eq(t.users.email, email)).limit(1);
  return row ? toAccount(row) : null;
}

/** Sets the zone the account's moments are written in (null: none chosen). */
export async function setAccountTimeZone({ orm: db, t }: Db, userId: number, timeZone: string | null): Promise<void> {
  await db.update(t.users).set({ timeZone }).where(eq(t.users.id, userId));
}

export async function recordSignIn({ orm: db, t }: Db, userId: number, at: Date): Promise<void> {
  await db.update(t.users).set({ lastSignInAt: at }).where(eq(t.users.id, userId));
}

/**
 * A new password hash, and every session but `keepSessionId` ended (all of them when null), with
 * the user's password-reset links dropped, in one transaction.
 */
/**
 * A new password: every other session ends, open reset links stop, and (unless `revokeApiKeys`
 * is false) every working API key is revoked, all in one transaction. Returns the names of the
 * keys that still work.
 */
export async function replacePassword(
  handle: Db, userId: number, passwordHash: string, keepSessionId: string | null, options: { revokeApiKeys: boolean; now: Date },
): Promise<{ keptApiKeys: string[] }> {
  return handle.transaction(function* (tx) {
    return yield* replacePasswordInTx(handle, tx, userId, passwordHash, { ...options, keepSessionId });
  });
}

/** The password-change statements for a caller's transaction (a reset link being used up); see replacePassword. */
export function* replacePasswordInTx(
  handle: Db, tx: Executor, userId: number, passwordHash: string, options: { revokeApiKeys: boolean; now: Date; keepSessionId?: string | null },
) {
  yield* exec(tx.update(handle.t.users).set({ passwordHash }).where(eq(handle.t.users.id, userId)));
  const s = handle.t.sessions;
  yield* exec(tx.delete(s).where(and(eq(s.userId, userId), options.keepSessionId ? ne(s.id, options.keepSessionId) : undefined)));
  const ut = handle.t.userTokens;
  yield* exec(tx.delete(ut).where(and(eq(ut.userId, userId), eq(ut.purpose, "password_reset"))));
  const k = handle.t.apiKeys;
  if (options.revokeApiKeys) {
    yield* exec(tx.update(k).set({ revokedAt: options.now }).where(and(eq(k.userId, userId), isNull(k.revokedAt))));
    return { keptApiKeys: [] as string[] };
  }
  const kept = yield* exec(tx.select({ name: k.name, prefix: k.prefix }).from(k).where(and(eq(k.userId, userId), isNull(k.revokedAt))).orderBy(k.id));
  return { keptApiKeys: kept.map((r) => `${r.name} (${r.prefix}…)`) };
}

/** Moves the account to a new address inside a caller's transaction; false when another account has it. */
export function* setEmailInTx(handle: Db, tx: Executor, userId: number, email: string) {
  const u = handle.t.users;
  const [taken] = yield* exec(tx.select({ id: u.id }).from(u).where(and(eq(u.email, email), ne(u.id, userId))).limit(1));
  if (taken) return false;
  yield* exec(tx.update(u).set({ email }).where(eq(u.id, userId)));
  return true;
}

function* insertAuditInTx(handle: Db, tx: Executor, entry: AuditEntry) {
  yield* exec(tx.insert(handle.t.adminAuditLog).values({ ...entry, detail: entry.detail ?? null }));
}

/** Administrators who can still sign in: the ones "never the last" counts. */
function* countWorkingAdmins(handle: Db, tx: Executor) {
  const u = handle.t.users;
  const [row] = yield* exec(tx.select({ n: count() }).from(u).where(and(eq(u.isAdmin, true), isNull(u.disabledAt))));
  return Number(row?.n ?? 0);
}

export type AdminChangeOutcome = "changed" | "unchanged" | "not_found" | "last_admin";

/**
 * Sets a user's admin flag or disabled state with its audit entry, in one transaction, refusing
 * a change that would leave no working administrator. Disabling ends the user's sessions in the
 * same transaction (its API keys stop because their lookup checks the flag).
 */
export async function applyAdminChange(
  handle: Db, change: { userId: number; isAdmin?: boolean; disabled?: boolean; now: Date }, audit: Omit<AuditEntry, "targetUserId" | "targetEmail">,
): Promise<AdminChangeOutcome> {
  const u = handle.t.users;
  return handle.transaction(function* (tx) {
    // Two administrators demoting each other at once must not both pass the count.
    yield* lockAdminRows(handle, tx);
    const [target] = yield* exec(tx.select({ id: u.id, email: u.email, isAdmin: u.isAdmin, disabledAt: u.disabledAt }).from(u).where(eq(u.id, change.userId)).limit(1));
    if (!target) return "not_found";
    const nextAdmin = change.isAdmin ?? target.isAdmin;
    const nextDisabled = change.disabled ?? target.disabledAt !== null;
    if (nextAdmin === target.isAdmin && nextDisabled === (target.disabledAt !== null)) return "unchanged";
    const wasWorkingAdmin = target.isAdmin && target.disabledAt === null;
    if (wasWorkingAdmin && (!nextAdmin || nextDisabled) && (yield* countWorkingAdmins(handle, tx)) <= 1) return "last_admin";
    yield* exec(tx.update(u).set({
      isAdmin: nextAdmin,
      disabledAt: nextDisabled ? (target.disabledAt ?? change.now) : null,
    }).where(eq(u.id, target.id)));
    if (nextDisabled && target.disabledAt === null) {
      // Disabling ends every way in: the sessions, and the API keys (revoked, so enabling the account later does not bring them back).
      yield* exec(tx.delete(handle.t.sessions).where(eq(handle.t.sessions.userId, target.id)));
      const k = handle.t.apiKeys;
      yield* exec(tx.update(k).set({ revokedAt: change.now }).where(and(eq(k.userId, target.id), isNull(k.revokedAt))));
    }
    yield* insertAuditInTx(handle, tx, { ...audit, targetUserId: target.id, targetEmail: target.email });
    return "changed";
  });
}

/** An audit entry on its own (a reset link sent, a policy changed). */
export async function insertAudit(handle: Db, entry: AuditEntry): Promise<void> {
  await handle.transaction(function* (tx) {
    yield* insertAuditInTx(handle, tx, entry);
  });
}

/** PostgreSQL: the administrators' rows locked for the transaction; SQLite writes one at a time already. */
function* lockAdminRows(handle: Db, tx: Executor) {
  if (handle.dialect !== "postgres") return;
  const u = handle.t.users;
  yield* exec((tx.select({ id: u.id }).from(u).where(eq(u.isAdmin, true)) as unknown as { for(mode: string): PromiseLike<unknown> }).for("update"));
}

/** Whether deleting this user would leave no working administrator. */
export async function isLastWorkingAdmin(handle: Db, userId: number): Promise<boolean> {
  return handle.transaction(function* (tx) {
    const u = handle.t.users;
    const [me] = yield* exec(tx.select({ isAdmin: u.isAdmin, disabledAt: u.disabledAt }).from(u).where(eq(u.id, userId)).limit(1));
    if (!me?.isAdmin || me.disabledAt) return false;
    return (yield* countWorkingAdmins(handle, tx)) <= 1;
  });
}
