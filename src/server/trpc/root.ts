import { accountsRouter } from "../features/accounts/router.ts";
import { authRouter } from "../features/auth/router.ts";
import { catalogueRouter } from "../features/catalogue/router.ts";
import { portfolioRouter } from "../features/portfolio/router.ts";
import { pricesRouter } from "../features/prices/router.ts";
import { providersRouter } from "../features/providers/router.ts";
import { router } from "./init.ts";

export const appRouter = router({
  accounts: accountsRouter,
  auth: authRouter,
  catalogue: catalogueRouter,
  portfolio: portfolioRouter,
  prices: pricesRouter,
  providers: providersRouter,
});

export type AppRouter = typeof appRouter;
