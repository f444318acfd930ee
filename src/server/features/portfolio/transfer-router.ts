import { z } from "zod";
import { displayCurrencyQuerySchema } from "../../../shared/schemas/currency.ts";
import { transferRulePatternSchema, transferRuleSchema, transferStateSchema } from "../../../shared/schemas/transfer-plan.ts";
import { userDomainIdSchema } from "../../../shared/schemas/user-domain.ts";
import { adminProcedure, authedProcedure, router } from "../../trpc/init.ts";
import { getTransferPlan, getTransferVerdict, setTransferState } from "./transfer-plan.ts";
import { listTransferRules, removeTransferRule, saveTransferRule } from "./transfer-rules.ts";

const byId = z.object({ id: userDomainIdSchema });

/** The transfer plan (transfer-plan.ts) and the administrators' transfer rules (transfer-rules.ts). */
export const transferRouter = router({
  /** One domain's verdict and window, in the display currency (USD by default). */
  verdict: authedProcedure.input(byId.extend(displayCurrencyQuerySchema.shape)).query(({ ctx, input }) =>
    getTransferVerdict(ctx.db, ctx.user.id, input.id, ctx.config.PRICE_STALE_DAYS, input.currency)),
  plan: authedProcedure.input(displayCurrencyQuerySchema.optional()).query(({ ctx, input }) =>
    getTransferPlan(ctx.db, ctx.user.id, ctx.config.PRICE_STALE_DAYS, input?.currency)),
  setState: authedProcedure.input(transferStateSchema.extend({ id: userDomainIdSchema })).mutation(({ ctx, input: { id, ...state } }) =>
    setTransferState(ctx.db, ctx.user.id, id, state, ctx.config.PRICE_STALE_DAYS)),
  rules: router({
    list: adminProcedure.query(({ ctx }) => listTransferRules(ctx.db)),
    save: adminProcedure.input(transferRuleSchema).mutation(({ ctx, input }) => saveTransferRule(ctx, input)),
    remove: adminProcedure.input(z.object({ pattern: transferRulePatternSchema })).mutation(({ ctx, input }) => removeTransferRule(ctx, input.pattern)),
  }),
});
