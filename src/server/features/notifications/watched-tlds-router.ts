import { z } from "zod";
import { watchAddSchema, watchIdSchema, watchUpdateSchema } from "../../../shared/schemas/watched-tld.ts";
import { authedProcedure, router } from "../../trpc/init.ts";
import { addWatch, listWatches, removeWatch, updateWatch } from "./watched-tlds.ts";

const byId = z.object({ id: watchIdSchema });

/** notifications.watches: a user's watched TLDs (the same service as /api/notifications/watches). */
export const watchedTldsRouter = router({
  list: authedProcedure.query(({ ctx }) => listWatches(ctx, ctx.user.id)),
  add: authedProcedure.input(watchAddSchema).mutation(({ ctx, input }) => addWatch(ctx, ctx.user.id, input)),
  update: authedProcedure.input(watchUpdateSchema.extend(byId.shape))
    .mutation(({ ctx, input: { id, ...target } }) => updateWatch(ctx, ctx.user.id, id, target)),
  remove: authedProcedure.input(byId).mutation(({ ctx, input }) => removeWatch(ctx.db, ctx.user.id, input.id)),
});
