/**
 * Portfolio rules: entries belong to one user (another user's id is simply "not found"), the
 * TLD (or second-level suffix, for example.co.uk) is derived from the domain or must match it, the provider must exist, expiry follows
 * registration, and a domain appears once per portfolio.
 */
import type { Db } from "../../../../db/client.ts";
import {
  registryProgress, requestRegistryCheck, resetRegistryRecord, setOwnDatesOverride, type RegistryProgress,
} from "../../../../db/repositories/registry-record-repository.ts";
import { findServiceProvider } from "../../../../db/repositories/service-provider-repository.ts";
import { listTldsByNames } from "../../../../db/repositories/tld-repository.ts";
import {
  deleteUserDomain, findUserDomain, insertUserDomainWithinLimit, keepDepartedUserDomain, listUserDomainPage, updateUserDomain,
  type UserDomainValues,
} from "../../../../db/repositories/user-domain-repository.ts";
import { bareSuffixMessage, candidateSuffixes, extractTld, splitDomain } from "../../../shared/domain-name.ts";
import {
  autoRenewAsked, DATES_ORDER_MESSAGE, datesInOrder, type UserDomainCreateInput, type UserDomainUpdateInput,
} from "../../../shared/schemas/user-domain.ts";
import type { PortfolioListQuery } from "../../../shared/schemas/portfolio-list.ts";
import { badRequest, conflict, notFound, tooManyRequests } from "../../lib/errors.ts";
import { consume, refund } from "../../lib/rate-limiter.ts";
import { addLimitMessage } from "../../domain/portfolio-limit.ts";
import { requestRegistryChecks } from "../../domain/registry-checks.ts";
import type { RequestContext } from "../../trpc/context.ts";
import { moneyConverter, portfolioConverter } from "./display.ts";
import { PortfolioMoney } from "./money.ts";
import { priceEntries, toUserDomainItem, type UserDomainItem } from "./item.ts";

const fieldError = (field: string, message: string) => badRequest(message, [{ field, message }]);
export const duplicateMessage = (domain: string) => `${domain} is already in your portfolio`;

/**
 * The catalogue row a domain belongs to: the entered TLD text when given, else the domain's
 * longest catalogue suffix (example.co.uk → co.uk, not uk). `tlds` holds the catalogue rows
 * among lookupNames(domain, entered). A bare suffix ("co.uk") is not a domain.
 */
export function matchTld(
  domain: string, entered: string | undefined, tlds: { id: number; name: string; unicodeName: string | null }[],
): { id: number } | { field: string; message: string } {
  const known = new Set(tlds.map((t) => t.name));
  if (known.has(domain)) return { field: "domainName", message: bareSuffixMessage(domain) };
  const extension = splitDomain(domain, (name) => known.has(name))?.suffix ?? extractTld(domain);
  const key = entered ?? extension;
  const tld = tlds.find((t) => t.name === key || t.unicodeName === key);
  if (!tld) {
    return entered
      ? { field: "tldId", message: `".${entered}" is not a known top-level domain` }
      : { field: "domainName", message: `".${extension}" is not a known top-level domain` };
  }
  if (tld.name !== extension) return { field: "tldId", message: `TLD ".${tld.name}" does not match the domain's extension ".${extension}"` };
  return { id: tld.id };
}

/** The catalogue names matchTld needs to see: every suffix the domain could have, the domain itself, the entered TLD. */
export const lookupNames = (domain: string, entered?: string) => [domain, ...candidateSuffixes(domain), ...(entered ? [entered] : [])];

async function resolveTldId(db: Db, domain: string, entered: string | undefined): Promise<number> {
  const match = matchTld(domain, entered, await listTldsByNames(db, [...new Set(lookupNames(domain, entered))]));
  if ("field" in match) throw fieldError(match.field, match.message);
  return match.id;
}

async function assertProvider(db: Db, id: number | null) {
  if (id !== null && !(await findServiceProvider(db, id))) throw fieldError("serviceProviderId", "Service provider not found");
}

/**
 * With a display currency, prices are also given in it (an unknown one is a 400). `staleDays`
 * (PRICE_STALE_DAYS) judges the quotes behind the entry's prices, here and below.
 */
async function itemOrThrow(db: Db, userId: number, id: number, staleDays: number, currency?: string): Promise<UserDomainItem> {
  const now = new Date();
  const stored = await findUserDomain(db, userId, id);
  if (!stored) throw notFound("Domain not found");
  const [row] = await priceEntries(db, [stored], now, staleDays);
  const money = new PortfolioMoney(await moneyConverter(db, currency, [row!]), now, staleDays);
  return toUserDomainItem(row!, money, await portfolioConverter(db, currency, [row!]));
}

/** One page of the portfolio, like a page of the price list (shared/price-quote.ts PricePage). */
export interface PortfolioPage {
  data: UserDomainItem[];
  /** Entries matching the search (all of them without one). */
  total: number;
  /** The page the first entry is on (offset / limit + 1, rounded down). */
  page: number;
  limit: number;
  /** Entries skipped before this page. */
  offset: number;
  totalPages: number;
}

/**
 * One page of the user's portfolio, ordered and narrowed by the query; a page past the end is
 * empty. Totals over the whole portfolio are the summary's (summary.ts).
 */
export async function listPortfolio(db: Db, userId: number, query: PortfolioListQuery, staleDays: number): Promise<PortfolioPage> {
  const now = new Date();
  const offset = query.offset ?? (query.page - 1) * query.limit;
  const page = await listUserDomainPage(db, userId, {
    order: { by: query.sortBy === "expirationDate" ? "expiry" : "name", direction: query.sortOrder },
    limit: query.limit, offset, search: query.search,
  });
  const [rows, total] = [await priceEntries(db, page.rows, now, staleDays), page.total];
  const converter = await portfolioConverter(db, query.currency, rows);
  const money = new PortfolioMoney(await moneyConverter(db, query.currency, rows), now, staleDays);
  return {
    data: rows.map((row) => toUserDomainItem(row, money, converter)),
    total, page: Math.floor(offset / query.limit) + 1, limit: query.limit, offset,
    totalPages: Math.ceil(total / query.limit),
  };
}

/** Entries read per query while the whole portfolio is streamed. */
const WHOLE_PORTFOLIO_CHUNK = 500;

/**
 * The whole portfolio in the query's order (and narrowed by its search), a chunk of entries at a
 * time, so even the largest portfolio is never held in memory at once.
 */
export async function* portfolioInChunks(
  db: Db, userId: number, query: Pick<PortfolioListQuery, "sortBy" | "sortOrder" | "search" | "currency">, staleDays: number,
): AsyncGenerator<UserDomainItem[]> {
  for (let offset = 0; ; offset += WHOLE_PORTFOLIO_CHUNK) {
    const page = await listPortfolio(db, userId, { ...query, page: 1, limit: WHOLE_PORTFOLIO_CHUNK, offset }, staleDays);
    if (page.data.length) yield page.data;
    if (offset + WHOLE_PORTFOLIO_CHUNK >= page.total) return;
  }
}

export const getPortfolioDomain = itemOrThrow;

/** Where a new or renamed entry's registry lookup is queued (it runs in a job, never in the request). */
export type RegistryQueue = Pick<RequestContext, "queue" | "log">;

/**
 * Adds one entry; a portfolio already holding `maxDomains` entries takes no more (409). The
 * count and the insert are one transaction, so parallel adds cannot pass the limit together.
 * Given `registry`, the entry's registry lookup is queued at once (else the periodic run finds it).
 */
export async function createPortfolioDomain(
  db: Db, userId: number, input: UserDomainCreateInput, limits: { maxDomains: number; staleDays: number }, registry?: RegistryQueue,
): Promise<UserDomainItem> {
  const { maxDomains, staleDays } = limits;
  const values: UserDomainValues = {
    domainName: input.domainName,
    tldId: await resolveTldId(db, input.domainName, input.tldId),
    serviceProviderId: input.serviceProviderId ?? null,
    registrationDate: input.registrationDate ?? null,
    expirationDate: input.expirationDate ?? null,
    // Left out, nobody has said: unknown, never "off".
    autoRenew: autoRenewAsked(input) ?? null,
    notes: input.notes ?? null,
  };
  await assertProvider(db, values.serviceProviderId);
  const added = await insertUserDomainWithinLimit(db, userId, values, maxDomains);
  if (added === "duplicate") throw conflict(duplicateMessage(values.domainName));
  if ("held" in added) throw conflict(addLimitMessage(added.held, maxDomains));
  if (registry) await requestRegistryChecks(registry.queue, registry.log);
  return itemOrThrow(db, userId, added.id, staleDays);
}

/** "Check now" requests one user may make per hour (REGISTRY_CHECK_NOW_PER_HOUR). */
const CHECK_NOW_WINDOW_MS = 60 * 60_000;
/** The count of one user's registry Check now requests, and of saves that look a failed entry up again. */
const registryCheckNowKey = (userId: number) => `registry-check-now:${userId}`;

/**
 * Absent fields keep their stored values; null or "" clears an optional one. A renamed entry
 * forgets what the registry said about its old name and is looked up again at once. An entry
 * whose last check failed is looked up again when saved only within the owner's Check now
 * allowance (`checkNowPerHour`, the same count as checkRegistryNow), which the save then uses;
 * past it the entry keeps its schedule of retries.
 */
export async function updatePortfolioDomain(
  db: Db, userId: number, id: number, input: UserDomainUpdateInput, limits: { staleDays: number; checkNowPerHour: number }, registry?: RegistryQueue,
): Promise<UserDomainItem> {
  const { staleDays } = limits;
  const stored = await findUserDomain(db, userId, id);
  if (!stored) throw notFound("Domain not found");
  const domainName = input.domainName ?? stored.domainName;
  const renamed = domainName !== stored.domainName;
  const askedAutoRenew = autoRenewAsked(input);
  const values: UserDomainValues = {
    domainName,
    tldId: input.tldId !== undefined || renamed ? await resolveTldId(db, domainName, input.tldId) : stored.tldId,
    serviceProviderId: input.serviceProviderId !== undefined ? input.serviceProviderId : stored.serviceProviderId,
    registrationDate: input.registrationDate !== undefined ? input.registrationDate : stored.registrationDate,
    expirationDate: input.expirationDate !== undefined ? input.expirationDate : stored.expirationDate,
    autoRenew: askedAutoRenew === undefined ? stored.autoRenew : askedAutoRenew,
    notes: input.notes !== undefined ? input.notes : stored.notes,
  };
  if (!datesInOrder(values.registrationDate, values.expirationDate)) throw fieldError("expirationDate", DATES_ORDER_MESSAGE);
  if (values.serviceProviderId !== stored.serviceProviderId) await assertProvider(db, values.serviceProviderId);
  const result = await updateUserDomain(db, userId, id, values);
  if (result === "missing") throw notFound("Domain not found");
  if (result === "duplicate") throw conflict(duplicateMessage(domainName));
  if (input.useOwnDates !== undefined) await setOwnDatesOverride(db, userId, id, input.useOwnDates, new Date());
  if (renamed) {
    await resetRegistryRecord(db, id, new Date());
    if (registry) await requestRegistryChecks(registry.queue, registry.log);
  } else if (stored.registry?.outcome === "error") {
    const now = new Date();
    if ((await consume(db, registryCheckNowKey(userId), { limit: limits.checkNowPerHour, windowMs: CHECK_NOW_WINDOW_MS, now })).allowed) {
      await requestRegistryCheck(db, userId, id, now);
      if (registry) await requestRegistryChecks(registry.queue, registry.log);
    }
  }
  return itemOrThrow(db, userId, id, staleDays);
}

/**
 * Asks for a registry lookup of one entry now, ahead of the owner's other due entries and
 * without a cached answer; the answer comes from the job within seconds. Limited per user
 * (`perHour`): past it a 429 saying when the next one is allowed (Retry-After).
 */
export async function checkRegistryNow(
  db: Db, userId: number, id: number, limits: { perHour: number; staleDays: number }, registry: RegistryQueue,
): Promise<UserDomainItem> {
  const key = registryCheckNowKey(userId);
  const now = new Date();
  const allowed = await consume(db, key, { limit: limits.perHour, windowMs: CHECK_NOW_WINDOW_MS, now });
  if (!allowed.allowed) {
    const minutes = Math.ceil(allowed.retryAfterSeconds / 60);
    throw tooManyRequests(
      `You can ask for ${limits.perHour} registry checks an hour; the next one is possible in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`,
      allowed.retryAfterSeconds,
    );
  }
  if (!(await requestRegistryCheck(db, userId, id, now))) {
    await refund(db, key, { windowMs: CHECK_NOW_WINDOW_MS, now });
    throw notFound("Domain not found");
  }
  await requestRegistryChecks(registry.queue, registry.log);
  return itemOrThrow(db, userId, id, limits.staleDays);
}

/** How far the registry's first look at the owner's newest entries has got ("214 of 300 checked"), or null when done. */
export const getRegistryProgress = (db: Db, userId: number): Promise<RegistryProgress | null> => registryProgress(db, userId);

/**
 * An entry its registrar account no longer lists stays in the portfolio as one added by hand,
 * detached from the account (409 when the account still lists it: the next sync would link it again).
 */
export async function keepPortfolioDomainAsHandAdded(db: Db, userId: number, id: number, staleDays: number): Promise<UserDomainItem> {
  const result = await keepDepartedUserDomain(db, userId, id);
  if (result === "missing") throw notFound("Domain not found");
  if (result === "listed") throw conflict("This domain is not marked as no longer in its registrar account, so there is nothing to keep");
  return itemOrThrow(db, userId, id, staleDays);
}

export async function removePortfolioDomain(db: Db, userId: number, id: number): Promise<{ id: number; removed: true }> {
  if (!(await deleteUserDomain(db, userId, id))) throw notFound("Domain not found");
  return { id, removed: true };
}
