/** Inputs of the admin's unusual-price list (decision 059), shared by the admin page and the server. */
import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../constants.ts";
import { SOURCE_DIFFERENCE_PERCENT_RANGE } from "../price-checks.ts";
import { intParam } from "./int-param.ts";

export const unusualPriceQuerySchema = z.object({
  page: intParam("page", 1, 1_000_000).default(1),
  limit: intParam("limit", 1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type UnusualPriceQuery = z.infer<typeof unusualPriceQuerySchema>;

export const PRICE_REVIEW_DECISIONS = ["confirmed", "hidden"] as const;

const { min, max } = SOURCE_DIFFERENCE_PERCENT_RANGE;
const SHARE = `percent must be a whole number from ${min} to ${max}`;
export const priceCheckShareSchema = z.object({
  percent: z.number({ error: SHARE }).int(SHARE).min(min, SHARE).max(max, SHARE),
});
