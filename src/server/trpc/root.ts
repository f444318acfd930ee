import { accountsRouter } from "../features/accounts/router.ts";
import { apiDocsRouter } from "../features/api-docs/router.ts";
import { apiKeysRouter } from "../features/api-keys/router.ts";
import { accountRouter, adminUsersRouter } from "../features/auth/account-router.ts";
import { authRouter } from "../features/auth/router.ts";
import { catalogueRouter } from "../features/catalogue/router.ts";
import { priceChecksRouter } from "../features/price-checks/router.ts";
import { priceEngineRouter } from "../features/price-engine/router.ts";
import { contactRouter } from "../features/contact/router.ts";
import { notificationsRouter } from "../features/notifications/router.ts";
import { monitoringRouter } from "../features/monitoring/router.ts";
import { portfolioRouter } from "../features/portfolio/router.ts";
import { registryCoverageRouter } from "../features/portfolio/registry-coverage-router.ts";
import { pricesCachedQueries, pricesRouter } from "../features/prices/router.ts";
import { providersRouter } from "../features/providers/router.ts";
import { redirectsRouter } from "../features/redirects/router.ts";
import { siteRouter } from "../features/site/router.ts";
import { statusRouter } from "../features/status/router.ts";
import type { CachedQuery } from "../lib/trpc-cached-get.ts";
import { router } from "./init.ts";

export const appRouter = router({
  account: accountRouter,
  accounts: accountsRouter,
  adminUsers: adminUsersRouter,
  apiDocs: apiDocsRouter,
  apiKeys: apiKeysRouter,
  auth: authRouter,
  catalogue: catalogueRouter,
  monitoring: monitoringRouter,
  notifications: notificationsRouter,
  portfolio: portfolioRouter,
  priceChecks: priceChecksRouter,
  priceEngine: priceEngineRouter,
  prices: pricesRouter,
  providers: providersRouter,
  redirects: redirectsRouter,
  registryCoverage: registryCoverageRouter,
  contact: contactRouter,
  site: siteRouter,
  status: statusRouter,
});

export type AppRouter = typeof appRouter;

const under = (name: keyof typeof appRouter, queries: Record<string, CachedQuery>) =>
  Object.fromEntries(Object.entries(queries).map(([path, query]) => [`${name}.${path}`, query]));

/** Public queries whose GETs are answered from cached JSON (lib/trpc-cached-get.ts), by full path. */
export const cachedQueries: Record<string, CachedQuery> = {
  ...under("prices", pricesCachedQueries),
};
