/**
 * The signed-in user's own account (/settings/account): its profile, password, e-mail address,
 * sessions and two-step sign-in. Acting on any of them asks for the current password (and, for
 * two-step sign-in, a code) again, so a session left open on someone else's computer is not
 * enough to take the account over.
 */
import type { Db } from "../../../../db/client.ts";
import { findAccountById, replacePassword, setEmailInTx, type AccountDto } from "../../../../db/repositories/account-repository.ts";
import { deleteOtherSessions, deleteUserSession, listUserSessions } from "../../../../db/repositories/session-repository.ts";
import { consumeUserToken, findUserToken, replaceUserToken } from "../../../../db/repositories/user-token-repository.ts";
import { findAccountByEmail } from "../../../../db/repositories/account-repository.ts";
import type { ChangeEmailInput, ChangePasswordInput } from "../../../shared/schemas/account.ts";
import { describeDevice } from "../../../shared/user-agent.ts";
import { AppError, badRequest, conflict, notFound, tooManyRequests, unauthorized } from "../../lib/errors.ts";
import { consume, reset } from "../../lib/rate-limiter.ts";
import { hashToken, isTokenShaped, randomToken } from "../../lib/secret-token.ts";
import type { RequestContext } from "../../trpc/context.ts";
import { mailConfigured, sendAccountMailLater } from "./account-mail.ts";
import { hashPassword, spendDecoyVerification, verifyPassword } from "./password.ts";
import { assertAcceptablePassword } from "./password-policy.ts";
import { twoFactorStatus, verifySecondStep } from "./two-factor.ts";

export type AccountCtx = Pick<RequestContext, "db" | "config" | "log" | "ip" | "origin" | "cipher" | "queue" | "sessionId"> & {
  user: NonNullable<RequestContext["user"]>;
};

export const EMAIL_LINK_HOURS = 24;
/** Checks of the current password per account in any 15 minutes. */
export const PASSWORD_CHECKS_ALLOWED = 10;
export const EMAIL_CHANGES_PER_HOUR = 5;
export const WRONG_CURRENT_PASSWORD = "Your current password is not right.";
export const EMAIL_LINK_INVALID = "This confirmation link has expired, was replaced by a newer one or was already used. Ask for a new one from your account settings.";
const NO_PASSWORD = "This account signs in with single sign-on and has no password here.";

export async function currentAccount(db: Db, userId: number): Promise<AccountDto> {
  const account = await findAccountById(db, userId);
  if (!account || account.disabledAt) throw unauthorized();
  return account;
}

/**
 * The current password, checked with the same argon2 cost whatever the account (a decoy hash
 * when it has none), limited per account.
 */
export async function checkCurrentPassword(db: Db, account: AccountDto, password: string | undefined, field = "currentPassword", now = new Date()): Promise<void> {
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

export async function accountOverview(ctx: AccountCtx, now = new Date()) {
  const account = await currentAccount(ctx.db, ctx.user.id);
  const sessions = await listUserSessions(ctx.db, account.id, now);
  return {
    profile: {
      id: account.id, email: account.email, firstName: account.firstName, isAdmin: account.isAdmin,
      createdAt: account.createdAt, lastSignInAt: account.lastSignInAt,
    },
    hasPassword: account.passwordHash !== null,
    singleSignOn: account.oidcSubject !== null,
    mailConfigured: mailConfigured(ctx.config),
    twoFactor: await twoFactorStatus(ctx.db, account.id),
    sessions: sessions.map((s) => ({
      id: s.id, device: describeDevice(s.userAgent), ip: s.ip, createdAt: s.createdAt, lastSeenAt: s.lastSeenAt, current: s.id === ctx.sessionId,
    })),
  };
}

export async function changePassword(ctx: AccountCtx, input: ChangePasswordInput, now = new Date()): Promise<{ otherSessionsEnded: true }> {
  const account = await currentAccount(ctx.db, ctx.user.id);
  if (!account.passwordHash) throw conflict(NO_PASSWORD);
  await checkCurrentPassword(ctx.db, account, input.currentPassword, "currentPassword", now);
  assertAcceptablePassword(input.newPassword, account.email, "newPassword");
  if (await verifyPassword(input.newPassword, account.passwordHash)) {
    throw badRequest("The new password is the one you have now.", [{ field: "newPassword", message: "The new password is the one you have now." }]);
  }
  await replacePassword(ctx.db, account.id, await hashPassword(input.newPassword), ctx.sessionId);
  sendAccountMailLater(ctx.config, ctx.log, {
    to: account.email, subject: "Your TLDScope password was changed",
    paragraphs: [
      `The password of your TLDScope account (${account.email}) was changed from your account settings on ${now.toUTCString()}; every other device signed in to it was signed out.`,
      "If you did not do this, reset your password at once from the sign-in page and tell an administrator.",
    ],
  });
  return { otherSessionsEnded: true };
}

/**
 * Sends a confirmation link to the new address; nothing changes until it is opened and
 * confirmed. The answer is the same when the address belongs to another account (that address
 * is told instead, so only its owner learns it is taken).
 */
export async function requestEmailChange(ctx: AccountCtx, input: ChangeEmailInput, now = new Date()): Promise<{ sentTo: string }> {
  if (!mailConfigured(ctx.config)) throw new AppError(503, "This server cannot send e-mail, so a new address cannot be confirmed. Ask an administrator to change it.");
  const account = await currentAccount(ctx.db, ctx.user.id);
  if (account.passwordHash) await checkCurrentPassword(ctx.db, account, input.currentPassword, "currentPassword", now);
  if (input.newEmail === account.email) throw badRequest("That is the address you have now.", [{ field: "newEmail", message: "That is the address you have now." }]);
  const counted = await consume(ctx.db, `email-change:user:${account.id}`, { windowMs: 60 * 60_000, mode: "fixed", now, limit: EMAIL_CHANGES_PER_HOUR });
  if (!counted.allowed) throw tooManyRequests("Too many address changes asked for. Please try again later.", counted.retryAfterSeconds);
  const taken = await findAccountByEmail(ctx.db, input.newEmail);
  if (taken) {
    sendAccountMailLater(ctx.config, ctx.log, {
      to: input.newEmail, subject: "This address already has a TLDScope account",
      paragraphs: [
        "Someone asked to move another TLDScope account to this address. It already belongs to an account, so nothing was changed.",
        "If it was you, sign in with this address instead. If it was not you, ignore this mail.",
      ],
    });
    return { sentTo: input.newEmail };
  }
  const token = randomToken();
  await replaceUserToken(ctx.db, { id: hashToken(token), userId: account.id, purpose: "email_change", newEmail: input.newEmail, expiresAt: new Date(now.getTime() + EMAIL_LINK_HOURS * 3_600_000) });
  sendAccountMailLater(ctx.config, ctx.log, {
    to: input.newEmail, subject: "Confirm your new TLDScope address",
    paragraphs: [
      `Confirm that the TLDScope account ${account.email} should use this address from now on. The link works once, for ${EMAIL_LINK_HOURS} hours.`,
      "If you did not ask for this, ignore this mail: nothing changes.",
    ],
    link: { href: `${ctx.origin}/api/account/email/confirm?token=${token}`, label: "Confirm this address" },
  });
  return { sentTo: input.newEmail };
}

export async function emailChangeOfToken(db: Db, token: unknown, now = new Date()) {
  if (typeof token !== "string" || !isTokenShaped(token)) throw badRequest(EMAIL_LINK_INVALID);
  const found = await findUserToken(db, hashToken(token), "email_change", now);
  const account = found && (await findAccountById(db, found.userId));
  if (!found?.newEmail || !account || account.disabledAt) throw badRequest(EMAIL_LINK_INVALID);
  return { account, newEmail: found.newEmail };
}

/** Acts on a confirmation link (by POST only): the account moves to the new address, and the old one is told. */
export async function confirmEmailChange(ctx: Pick<AccountCtx, "db" | "config" | "log" | "origin">, token: string, now = new Date()): Promise<{ email: string }> {
  const { account, newEmail } = await emailChangeOfToken(ctx.db, token, now);
  const outcome = await consumeUserToken(ctx.db, hashToken(token), "email_change", now, function* (tx, t) {
    return (yield* setEmailInTx(ctx.db, tx, t.userId, t.newEmail!)) ? "changed" as const : "taken" as const;
  });
  if (outcome === null) throw badRequest(EMAIL_LINK_INVALID);
  if (outcome === "taken") throw conflict("Another account took this address in the meantime, so yours was not changed.");
  sendAccountMailLater(ctx.config, ctx.log, {
    to: account.email, subject: "Your TLDScope address was changed",
    paragraphs: [
      `Your TLDScope account now uses ${newEmail} instead of this address (changed on ${now.toUTCString()}). Mails about the account go there from now on.`,
      "If you did not do this, tell an administrator at once.",
    ],
  });
  return { email: newEmail };
}

export async function signOutSession(ctx: AccountCtx, id: string): Promise<{ removed: true; current: boolean }> {
  if (!(await deleteUserSession(ctx.db, ctx.user.id, id))) throw notFound("You have no session with this id (it may have ended already).");
  return { removed: true, current: id === ctx.sessionId };
}

export async function signOutOtherSessions(ctx: AccountCtx): Promise<{ ended: number }> {
  if (!ctx.sessionId) throw badRequest("This request has no session of its own to keep.");
  return { ended: await deleteOtherSessions(ctx.db, ctx.user.id, ctx.sessionId) };
}

/** The password (when the account has one) and a code, for turning two-step sign-in off or renewing recovery codes. */
export async function confirmIdentityWithCode(ctx: AccountCtx, input: { password?: string | undefined; code: string }, now = new Date()): Promise<AccountDto> {
  const account = await currentAccount(ctx.db, ctx.user.id);
  if (account.passwordHash) await checkCurrentPassword(ctx.db, account, input.password, "password", now);
  await verifySecondStep(ctx.db, ctx.cipher, account.id, input.code, ctx.ip, now);
  return account;
}
