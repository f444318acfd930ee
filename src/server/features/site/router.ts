import { publicProcedure, router } from "../../trpc/init.ts";
import { getSiteSettings } from "./service.ts";

export const siteRouter = router({
  settings: publicProcedure.query(({ ctx }) => getSiteSettings(ctx.config)),
});
