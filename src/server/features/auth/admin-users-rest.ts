/** REST doors of the admin Users page (/api/admin/users…), beside the adminUsers.* tRPC procedures: 401 signed out, 403 for anyone not an administrator. */
import { Hono, type Context } from "hono";
import { adminUsersQuerySchema, auditLogQuerySchema, setAdminSchema, setDisabledSchema, twoFactorPolicySchema, userIdSchema } from "../../../shared/schemas/account.ts";
import { requireAdmin } from "../../lib/auth-guards.ts";
import { parseOrThrow, pathId, queryOf, type AppEnv } from "../../lib/hono-env.ts";
import { readJsonBody } from "../../lib/json-body.ts";
import type { AccountCtx } from "./account-service.ts";
import { auditLog, listUsers, resetUserTwoFactor, sendUserResetLink, setTwoFactorPolicy, setUserAdmin, setUserDisabled } from "./admin-users.ts";

const ctxOf = (c: Context<AppEnv>): AccountCtx => ({ ...c.var.ctx, user: c.var.ctx.user! });
const userIdOf = (c: Context<AppEnv>) => pathId(c, userIdSchema, "There is no user with this id.");

export const adminUsersRest = new Hono<AppEnv>()
  .use("/admin/users", requireAdmin)
  .use("/admin/users/*", requireAdmin)
  .use("/admin/users", async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  })
  .use("/admin/users/*", async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  })
  .get("/admin/users", async (c) => c.json(await listUsers(c.var.ctx.db, c.var.ctx.config, parseOrThrow(adminUsersQuerySchema, queryOf(c), "query"))))
  .get("/admin/users/audit-log", async (c) => c.json(await auditLog(c.var.ctx.db, parseOrThrow(auditLogQuerySchema, queryOf(c), "query"))))
  .put("/admin/users/two-factor-policy", async (c) =>
    c.json(await setTwoFactorPolicy(ctxOf(c), parseOrThrow(twoFactorPolicySchema, await readJsonBody(c), "body").requireForAdmins)))
  .put("/admin/users/:id/admin", async (c) =>
    c.json(await setUserAdmin(ctxOf(c), userIdOf(c), parseOrThrow(setAdminSchema, await readJsonBody(c), "body").isAdmin)))
  .put("/admin/users/:id/disabled", async (c) =>
    c.json(await setUserDisabled(ctxOf(c), userIdOf(c), parseOrThrow(setDisabledSchema, await readJsonBody(c), "body").disabled)))
  .post("/admin/users/:id/reset-link", async (c) => c.json(await sendUserResetLink(ctxOf(c), userIdOf(c)), 202))
  .post("/admin/users/:id/two-factor/reset", async (c) => c.json(await resetUserTwoFactor(ctxOf(c), userIdOf(c))));
