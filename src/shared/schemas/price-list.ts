import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, TLD_CATEGORIES, TLD_QUOTES_PAGE_SIZE } from "../constants.ts";
import { PRICE_SORT_FIELDS } from "../price-list.ts";
import { currencyCodeSchema } from "./currency.ts";
import { intParam } from "./int-param.ts";

export type { PriceSortField } from "../price-list.ts";

/** Query of GET /api/domain-prices and prices.list; strings from a URL are coerced. */
export const priceListQuerySchema = z.object({
  page: intParam("page", 1, 1_000_000).default(1),
  limit: intParam("limit", 1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sortBy: z.enum(PRICE_SORT_FIELDS, { error: `sortBy must be one of ${PRICE_SORT_FIELDS.join(", ")}` }).default("tldName"),
  sortOrder: z.enum(["asc", "desc"], { error: "sortOrder must be asc or desc" }).default("asc"),
  search: z.string().trim().max(100, "search must be at most 100 characters").optional(),
  category: z
    .enum(["all", ...TLD_CATEGORIES], { error: `category must be one of all, ${TLD_CATEGORIES.join(", ")}` })
    .optional(),
  /** One TLD by name (with or without the dot): the list narrowed to that row. */
  tld: z
    .string()
    .trim()
    .min(1, "tld must not be empty")
    .max(80, "tld must be at most 80 characters")
    .transform((v) => v.replace(/^\./, "").toLowerCase())
    .optional(),
  /** Rows to skip; given, it takes the place of page. */
  offset: intParam("offset", 0, 100_000_000).optional(),
  /** Display currency: each row and quote also gets its prices in it (`display`). */
  currency: currencyCodeSchema.optional(),
});
export type PriceListQuery = z.infer<typeof priceListQuerySchema>;

/** A path id for TLDs: numeric id or a name, with or without the leading dot. */
export const tldKeySchema = z
  .string()
  .trim()
  .min(1, "TLD id is required")
  .max(80, "TLD id is too long")
  .transform((v) => v.replace(/^\./, "").toLowerCase());

/** The most quotes one page of a TLD's quotes holds. */
export const TLD_QUOTES_MAX_LIMIT = 200;
const tldQuotesOffset = intParam("offset", 0, 100_000);
const tldQuotesLimit = intParam("limit", 1, TLD_QUOTES_MAX_LIMIT);

/** The figures a TLD's quotes can be ordered by (in the display currency where a quote has one). */
export const TLD_QUOTE_SORT_FIELDS = ["registrationPrice", "renewalPrice", "transferPrice"] as const;
export type TldQuoteSortField = (typeof TLD_QUOTE_SORT_FIELDS)[number];
const tldQuotesSortBy = z.enum(TLD_QUOTE_SORT_FIELDS, { error: `sortBy must be one of ${TLD_QUOTE_SORT_FIELDS.join(", ")}` });
const tldQuotesSortOrder = z.enum(["asc", "desc"], { error: "sortOrder must be asc or desc" });

/** prices.byTldPage: one page of a TLD's quotes, cheapest registration first unless sortBy says another figure. */
export const tldQuotesPageSchema = z.object({
  tldId: tldKeySchema,
  currency: currencyCodeSchema.optional(),
  offset: tldQuotesOffset.default(0),
  limit: tldQuotesLimit.default(TLD_QUOTES_PAGE_SIZE),
  sortBy: tldQuotesSortBy.default("registrationPrice"),
  sortOrder: tldQuotesSortOrder.default("asc"),
});
export type TldQuotesPageQuery = z.infer<typeof tldQuotesPageSchema>;

/**
 * Query of GET /api/domain-prices/tld/{id}. Without limit and offset the answer is every quote,
 * as it always was; with either, one page of them (limit defaults to the most a page may hold).
 */
export const tldQuotesQuerySchema = z.object({
  currency: currencyCodeSchema.optional(),
  limit: tldQuotesLimit.optional(),
  offset: tldQuotesOffset.optional(),
  sortBy: tldQuotesSortBy.optional(),
  sortOrder: tldQuotesSortOrder.optional(),
});

export const providerIdSchema = z.coerce
  .number({ error: "Invalid registrar ID" })
  .int("Invalid registrar ID")
  .positive("Invalid registrar ID")
  .max(2_147_483_647, "Invalid registrar ID");
