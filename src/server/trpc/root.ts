import { catalogueRouter } from "../features/catalogue/router.ts";
import { pricesRouter } from "../features/prices/router.ts";
import { providersRouter } from "../features/providers/router.ts";
import { router } from "./init.ts";

export const appRouter = router({
  catalogue: catalogueRouter,
  prices: pricesRouter,
  providers: providersRouter,
});

export type AppRouter = typeof appRouter;
