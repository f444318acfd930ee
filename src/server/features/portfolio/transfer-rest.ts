/**
 * REST doors to the transfer plan: one domain's verdict, the whole plan (JSON and CSV), the
 * owner's progress with a move, and the administrators' transfer rules.
 */
import { Hono, type Context } from "hono";
import { displayCurrencyQuerySchema } from "../../../shared/schemas/currency.ts";
import { transferRulePatternSchema, transferRuleSchema, transferStateSchema } from "../../../shared/schemas/transfer-plan.ts";
import { userDomainIdSchema } from "../../../shared/schemas/user-domain.ts";
import { requireAdmin, requireUser } from "../../lib/auth-guards.ts";
import { parseOrThrow, pathId, queryOf, type AppEnv } from "../../lib/hono-env.ts";
import { readJsonBody } from "../../lib/json-body.ts";
import { getTransferPlan, getTransferVerdict, setTransferState, transferPlanCsv } from "./transfer-plan.ts";
import { listTransferRules, removeTransferRule, saveTransferRule } from "./transfer-rules.ts";

const userId = (c: Context<AppEnv>) => c.var.ctx.user!.id;
const staleDaysOf = (c: Context<AppEnv>) => c.var.ctx.config.PRICE_STALE_DAYS;
const currencyOf = (c: Context<AppEnv>) => parseOrThrow(displayCurrencyQuerySchema, queryOf(c), "query").currency;
const idOf = (c: Context<AppEnv>) => pathId(c, userDomainIdSchema, "Domain not found");
const adminOf = (c: Context<AppEnv>) => ({ db: c.var.ctx.db, ip: c.var.ctx.ip, user: c.var.ctx.user! });

export const transferRest = new Hono<AppEnv>()
  .get("/user-domains/:id/transfer-verdict", requireUser, async (c) =>
    c.json(await getTransferVerdict(c.var.ctx.db, userId(c), idOf(c), staleDaysOf(c), currencyOf(c))))
  .use("/portfolio/transfer-plan", requireUser)
  .use("/portfolio/transfer-plan/*", requireUser)
  .get("/portfolio/transfer-plan", async (c) => c.json(await getTransferPlan(c.var.ctx.db, userId(c), staleDaysOf(c), currencyOf(c))))
  .get("/portfolio/transfer-plan.csv", requireUser, async (c) => {
    const plan = await getTransferPlan(c.var.ctx.db, userId(c), staleDaysOf(c), currencyOf(c));
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="transfer-plan-${new Date().toISOString().slice(0, 10)}-${plan.currency}.csv"`);
    return c.body(transferPlanCsv(plan));
  })
  .put("/portfolio/transfer-plan/:id", async (c) => {
    const id = idOf(c);
    const input = parseOrThrow(transferStateSchema, await readJsonBody(c), "body");
    return c.json(await setTransferState(c.var.ctx.db, userId(c), id, input, staleDaysOf(c)));
  })
  .use("/admin/transfer-rules", requireAdmin)
  .use("/admin/transfer-rules/*", requireAdmin)
  .get("/admin/transfer-rules", async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await listTransferRules(c.var.ctx.db));
  })
  .put("/admin/transfer-rules", async (c) => c.json(await saveTransferRule(adminOf(c), parseOrThrow(transferRuleSchema, await readJsonBody(c), "body"))))
  .delete("/admin/transfer-rules/:pattern", async (c) =>
    c.json(await removeTransferRule(adminOf(c), parseOrThrow(transferRulePatternSchema, c.req.param("pattern"), "pattern"))));
