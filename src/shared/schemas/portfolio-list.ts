import { z } from "zod";
import {
  PORTFOLIO_DEFAULT_PAGE_SIZE, PORTFOLIO_MAX_PAGE_SIZE, PORTFOLIO_SEARCH_MAX, PORTFOLIO_SORT_FIELDS,
} from "../portfolio-list.ts";
import { currencyCodeSchema } from "./currency.ts";
import { intParam } from "./int-param.ts";

/**
 * Query of GET /api/user-domains and input of portfolio.list: one page of the portfolio,
 * ordered and narrowed on the server (strings from a URL are coerced).
 */
export const portfolioListQuerySchema = z.object({
  page: intParam("page", 1, 1_000_000).default(1),
  limit: intParam("limit", 1, PORTFOLIO_MAX_PAGE_SIZE).default(PORTFOLIO_DEFAULT_PAGE_SIZE),
  /** Entries to skip; given, it takes the place of page. */
  offset: intParam("offset", 0, 100_000_000).optional(),
  sortBy: z.enum(PORTFOLIO_SORT_FIELDS, { error: `sortBy must be one of ${PORTFOLIO_SORT_FIELDS.join(", ")}` }).default("domainName"),
  sortOrder: z.enum(["asc", "desc"], { error: "sortOrder must be asc or desc" }).default("asc"),
  /** Text the domain name contains (case-insensitive). */
  search: z.string({ error: "search must be text" }).trim().toLowerCase()
    .max(PORTFOLIO_SEARCH_MAX, `search must be at most ${PORTFOLIO_SEARCH_MAX} characters`).optional(),
  /** Display currency: each entry's prices also in it (`display`). */
  currency: currencyCodeSchema.optional(),
});
export type PortfolioListQuery = z.output<typeof portfolioListQuerySchema>;
