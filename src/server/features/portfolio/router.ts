import { z } from "zod";
import {
  importCsvSchema, userDomainCreateSchema, userDomainIdSchema, userDomainUpdateByIdSchema,
} from "../../../shared/schemas/user-domain.ts";
import { displayCurrencyQuerySchema } from "../../../shared/schemas/currency.ts";
import { portfolioListQuerySchema } from "../../../shared/schemas/portfolio-list.ts";
import { authedProcedure, router } from "../../trpc/init.ts";
import { createCalendarToken, revokeCalendarToken } from "./calendar.ts";
import { exportPortfolioCsv, importPortfolioCsv } from "./csv-transfer.ts";
import { getRenewalForecast } from "./forecast-service.ts";
import {
  checkRegistryNow, createPortfolioDomain, getPortfolioDomain, getRegistryProgress, keepPortfolioDomainAsHandAdded, listPortfolio,
  removePortfolioDomain, updatePortfolioDomain,
} from "./service.ts";
import { getPortfolioSummary } from "./summary.ts";
import { domainHistoryInputSchema } from "../../../shared/schemas/domain-history.ts";
import { getDomainHistory } from "./history.ts";
import { transferRouter } from "./transfer-router.ts";

const byId = z.object({ id: userDomainIdSchema });
const inCurrency = displayCurrencyQuerySchema.optional();
/** Without input: the first page, by name. */
const listInput = portfolioListQuerySchema.optional().transform((v) => v ?? portfolioListQuerySchema.parse({}));

export const portfolioRouter = router({
  /** One page of the portfolio (PortfolioPage); the summary totals the whole of it. */
  list: authedProcedure.input(listInput).query(({ ctx, input }) => listPortfolio(ctx.db, ctx.user.id, input, ctx.config.PRICE_STALE_DAYS)),
  getById: authedProcedure.input(byId.extend(displayCurrencyQuerySchema.shape)).query(({ ctx, input }) =>
    getPortfolioDomain(ctx.db, ctx.user.id, input.id, ctx.config.PRICE_STALE_DAYS, input.currency)),
  create: authedProcedure.input(userDomainCreateSchema).mutation(({ ctx, input }) =>
    createPortfolioDomain(ctx.db, ctx.user.id, input, { maxDomains: ctx.config.PORTFOLIO_MAX_DOMAINS, staleDays: ctx.config.PRICE_STALE_DAYS }, ctx)),
  update: authedProcedure.input(userDomainUpdateByIdSchema).mutation(({ ctx, input: { id, ...fields } }) =>
    updatePortfolioDomain(ctx.db, ctx.user.id, id, fields, { staleDays: ctx.config.PRICE_STALE_DAYS, checkNowPerHour: ctx.config.REGISTRY_CHECK_NOW_PER_HOUR }, ctx)),
  remove: authedProcedure.input(byId).mutation(({ ctx, input }) => removePortfolioDomain(ctx.db, ctx.user.id, input.id)),
  /** An entry its account no longer lists (departedAt set) stays, detached from the account, as added by hand. */
  keepAsHandAdded: authedProcedure.input(byId).mutation(({ ctx, input }) =>
    keepPortfolioDomainAsHandAdded(ctx.db, ctx.user.id, input.id, ctx.config.PRICE_STALE_DAYS)),
  /** Look the entry up at its registry now (limited per user: TOO_MANY_REQUESTS past REGISTRY_CHECK_NOW_PER_HOUR). */
  checkNow: authedProcedure.input(byId).mutation(({ ctx, input }) =>
    checkRegistryNow(ctx.db, ctx.user.id, input.id, { perHour: ctx.config.REGISTRY_CHECK_NOW_PER_HOUR, staleDays: ctx.config.PRICE_STALE_DAYS }, ctx)),
  /** The entry's history, newest first: `before` (an event id) pages to older events. */
  history: authedProcedure.input(domainHistoryInputSchema).query(({ ctx, input: { id, ...page } }) => getDomainHistory(ctx.db, ctx.user, id, page)),
  /** { checked, total } of the newest entries' first registry lookups, or null when all are done. */
  registryProgress: authedProcedure.query(({ ctx }) => getRegistryProgress(ctx.db, ctx.user.id)),
  summary: authedProcedure.input(inCurrency).query(({ ctx, input }) => getPortfolioSummary(ctx.db, ctx.user.id, ctx.config.PRICE_STALE_DAYS, new Date(), input?.currency)),
  /** The next twelve months' renewals per month and registrar (forecast.ts), in the display currency (USD by default). */
  forecast: authedProcedure.input(inCurrency).query(({ ctx, input }) =>
    getRenewalForecast(ctx.db, ctx.user.id, ctx.config.PRICE_STALE_DAYS, input?.currency)),
  /** The whole portfolio as CSV, its money columns in the display currency (USD by default). */
  exportCsv: authedProcedure.input(inCurrency).query(async ({ ctx, input }) => ({
    filename: `domain-portfolio-${new Date().toISOString().slice(0, 10)}.csv`,
    csv: await exportPortfolioCsv(ctx.db, ctx.user.id, ctx.config.PRICE_STALE_DAYS, input?.currency),
  })),
  importCsv: authedProcedure.input(importCsvSchema).mutation(({ ctx, input }) =>
    importPortfolioCsv(ctx.db, ctx.user.id, input.csv, ctx.config.PORTFOLIO_MAX_DOMAINS, ctx)),
  /** Creates or rotates the feed secret; the URL is shown once (only its hash is stored). */
  calendarToken: authedProcedure.input(inCurrency).mutation(({ ctx, input }) => createCalendarToken(ctx.db, ctx.user.id, ctx.origin, input?.currency)),
  revokeCalendarToken: authedProcedure.mutation(({ ctx }) => revokeCalendarToken(ctx.db, ctx.user.id)),
  /** Is moving worth it, and when: per domain and over the portfolio, with the administrators' transfer rules. */
  transfer: transferRouter,
});
