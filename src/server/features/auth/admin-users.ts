/**
 * The admin area's Users page: a paged, searchable list; making and unmaking administrators
 * (never the last working one), disabling and enabling sign-in (a disabled user's sessions end
 * in the same transaction, and its API keys stop at their next use), sending a reset link, and
 * whether administrators must use two-step sign-in. Each action is written to the audit log
 * with who did it, when and from which address, in the same transaction as the change.
 */
import type { Db } from "../../../../db/client.ts";
import { listAuditLog, listUsersForAdmin } from "../../../../db/repositories/admin-user-repository.ts";
import { applyAdminChange, findAccountById, insertAudit } from "../../../../db/repositories/account-repository.ts";
import { getMeta, setMeta } from "../../../../db/repositories/app-meta-repository.ts";
import { AUDIT_ACTIONS, type AdminUsersQuery, type AuditAction } from "../../../shared/schemas/account.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import { mailConfigured } from "../../domain/account-mail.ts";
import { deleteTotp, findTotp } from "../../../../db/repositories/two-factor-repository.ts";
import { deleteUserSessions } from "../../../../db/repositories/session-repository.ts";
import { mailSignInChange, type AccountCtx } from "./account-service.ts";
import { mailResetLink } from "./password-reset.ts";

/** app_meta key: "true" when administrators must have two-step sign-in on to use the admin area. */
export const TWO_FACTOR_POLICY_KEY = "admin_two_factor_required";
export const NEVER_LAST_ADMIN = "This is the only administrator who can sign in. Make someone else an administrator first.";

export async function adminsMustUseTwoFactor(db: Db): Promise<boolean> {
  return (await getMeta(db, [TWO_FACTOR_POLICY_KEY]))[TWO_FACTOR_POLICY_KEY] === "true";
}

const totalPages = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

export async function listUsers(db: Db, config: AccountCtx["config"], query: AdminUsersQuery) {
  const { rows, total } = await listUsersForAdmin(db, { search: query.search || undefined, limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
  return {
    users: rows.map(({ disabledAt, ...u }) => ({ ...u, disabled: disabledAt !== null, disabledAt })),
    page: query.page, pageSize: query.pageSize, total, totalPages: totalPages(total, query.pageSize),
    requireTwoFactorForAdmins: await adminsMustUseTwoFactor(db),
    mailConfigured: mailConfigured(config),
  };
}

const auditBase = (ctx: AccountCtx, action: AuditAction, detail?: Record<string, unknown>) =>
  ({ actorUserId: ctx.user.id, actorEmail: ctx.user.email, action, detail: detail ?? null, ip: ctx.ip });

async function applyChange(ctx: AccountCtx, userId: number, change: { isAdmin?: boolean; disabled?: boolean }, action: AuditAction) {
  const outcome = await applyAdminChange(ctx.db, { userId, ...change, now: new Date() }, auditBase(ctx, action));
  if (outcome === "not_found") throw notFound("There is no user with this id.");
  if (outcome === "last_admin") throw conflict(NEVER_LAST_ADMIN);
  const user = await findAccountById(ctx.db, userId);
  return { id: userId, isAdmin: user?.isAdmin ?? false, disabled: !!user?.disabledAt, changed: outcome === "changed" };
}

export const setUserAdmin = (ctx: AccountCtx, userId: number, isAdmin: boolean) =>
  applyChange(ctx, userId, { isAdmin }, isAdmin ? "grant_admin" : "revoke_admin");

/** Disabling ends the user's sessions and revokes their API keys (enabling later brings neither back). */
export async function setUserDisabled(ctx: AccountCtx, userId: number, disabled: boolean) {
  if (disabled && userId === ctx.user.id) throw conflict("You cannot disable your own account.");
  return applyChange(ctx, userId, { disabled }, disabled ? "disable" : "enable");
}

export async function sendUserResetLink(ctx: AccountCtx, userId: number) {
  if (!mailConfigured(ctx.config)) {
    throw new AppError(503, "This server cannot send e-mail. From a shell on the server, npm run admin -- reset-password EMAIL prints a one-time link to hand over.");
  }
  const user = await findAccountById(ctx.db, userId);
  if (!user) throw notFound("There is no user with this id.");
  if (user.disabledAt) throw conflict("This account is disabled. Enable it before sending a reset link.");
  await mailResetLink(ctx, user);
  await insertAudit(ctx.db, { ...auditBase(ctx, "send_reset_link"), targetUserId: user.id, targetEmail: user.email });
  return { sentTo: user.email };
}

/** Who an audit entry names when no signed-in administrator acted. */
export const OPERATOR_ACTOR = "operator (command line)";
export const SETUP_LINK_ACTOR = "setup link";

/**
 * Turns a user's two-step sign-in off for them (a lost phone, or a second step someone else set
 * up): the authenticator and recovery codes are deleted, every session of the account ends, the
 * owner is told by mail, and the audit log names who did it.
 */
export async function resetTwoFactorFor(
  ctx: Pick<AccountCtx, "db" | "config" | "log" | "origin">, target: { id: number; email: string },
  actor: { userId: number | null; email: string; ip: string | null }, now = new Date(),
): Promise<{ id: number; twoFactorEnabled: false }> {
  const totp = await findTotp(ctx.db, target.id);
  if (!totp) throw conflict("Two-step sign-in is not set up for this account: there is nothing to reset.");
  await deleteTotp(ctx.db, target.id);
  await deleteUserSessions(ctx.db, target.id);
  await insertAudit(ctx.db, { actorUserId: actor.userId, actorEmail: actor.email, action: "reset_two_factor", detail: null, ip: actor.ip, targetUserId: target.id, targetEmail: target.email });
  mailSignInChange(ctx, target.email, "Two-step sign-in was reset for your TLDScope account",
    `An administrator turned two-step sign-in off for your TLDScope account (${target.email}) and signed it out everywhere: sign in with your password, then set two-step sign-in up again from your account settings`, now);
  return { id: target.id, twoFactorEnabled: false };
}

export async function resetUserTwoFactor(ctx: AccountCtx, userId: number) {
  const user = await findAccountById(ctx.db, userId);
  if (!user) throw notFound("There is no user with this id.");
  return resetTwoFactorFor(ctx, user, { userId: ctx.user.id, email: ctx.user.email, ip: ctx.ip });
}

export async function setTwoFactorPolicy(ctx: AccountCtx, requireForAdmins: boolean) {
  if (requireForAdmins !== (await adminsMustUseTwoFactor(ctx.db))) {
    await setMeta(ctx.db, TWO_FACTOR_POLICY_KEY, String(requireForAdmins));
    await insertAudit(ctx.db, { ...auditBase(ctx, requireForAdmins ? "require_two_factor" : "allow_without_two_factor"), targetUserId: null, targetEmail: null });
  }
  return { requireForAdmins };
}

export async function auditLog(db: Db, query: { page: number; pageSize: number }) {
  const { rows, total } = await listAuditLog(db, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
  return {
    entries: rows.map((r) => ({ ...r, description: AUDIT_ACTIONS[r.action as AuditAction] ?? r.action })),
    page: query.page, pageSize: query.pageSize, total, totalPages: totalPages(total, query.pageSize),
  };
}
