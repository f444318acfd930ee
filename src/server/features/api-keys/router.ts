import { z } from "zod";
import { apiKeyCreateSchema, apiKeyIdSchema } from "../../../shared/schemas/api-key.ts";
import { authedProcedure, router } from "../../trpc/init.ts";
import { createApiKey, listApiKeys, removeApiKey } from "./service.ts";

export const apiKeysRouter = router({
  list: authedProcedure.query(({ ctx }) => listApiKeys(ctx.db, ctx.user.id)),
  /** The secret is in this answer only: the server keeps its hash. */
  create: authedProcedure.input(apiKeyCreateSchema).mutation(({ ctx, input }) => createApiKey(ctx, input)),
  remove: authedProcedure.input(z.object({ id: apiKeyIdSchema })).mutation(({ ctx, input }) => removeApiKey(ctx.db, ctx.user.id, input.id)),
});
