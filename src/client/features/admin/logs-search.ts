/**
 * The /admin/logs search params: filters and page live in the URL, so a view can be shared,
 * reloaded and reached again with Back. Hand-written rather than zod for the same reason as
 * the /tlds validator: route validators ship in the first-load bundle, and zod is not in it.
 */
import type { PriceLogQueryInput } from "../../../shared/schemas/admin.ts";
import { DEFAULT_PAGE_SIZE } from "../../../shared/constants.ts";

/** PRICE_LOG_STATUSES of the shared schema, repeated to keep zod out; a test keeps them equal. */
export const LOG_STATUSES = ["success", "error", "pending", "timeout"] as const satisfies readonly NonNullable<PriceLogQueryInput["status"]>[];
export type LogStatusFilter = "all" | (typeof LOG_STATUSES)[number];

export interface LogsState {
  page: number;
  search: string;
  status: LogStatusFilter;
  /** A provider's domain, or "all". */
  provider: string;
}

export type LogsSearch = Partial<LogsState>;
export const DEFAULT_LOGS_STATE: LogsState = { page: 1, search: "", status: "all", provider: "all" };

const DOMAIN = /^[a-z0-9.-]{1,253}$/;

/** A bad value is dropped rather than shown as an error page: a mistyped link still shows the logs. */
export function validateLogsSearch(raw: Record<string, unknown>): LogsSearch {
  const search: LogsSearch = {};
  const { page, status, provider } = raw;
  if (typeof page === "number" && Number.isInteger(page) && page >= 1 && page <= 1_000_000) search.page = page;
  // The router reads "?search=123" as the number 123; a search for it is still text.
  if (typeof raw.search === "string" || typeof raw.search === "number") search.search = String(raw.search).slice(0, 100);
  if (status === "all" || LOG_STATUSES.includes(status as never)) search.status = status as LogStatusFilter;
  if (typeof provider === "string" && (provider === "all" || DOMAIN.test(provider.toLowerCase()))) search.provider = provider.toLowerCase();
  return search;
}

export const logsStateFrom = (search: LogsSearch): LogsState => ({ ...DEFAULT_LOGS_STATE, ...search });

/** Only what differs from the defaults goes into the URL. */
export function logsSearchFrom(state: LogsState): LogsSearch {
  const search: LogsSearch = {};
  for (const key of Object.keys(DEFAULT_LOGS_STATE) as Array<keyof LogsState>) {
    if (state[key] !== DEFAULT_LOGS_STATE[key]) Object.assign(search, { [key]: state[key] });
  }
  return search;
}

/** Any filter change shows a different set of rows, so it starts again on page 1. */
export function withFilter<K extends "search" | "status" | "provider">(state: LogsState, key: K, value: LogsState[K]): LogsState {
  return state[key] === value ? state : { ...state, [key]: value, page: 1 };
}

/** The priceEngine.priceLogs input; `limit` is the General Settings' items per page (20 by the spec's default). */
export function logsQueryInput(state: LogsState, limit = DEFAULT_PAGE_SIZE) {
  return {
    page: state.page,
    limit,
    ...(state.search.trim() ? { search: state.search.trim() } : {}),
    ...(state.status !== "all" ? { status: state.status } : {}),
    ...(state.provider !== "all" ? { provider: state.provider } : {}),
  };
}
