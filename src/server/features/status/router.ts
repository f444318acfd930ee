import { publicProcedure, router } from "../../trpc/init.ts";
import { getSystemStatus } from "./service.ts";

export const statusRouter = router({
  get: publicProcedure.query(({ ctx }) => getSystemStatus(ctx.db, ctx.queue, ctx.priceSources)),
});
