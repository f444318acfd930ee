/**
 * "Download my data" and "Delete my account". The export is one JSON document of everything the
 * account holds, secrets left out (registrar credentials, webhook signing secrets and the token
 * part of webhook URLs, API key and token hashes, the password hash, the two-step secret), limited to EXPORTS_PER_HOUR. Deleting
 * asks for the password (or, without one, the address typed out) and a code when two-step
 * sign-in is on, refuses the last working administrator, removes every row of the account in
 * one transaction, then cancels the account's queued jobs; its sessions go with the account.
 */
import { deleteUserEverywhere, listUserWorkIds, readUserData } from "../../../../db/repositories/account-data-repository.ts";
import { isLastWorkingAdmin } from "../../../../db/repositories/account-repository.ts";
import { minorToDecimalString } from "../../../shared/price-format.ts";
import type { DeleteAccountInput } from "../../../shared/schemas/account.ts";
import { describeDevice } from "../../../shared/user-agent.ts";
import { channelUrlHost, shownChannelUrl } from "../../../shared/schemas/webhook-channel.ts";
import { badRequest, conflict, tooManyRequests } from "../../lib/errors.ts";
import { consume } from "../../lib/rate-limiter.ts";
import { USER_OWNED_JOBS } from "../../domain/job-catalogue.ts";
import { checkCurrentPassword, currentAccount, type AccountCtx } from "./account-service.ts";
import { twoFactorStatus, verifySecondStep } from "./two-factor.ts";

export const EXPORTS_PER_HOUR = 5;
export const DELIVERY_HISTORY_DAYS = 90;
export const LAST_ADMIN = "You are the only administrator. Make someone else an administrator before you delete your account.";

export async function exportAccountData(ctx: AccountCtx, now = new Date()) {
  const counted = await consume(ctx.db, `export:user:${ctx.user.id}`, { windowMs: 60 * 60_000, mode: "fixed", now, limit: EXPORTS_PER_HOUR });
  if (!counted.allowed) {
    const minutes = Math.ceil(counted.retryAfterSeconds / 60);
    throw tooManyRequests(`You downloaded your data ${EXPORTS_PER_HOUR} times this hour. Please wait ${minutes} minute${minutes === 1 ? "" : "s"}.`, counted.retryAfterSeconds);
  }
  const account = await currentAccount(ctx.db, ctx.user.id);
  const since = new Date(now.getTime() - DELIVERY_HISTORY_DAYS * 86_400_000);
  const data = await readUserData(ctx.db, account.id, since);
  const twoFactor = await twoFactorStatus(ctx.db, account.id);
  return {
    format: "tldscope-account-export/1",
    exportedAt: now.toISOString(),
    profile: {
      id: account.id, email: account.email, firstName: account.firstName, isAdmin: account.isAdmin, createdAt: account.createdAt,
      lastSignInAt: account.lastSignInAt, signsInWith: account.oidcSubject ? "single sign-on" : "password", twoFactorEnabled: twoFactor.enabled,
      timeZone: account.timeZone,
    },
    portfolio: data.portfolio.map((d) => ({ ...d, registry: d.registry?.outcome == null ? null : d.registry })),
    registrarAccounts: data.registrarAccounts,
    notifications: {
      // As the settings page shows them: a webhook's token stays out of the file.
      channels: data.channels.map((c) => ({ ...c, url: shownChannelUrl(c.url), host: channelUrlHost(c.url) })),
      preferences: data.preferences && {
        ...data.preferences,
        renewalUndercut: minorToDecimalString(data.preferences.renewalUndercutMinor),
      },
      deliveriesSince: since.toISOString(),
      deliveries: data.deliveries,
    },
    watchedTlds: data.watches.map(({ targetMinor, ...w }) => ({ ...w, target: minorToDecimalString(targetMinor) })),
    apiKeys: data.apiKeys,
    sessions: data.sessions.map((s) => ({ ...s, device: describeDevice(s.userAgent) })),
    csv: {
      portfolio: `${ctx.origin}/api/user-domains/export.csv`,
      renewalForecast: `${ctx.origin}/api/user-domains/forecast.csv`,
    },
  };
}

export type AccountExport = Awaited<ReturnType<typeof exportAccountData>>;

/** `beforeCommit` is a test's stand-in for a crash inside the transaction. */
export async function deleteAccount(ctx: AccountCtx, input: DeleteAccountInput, now = new Date(), beforeCommit?: () => void): Promise<{ deleted: true; cancelledJobs: number }> {
  const account = await currentAccount(ctx.db, ctx.user.id);
  if (account.passwordHash) await checkCurrentPassword(ctx.db, account, input.password, "password", now);
  else if (input.confirmEmail !== account.email) {
    throw badRequest("Type your e-mail address to confirm.", [{ field: "confirmEmail", message: "Type your e-mail address to confirm." }]);
  }
  if (account.twoFactorEnabled) {
    if (!input.code) throw badRequest("Enter a code from your authenticator app or a recovery code.", [{ field: "code", message: "Enter a code." }]);
    await verifySecondStep(ctx.db, ctx.cipher, account.id, input.code, ctx.ip, now);
  }
  if (await isLastWorkingAdmin(ctx.db, account.id)) throw conflict(LAST_ADMIN);
  const work = await listUserWorkIds(ctx.db, account.id);
  if (!(await deleteUserEverywhere(ctx.db, account, beforeCommit))) throw conflict("This account was deleted already.");
  let cancelledJobs = 0;
  for (const job of USER_OWNED_JOBS) {
    try {
      cancelledJobs += await ctx.queue.cancelMatching(job.queue, job.field, work[job.ids]);
    } catch (error) {
      // The rows are gone: a job left over finds nothing to act on. Say so, but the deletion stands.
      ctx.log.warn({ err: error, queue: job.queue }, "could not cancel a deleted account's jobs");
    }
  }
  ctx.log.info({ userId: account.id, cancelledJobs }, "account deleted by its owner");
  return { deleted: true, cancelledJobs };
}
