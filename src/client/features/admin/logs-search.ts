/** The /admin/logs search params: filters and page live in the URL (lib/url-state.ts). */
import type { PriceLogQueryInput } from "../../../shared/schemas/admin.ts";
import { DEFAULT_PAGE_SIZE } from "../../../shared/constants.ts";
import { pageParam, textParam, urlStateCodec } from "../../lib/url-state.ts";

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
  const { status, provider } = raw;
  const page = pageParam(raw.page);
  if (page !== undefined) search.page = page;
  const text = textParam(raw.search, 100);
  if (text !== undefined) search.search = text;
  if (status === "all" || LOG_STATUSES.includes(status as never)) search.status = status as LogStatusFilter;
  if (typeof provider === "string" && (provider === "all" || DOMAIN.test(provider.toLowerCase()))) search.provider = provider.toLowerCase();
  return search;
}

export const logsUrlState = urlStateCodec<LogsState>(DEFAULT_LOGS_STATE);
export const { fromSearch: logsStateFrom, toSearch: logsSearchFrom } = logsUrlState;

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
