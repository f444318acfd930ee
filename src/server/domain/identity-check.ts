/**
 * "Is this really the account's owner?", asked again before anything that changes how one signs
 * in or who acts for the account (two-step sign-in, API keys, the password, the address): a
 * session alone, which a stolen cookie is, never suffices. An account with a password gives it
 * (checked with the same argon2 cost whatever the account, limited per account); a single
 * sign-on account, which has none here, must have signed in within FRESH_SIGN_IN_MINUTES.
 */
import type { Db } from "../../../db/client.ts";
import { findAccountById, type AccountDto } from "../../../db/repositories/account-repository.ts";
import { listUserSessions } from "../../../db/repositories/session-repository.ts";
import { badRequest, forbidden, tooManyRequests, unauthorized } from "../lib/errors.ts";
import { spendDecoyVerification, verifyPassword } from "../lib/password.ts";
import { consume, reset } from "../lib/rate-limiter.ts";

/** Checks of the current password per account in any 15 minutes. */
export const PASSWORD_CHECKS_ALLOWED = 10;
/** How recent a single sign-on account's sign-in must be to stand in for a password. */
export const FRESH_SIGN_IN_MINUTES = 10;
export const WRONG_CURRENT_PASSWORD = "Your current password is not right.";
export const ENTER_PASSWORD = "Enter your current password: a signed-in session alone cannot do this.";
export const SIGN_IN_AGAIN = `For your safety, sign in again first: this needs a sign-in from the last ${FRESH_SIGN_IN_MINUTES} minutes.`;

/** The signed-in user's account; 401 when it is gone or disabled. */
export async function currentAccount(db: Db, userId: number): Promise<AccountDto> {
  const account = await findAccountById(db, userId);
  if (!account || account.disabledAt) throw unauthorized();
  return account;
}

/** The current password, checked with the same argon2 cost whatever the account (a decoy hash when it has none), limited per account. */
export async function checkCurrentPassword(db: Db, account: AccountDto, password: string | undefined, field = "currentPassword", now = new Date()): Promise<void> {
  if (account.passwordHash && !password) throw badRequest(ENTER_PASSWORD, [{ field, message: ENTER_PASSWORD }]);
  const window = { windowMs: 15 * 60_000, mode: "fixed" as const, now };
  const counted = await consume(db, `password-check:user:${account.id}`, { ...window, limit: PASSWORD_CHECKS_ALLOWED });
  if (!counted.allowed) {
    const minutes = Math.ceil(counted.retryAfterSeconds / 60);
    throw tooManyRequests(`Too many password attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`, counted.retryAfterSeconds);
  }
  let ok = false;
  if (account.passwordHash && password) ok = await verifyPassword(password, account.passwordHash);
  else await spendDecoyVerification(password ?? "");
  if (!ok) throw badRequest(WRONG_CURRENT_PASSWORD, [{ field, message: WRONG_CURRENT_PASSWORD }]);
  await reset(db, `password-check:user:${account.id}`);
}

/** 403 unless the session `sessionId` of this account began within FRESH_SIGN_IN_MINUTES. */
export async function requireFreshSignIn(db: Db, account: AccountDto, sessionId: string | null, now = new Date()): Promise<void> {
  const session = sessionId ? (await listUserSessions(db, account.id, now)).find((s) => s.id === sessionId) : undefined;
  if (!session || now.getTime() - session.createdAt.getTime() > FRESH_SIGN_IN_MINUTES * 60_000) throw forbidden(SIGN_IN_AGAIN);
}

/** The owner proves it is them: the password when the account has one, else a fresh sign-in. Returns the account. */
export async function confirmIdentity(
  ctx: { db: Db; user: { id: number }; sessionId: string | null }, password: string | undefined, field = "password", now = new Date(),
): Promise<AccountDto> {
  const account = await currentAccount(ctx.db, ctx.user.id);
  if (account.passwordHash) await checkCurrentPassword(ctx.db, account, password, field, now);
  else await requireFreshSignIn(ctx.db, account, ctx.sessionId, now);
  return account;
}
