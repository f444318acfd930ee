import { z } from "zod";
import { registrarAccountCreateSchema, registrarAccountIdSchema } from "../../../shared/schemas/registrar-account.ts";
import { authedProcedure, router } from "../../trpc/init.ts";
import {
  createAccount, getAccount, getSyncState, listAccounts, listConnectableProviders, queueAccountSync, removeAccount, testAccountConnection,
} from "./service.ts";

const byId = z.object({ id: registrarAccountIdSchema });

export const accountsRouter = router({
  list: authedProcedure.query(({ ctx }) => listAccounts(ctx, ctx.user.id)),
  getById: authedProcedure.input(byId).query(({ ctx, input }) => getAccount(ctx, ctx.user.id, input.id)),
  providers: authedProcedure.query(({ ctx }) => listConnectableProviders(ctx)),
  create: authedProcedure.input(registrarAccountCreateSchema).mutation(({ ctx, input }) => createAccount(ctx, ctx.user.id, input)),
  testConnection: authedProcedure.input(byId).mutation(({ ctx, input }) => testAccountConnection(ctx, ctx.user.id, input.id)),
  syncNow: authedProcedure.input(byId).mutation(({ ctx, input }) => queueAccountSync(ctx, ctx.user.id, input.id)),
  syncState: authedProcedure.input(byId.extend({ jobId: z.string().min(1).max(100) }))
    .query(({ ctx, input }) => getSyncState(ctx, ctx.user.id, input.id, input.jobId)),
  remove: authedProcedure.input(byId).mutation(({ ctx, input }) => removeAccount(ctx, ctx.user.id, input.id)),
});
