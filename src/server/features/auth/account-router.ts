/** The signed-in user's own account (account.*) and the admin Users page (adminUsers.*): the same service functions as the REST doors. */
import { z } from "zod";
import {
  adminUsersQuerySchema, auditLogQuerySchema, changeEmailSchema, changePasswordSchema, deleteAccountSchema, sessionIdSchema, setAdminSchema,
  setDisabledSchema, twoFactorCodeSchema, twoFactorConfirmSchema, twoFactorPolicySchema, userIdSchema,
} from "../../../shared/schemas/account.ts";
import { adminProcedure, authedProcedure, router } from "../../trpc/init.ts";
import { deleteAccount, exportAccountData } from "./account-data.ts";
import {
  accountOverview, changePassword, confirmIdentityWithCode, requestEmailChange, signOutOtherSessions, signOutSession,
} from "./account-service.ts";
import { auditLog, listUsers, sendUserResetLink, setTwoFactorPolicy, setUserAdmin, setUserDisabled } from "./admin-users.ts";
import { beginTwoFactorSetup, confirmTwoFactorSetup, renewRecoveryCodes, turnOffTwoFactor } from "./two-factor.ts";

export const accountRouter = router({
  overview: authedProcedure.query(({ ctx }) => accountOverview(ctx)),
  changePassword: authedProcedure.input(changePasswordSchema).mutation(({ ctx, input }) => changePassword(ctx, input)),
  requestEmailChange: authedProcedure.input(changeEmailSchema).mutation(({ ctx, input }) => requestEmailChange(ctx, input)),
  signOutSession: authedProcedure.input(z.object({ id: sessionIdSchema })).mutation(({ ctx, input }) => signOutSession(ctx, input.id)),
  signOutOtherSessions: authedProcedure.mutation(({ ctx }) => signOutOtherSessions(ctx)),
  beginTwoFactorSetup: authedProcedure.mutation(({ ctx }) => beginTwoFactorSetup(ctx.db, ctx.cipher, ctx.user)),
  confirmTwoFactorSetup: authedProcedure.input(twoFactorCodeSchema).mutation(({ ctx, input }) => confirmTwoFactorSetup(ctx.db, ctx.cipher, ctx.user.id, input.code)),
  turnOffTwoFactor: authedProcedure.input(twoFactorConfirmSchema).mutation(async ({ ctx, input }) => {
    const account = await confirmIdentityWithCode(ctx, input);
    await turnOffTwoFactor(ctx.db, account.id);
    return { enabled: false };
  }),
  renewRecoveryCodes: authedProcedure.input(twoFactorConfirmSchema).mutation(async ({ ctx, input }) => {
    const account = await confirmIdentityWithCode(ctx, input);
    return renewRecoveryCodes(ctx.db, account.id);
  }),
  exportData: authedProcedure.query(({ ctx }) => exportAccountData(ctx)),
  deleteAccount: authedProcedure.input(deleteAccountSchema).mutation(({ ctx, input }) => deleteAccount(ctx, input)),
});

export const adminUsersRouter = router({
  list: adminProcedure.input(adminUsersQuerySchema).query(({ ctx, input }) => listUsers(ctx.db, ctx.config, input)),
  auditLog: adminProcedure.input(auditLogQuerySchema).query(({ ctx, input }) => auditLog(ctx.db, input)),
  setAdmin: adminProcedure.input(setAdminSchema.extend({ id: userIdSchema })).mutation(({ ctx, input }) => setUserAdmin(ctx, input.id, input.isAdmin)),
  setDisabled: adminProcedure.input(setDisabledSchema.extend({ id: userIdSchema })).mutation(({ ctx, input }) => setUserDisabled(ctx, input.id, input.disabled)),
  sendResetLink: adminProcedure.input(z.object({ id: userIdSchema })).mutation(({ ctx, input }) => sendUserResetLink(ctx, input.id)),
  setTwoFactorPolicy: adminProcedure.input(twoFactorPolicySchema).mutation(({ ctx, input }) => setTwoFactorPolicy(ctx, input.requireForAdmins)),
});
