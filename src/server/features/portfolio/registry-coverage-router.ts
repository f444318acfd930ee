import { publicProcedure, router } from "../../trpc/init.ts";
import { getRegistryCoverage } from "./registry-coverage.ts";

/** The public coverage page's query; GET /api/registry-coverage answers the same (registry-coverage-rest.ts). */
export const registryCoverageRouter = router({
  get: publicProcedure.query(({ ctx }) => getRegistryCoverage(ctx.db, ctx.config)),
});
