import { authRouter } from "../features/auth/router.ts";
import { catalogueRouter } from "../features/catalogue/router.ts";
import { portfolioRouter } from "../features/portfolio/router.ts";
import { pricesCachedQueries, pricesRouter } from "../features/prices/router.ts";
import { providersRouter } from "../features/providers/router.ts";
import type { CachedQuery } from "../lib/trpc-cached-get.ts";
import { router } from "./init.ts";

export const appRouter = router({
  auth: authRouter,
  catalogue: catalogueRouter,
  portfolio: portfolioRouter,
  prices: pricesRouter,
  providers: providersRouter,
});

export type AppRouter = typeof appRouter;

const under = (name: keyof typeof appRouter, queries: Record<string, CachedQuery>) =>
  Object.fromEntries(Object.entries(queries).map(([path, query]) => [`${name}.${path}`, query]));

/** Public queries whose GETs are answered from cached JSON (lib/trpc-cached-get.ts), by full path. */
export const cachedQueries: Record<string, CachedQuery> = {
  ...under("prices", pricesCachedQueries),
};
