/** The signed-in user's own account (account.*) and the admin Users page (adminUsers.*): the same service functions as the REST doors. */
import { z } from "zod";
import {
  adminUsersQuerySchema, auditLogQuerySchema, changeEmailSchema, changePasswordSchema, deleteAccountSchema, sessionIdSchema, setAdminSchema,
  setDisabledSchema, timeZoneSchema, twoFactorConfirmSchema, twoFactorEnableSchema, twoFactorPolicySchema, twoFactorSetupSchema, userIdSchema,
} from "../../../shared/schemas/account.ts";
import { adminProcedure, authedProcedure, router } from "../../trpc/init.ts";
import { deleteAccount, exportAccountData } from "./account-data.ts";
import {
  accountOverview, changePassword, disableTwoFactor, enableTwoFactor, newRecoveryCodes, requestEmailChange, signOutOtherSessions, signOutSession,
  setTimeZone, startTwoFactorSetup,
} from "./account-service.ts";
import { auditLog, listUsers, resetUserTwoFactor, sendUserResetLink, setTwoFactorPolicy, setUserAdmin, setUserDisabled } from "./admin-users.ts";

export const accountRouter = router({
  overview: authedProcedure.query(({ ctx }) => accountOverview(ctx)),
  changePassword: authedProcedure.input(changePasswordSchema).mutation(({ ctx, input }) => changePassword(ctx, input)),
  requestEmailChange: authedProcedure.input(changeEmailSchema).mutation(({ ctx, input }) => requestEmailChange(ctx, input)),
  signOutSession: authedProcedure.input(z.object({ id: sessionIdSchema })).mutation(({ ctx, input }) => signOutSession(ctx, input.id)),
  setTimeZone: authedProcedure.input(timeZoneSchema).mutation(({ ctx, input }) => setTimeZone(ctx, input.timeZone)),
  signOutOtherSessions: authedProcedure.mutation(({ ctx }) => signOutOtherSessions(ctx)),
  beginTwoFactorSetup: authedProcedure.input(twoFactorSetupSchema).mutation(({ ctx, input }) => startTwoFactorSetup(ctx, input)),
  confirmTwoFactorSetup: authedProcedure.input(twoFactorEnableSchema).mutation(({ ctx, input }) => enableTwoFactor(ctx, input)),
  turnOffTwoFactor: authedProcedure.input(twoFactorConfirmSchema).mutation(({ ctx, input }) => disableTwoFactor(ctx, input)),
  renewRecoveryCodes: authedProcedure.input(twoFactorConfirmSchema).mutation(({ ctx, input }) => newRecoveryCodes(ctx, input)),
  exportData: authedProcedure.query(({ ctx }) => exportAccountData(ctx)),
  deleteAccount: authedProcedure.input(deleteAccountSchema).mutation(({ ctx, input }) => deleteAccount(ctx, input)),
});

export const adminUsersRouter = router({
  list: adminProcedure.input(adminUsersQuerySchema).query(({ ctx, input }) => listUsers(ctx.db, ctx.config, input)),
  auditLog: adminProcedure.input(auditLogQuerySchema).query(({ ctx, input }) => auditLog(ctx.db, input)),
  setAdmin: adminProcedure.input(setAdminSchema.extend({ id: userIdSchema })).mutation(({ ctx, input }) => setUserAdmin(ctx, input.id, input.isAdmin)),
  setDisabled: adminProcedure.input(setDisabledSchema.extend({ id: userIdSchema })).mutation(({ ctx, input }) => setUserDisabled(ctx, input.id, input.disabled)),
  sendResetLink: adminProcedure.input(z.object({ id: userIdSchema })).mutation(({ ctx, input }) => sendUserResetLink(ctx, input.id)),
  resetTwoFactor: adminProcedure.input(z.object({ id: userIdSchema })).mutation(({ ctx, input }) => resetUserTwoFactor(ctx, input.id)),
  setTwoFactorPolicy: adminProcedure.input(twoFactorPolicySchema).mutation(({ ctx, input }) => setTwoFactorPolicy(ctx, input.requireForAdmins)),
});
