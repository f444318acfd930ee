/**
 * Forgotten passwords. A request answers the same whether the address has an account or not
 * (the mail, when there is one to send, goes out after the answer); each is limited per address
 * and per client. The link carries a random token whose SHA-256 alone is stored, works for an
 * hour, once, and only while it is the account's newest. Using it sets the new password, ends
 * every session of the account and tells the owner by mail.
 */
import type { Db } from "../../../../db/client.ts";
import { findAccountByEmail, findAccountById, replacePasswordInTx } from "../../../../db/repositories/account-repository.ts";
import { consumeUserToken, findUserToken, replaceUserToken } from "../../../../db/repositories/user-token-repository.ts";
import type { Config } from "../../config.ts";
import { AppError, badRequest, tooManyRequests } from "../../lib/errors.ts";
import type { Logger } from "../../lib/logger.ts";
import { consume, consumeForClient } from "../../lib/rate-limiter.ts";
import { hashToken, isTokenShaped, randomToken } from "../../lib/secret-token.ts";
import { mailConfigured, sendAccountMailLater } from "../../domain/account-mail.ts";
import { hashPassword } from "../../lib/password.ts";
import { apiKeysSentence } from "./account-service.ts";
import { assertAcceptablePassword } from "./password-policy.ts";

export const RESET_LINK_MINUTES = 60;
/** Reset requests per address, and per client address, in any hour. */
export const RESET_REQUESTS_PER_ADDRESS = 3;
export const RESET_REQUESTS_PER_CLIENT = 10;
const HOUR_MS = 60 * 60_000;

export const RESET_SENT = "If an account uses that address, a link to choose a new password is on its way. It works for one hour.";
export const RESET_LINK_INVALID = "This link has expired, was replaced by a newer one or was already used. Ask for a new link.";
export const NO_MAIL_RESET = "This server cannot send e-mail, so it cannot send you a reset link. Ask an administrator to give you one.";

export interface ResetCtx {
  db: Db;
  config: Config;
  log: Logger;
  ip: string;
  origin: string;
}

export const resetLinkFor = (origin: string, token: string) => `${origin}/api/password-reset?token=${token}`;

function limited(seconds: number, what: string): never {
  const minutes = Math.ceil(seconds / 60);
  throw tooManyRequests(`Too many reset requests ${what}. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`, seconds);
}

/** Makes the account's one working reset link (older ones stop working) and returns it. */
export async function issueResetLink(db: Db, userId: number, origin: string, now = new Date()): Promise<{ link: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + RESET_LINK_MINUTES * 60_000);
  await replaceUserToken(db, { id: hashToken(token), userId, purpose: "password_reset", expiresAt });
  return { link: resetLinkFor(origin, token), expiresAt };
}

/** Mails a reset link to the account (for its owner's request and for an administrator's). */
export async function mailResetLink(ctx: ResetCtx, account: { id: number; email: string }, now = new Date()): Promise<void> {
  const { link } = await issueResetLink(ctx.db, account.id, ctx.origin, now);
  sendAccountMailLater(ctx.config, ctx.log, {
    to: account.email,
    subject: "Choose a new TLDScope password",
    paragraphs: [
      "Someone asked to reset the password of the TLDScope account for this address. If it was you, choose a new password with the link below. It works once, for one hour.",
      "If it was not you, ignore this mail: your password stays as it is.",
    ],
    link: { href: link, label: "Choose a new password" },
  });
}

export async function requestPasswordReset(ctx: ResetCtx, email: string, now = new Date()): Promise<void> {
  if (!mailConfigured(ctx.config)) throw new AppError(503, NO_MAIL_RESET);
  const window = { windowMs: HOUR_MS, mode: "fixed" as const, now };
  const perClient = await consumeForClient(ctx.db, (client) => `reset:ip:${client}`, ctx.ip, { ...window, limit: RESET_REQUESTS_PER_CLIENT });
  if (!perClient.allowed) limited(perClient.retryAfterSeconds, "from your network");
  const perAddress = await consume(ctx.db, `reset:${email}`, { ...window, limit: RESET_REQUESTS_PER_ADDRESS });
  if (!perAddress.allowed) limited(perAddress.retryAfterSeconds, "for this address");
  // The answer goes out before the account is looked up and its link written, so how long a
  // request takes never tells whether the address has an account.
  setImmediate(() => {
    void (async () => {
      const account = await findAccountByEmail(ctx.db, email);
      if (account && !account.disabledAt) await mailResetLink(ctx, account, now);
    })().catch((error: unknown) => ctx.log.error({ err: error }, "password reset link not made"));
  });
}

/** The account a reset token is for, or a 400 when the link no longer works. */
export async function accountOfResetToken(db: Db, token: unknown, now = new Date()) {
  if (typeof token !== "string" || !isTokenShaped(token)) throw badRequest(RESET_LINK_INVALID);
  const found = await findUserToken(db, hashToken(token), "password_reset", now);
  const account = found && (await findAccountById(db, found.userId));
  if (!account || account.disabledAt) throw badRequest(RESET_LINK_INVALID);
  return account;
}

/**
 * Sets the new password from a reset link: every session ends, and every API key is revoked
 * unless the owner chose to keep them (the mail names the ones that still work).
 */
export async function resetPassword(
  ctx: ResetCtx, token: string, password: string, options: { keepApiKeys?: boolean } = {}, now = new Date(),
): Promise<{ email: string; apiKeysRevoked: boolean; keptApiKeys: string[] }> {
  const account = await accountOfResetToken(ctx.db, token, now);
  assertAcceptablePassword(password, account.email);
  const passwordHash = await hashPassword(password);
  const revokeApiKeys = options.keepApiKeys !== true;
  const done = await consumeUserToken(ctx.db, hashToken(token), "password_reset", now, function* (tx, t) {
    return yield* replacePasswordInTx(ctx.db, tx, t.userId, passwordHash, { revokeApiKeys, now });
  });
  if (!done) throw badRequest(RESET_LINK_INVALID);
  sendAccountMailLater(ctx.config, ctx.log, {
    to: account.email,
    subject: "Your TLDScope password was changed",
    paragraphs: [
      `The password of your TLDScope account (${account.email}) was changed on ${now.toUTCString()}, and every device signed in to it was signed out.`,
      apiKeysSentence(done.keptApiKeys, revokeApiKeys),
      "If you did not do this, reset your password at once from the sign-in page and tell an administrator.",
    ],
    link: { href: `${ctx.origin}/api/login`, label: "Sign in" },
  });
  return { email: account.email, apiKeysRevoked: revokeApiKeys, keptApiKeys: done.keptApiKeys };
}
