/**
 * The signed-in user's own account (/settings/account): its profile, password, e-mail address,
 * sessions and two-step sign-in. Acting on any of them asks for the current password (and, for
 * two-step sign-in, a code) again, so a session left open on someone else's computer is not
 * enough to take the account over.
 */
import type { Db } from "../../../../db/client.ts";
import { findAccountById, replacePassword, setAccountTimeZone, setEmailInTx, type AccountDto } from "../../../../db/repositories/account-repository.ts";
import { deleteOtherSessions, deleteUserSession, listUserSessions } from "../../../../db/repositories/session-repository.ts";
import { consumeUserToken, findUserToken, replaceUserToken } from "../../../../db/repositories/user-token-repository.ts";
import { findAccountByEmail } from "../../../../db/repositories/account-repository.ts";
import type { ChangeEmailInput, ChangePasswordInput } from "../../../shared/schemas/account.ts";
import { describeDevice } from "../../../shared/user-agent.ts";
import { formatMomentIn, isTimeZone } from "../../../shared/time-format.ts";
import { AppError, badRequest, conflict, notFound, tooManyRequests } from "../../lib/errors.ts";
import { consume } from "../../lib/rate-limiter.ts";
import { hashToken, isTokenShaped, randomToken } from "../../lib/secret-token.ts";
import type { RequestContext } from "../../trpc/context.ts";
import { mailConfigured, sendAccountMailLater } from "../../domain/account-mail.ts";
import { hashPassword, verifyPassword } from "../../lib/password.ts";
import { checkCurrentPassword, currentAccount, PASSWORD_CHECKS_ALLOWED, WRONG_CURRENT_PASSWORD } from "../../domain/identity-check.ts";
import { allowAccountMailTo } from "../../domain/mail-recipients.ts";
import { assertAcceptablePassword } from "./password-policy.ts";
import {
  beginTwoFactorSetup, confirmTwoFactorSetup, renewRecoveryCodes, turnOffTwoFactor, twoFactorStatus, verifySecondStep, type TwoFactorSetup,
} from "./two-factor.ts";
import { confirmIdentity } from "../../domain/identity-check.ts";

export type AccountCtx = Pick<RequestContext, "db" | "config" | "log" | "ip" | "origin" | "cipher" | "queue" | "sessionId"> & {
  user: NonNullable<RequestContext["user"]>;
};

export const EMAIL_LINK_HOURS = 24;
export const EMAIL_CHANGES_PER_HOUR = 5;
export { checkCurrentPassword, currentAccount, PASSWORD_CHECKS_ALLOWED, WRONG_CURRENT_PASSWORD };
export const EMAIL_LINK_INVALID = "This confirmation link has expired, was replaced by a newer one or was already used. Ask for a new one from your account settings.";
const NO_PASSWORD = "This account signs in with single sign-on and has no password here.";

/** The sentence of a security mail about the API keys after a password change. */
export function apiKeysSentence(kept: string[], revoked: boolean): string {
  if (revoked) return "Every API key of the account was revoked with it: make new ones from the API keys page if you need them.";
  if (kept.length === 0) return "The account has no API keys.";
  return `These API keys still work, as you chose: ${kept.join(", ")}. Revoke any you do not recognise from the API keys page.`;
}

export async function accountOverview(ctx: AccountCtx, now = new Date()) {
  const account = await currentAccount(ctx.db, ctx.user.id);
  const sessions = await listUserSessions(ctx.db, account.id, now);
  return {
    profile: {
      id: account.id, email: account.email, firstName: account.firstName, isAdmin: account.isAdmin,
      createdAt: account.createdAt, lastSignInAt: account.lastSignInAt, timeZone: account.timeZone,
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

export async function changePassword(
  ctx: AccountCtx, input: ChangePasswordInput, now = new Date(),
): Promise<{ otherSessionsEnded: true; apiKeysRevoked: boolean; keptApiKeys: string[] }> {
  const account = await currentAccount(ctx.db, ctx.user.id);
  if (!account.passwordHash) throw conflict(NO_PASSWORD);
  await checkCurrentPassword(ctx.db, account, input.currentPassword, "currentPassword", now);
  assertAcceptablePassword(input.newPassword, account.email, "newPassword");
  if (await verifyPassword(input.newPassword, account.passwordHash)) {
    throw badRequest("The new password is the one you have now.", [{ field: "newPassword", message: "The new password is the one you have now." }]);
  }
  const revokeApiKeys = !input.keepApiKeys;
  const { keptApiKeys } = await replacePassword(ctx.db, account.id, await hashPassword(input.newPassword), ctx.sessionId, { revokeApiKeys, now });
  sendAccountMailLater(ctx.config, ctx.log, {
    to: account.email, subject: "Your TLDScope password was changed",
    paragraphs: [
      `The password of your TLDScope account (${account.email}) was changed from your account settings on ${formatMomentIn(now, account.timeZone)}; every other device signed in to it was signed out.`,
      apiKeysSentence(keptApiKeys, revokeApiKeys),
      "If you did not do this, reset your password at once from the sign-in page and tell an administrator.",
    ],
  });
  return { otherSessionsEnded: true, apiKeysRevoked: revokeApiKeys, keptApiKeys };
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
  // Whatever the mail says, it goes to someone else's inbox: it respects that address's opt-out and daily count.
  await allowAccountMailTo(ctx.db, input.newEmail, now);
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
      `Your TLDScope account now uses ${newEmail} instead of this address (changed on ${formatMomentIn(now, account.timeZone)}). Mails about the account go there from now on.`,
      "If you did not do this, tell an administrator at once.",
    ],
  });
  return { email: newEmail };
}

export const UNKNOWN_TIME_ZONE = (zone: string) => `"${zone}" is not a time zone this server knows: choose one from the list, such as Europe/Berlin or UTC.`;

/** Chooses the zone the account's moments are written in on the pages, in mails and in the calendar feed; null goes back to the browser's (UTC in mails and feeds). */
export async function setTimeZone(ctx: AccountCtx, timeZone: string | null): Promise<{ timeZone: string | null }> {
  if (timeZone !== null && !isTimeZone(timeZone)) {
    const message = UNKNOWN_TIME_ZONE(timeZone);
    throw badRequest(message, [{ field: "timeZone", message }]);
  }
  await setAccountTimeZone(ctx.db, ctx.user.id, timeZone);
  return { timeZone };
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

/** Tells the owner that how they sign in changed, with what to do if it was not them. */
export function mailSignInChange(
  ctx: Pick<AccountCtx, "config" | "log" | "origin">, to: string, subject: string, what: string, now: Date, timeZone: string | null = null,
): void {
  sendAccountMailLater(ctx.config, ctx.log, {
    to, subject,
    paragraphs: [
      `${what} (${formatMomentIn(now, timeZone)}).`,
      "If you did not do this, reset your password at once from the sign-in page, then check your two-step sign-in and API keys in your account settings, and tell an administrator.",
    ],
    link: { href: `${ctx.origin}/settings/account`, label: "Account settings" },
  });
}

/** Starts setting up two-step sign-in: the password (or, for single sign-on, a fresh sign-in) first, since a session alone must not be able to lock the owner out. */
export async function startTwoFactorSetup(ctx: AccountCtx, input: { password?: string | undefined }, now = new Date()): Promise<TwoFactorSetup> {
  const account = await confirmIdentity(ctx, input.password, "password", now);
  return beginTwoFactorSetup(ctx.db, ctx.cipher, account);
}

/** Turns two-step sign-in on with the password and the app's first code; the owner is told by mail. */
export async function enableTwoFactor(ctx: AccountCtx, input: { code: string; password?: string | undefined }, now = new Date()): Promise<{ recoveryCodes: string[] }> {
  const account = await confirmIdentity(ctx, input.password, "password", now);
  const result = await confirmTwoFactorSetup(ctx.db, ctx.cipher, account.id, input.code, now);
  mailSignInChange(ctx, account.email, "Two-step sign-in is now on for your TLDScope account",
    `Two-step sign-in was turned on for your TLDScope account (${account.email}): signing in now asks for a code from an authenticator app`, now, account.timeZone);
  return result;
}

/** Turns two-step sign-in off with the password and a code; the owner is told by mail. */
export async function disableTwoFactor(ctx: AccountCtx, input: { code: string; password?: string | undefined }, now = new Date()): Promise<{ enabled: false }> {
  const account = await confirmIdentityWithCode(ctx, input, now);
  await turnOffTwoFactor(ctx.db, account.id);
  mailSignInChange(ctx, account.email, "Two-step sign-in is now off for your TLDScope account",
    `Two-step sign-in was turned off for your TLDScope account (${account.email}): signing in asks for the password only`, now, account.timeZone);
  return { enabled: false };
}

/** New recovery codes with the password and a code (the old ones stop working); the owner is told by mail. */
export async function newRecoveryCodes(ctx: AccountCtx, input: { code: string; password?: string | undefined }, now = new Date()): Promise<{ recoveryCodes: string[] }> {
  const account = await confirmIdentityWithCode(ctx, input, now);
  const result = await renewRecoveryCodes(ctx.db, account.id);
  mailSignInChange(ctx, account.email, "New recovery codes for your TLDScope account",
    `New recovery codes were made for your TLDScope account (${account.email}); the earlier ones no longer work`, now, account.timeZone);
  return result;
}
