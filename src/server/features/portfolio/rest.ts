/**
 * REST doors to the portfolio (spec section 7) plus CSV and calendar endpoints. Everything
 * under /user-domains needs a session; the calendar feed is authorised by its URL token.
 */
import { Hono, type Context } from "hono";
import { stream } from "hono/streaming";
import { displayCurrencyQuerySchema } from "../../../shared/schemas/currency.ts";
import { portfolioListQuerySchema } from "../../../shared/schemas/portfolio-list.ts";
import { importCsvSchema, userDomainCreateSchema, userDomainIdSchema, userDomainUpdateSchema } from "../../../shared/schemas/user-domain.ts";
import { requireUser } from "../../lib/auth-guards.ts";
import { notFound } from "../../lib/errors.ts";
import { readJsonBody } from "../../lib/json-body.ts";
import { parseOrThrow, pathId, queryOf, type AppEnv } from "../../lib/hono-env.ts";
import type { SessionUser } from "../../trpc/context.ts";
import { createCalendarToken, renderCalendarFeed, revokeCalendarToken } from "./calendar.ts";
import { exportPortfolioCsv, importPortfolioCsv } from "./csv-transfer.ts";
import { getRenewalForecast, getRenewalForecastWithDomains, renewalForecastCsv, renewalForecastDomainsCsv } from "./forecast-service.ts";
import {
  checkRegistryNow, createPortfolioDomain, getPortfolioDomain, getRegistryProgress, keepPortfolioDomainAsHandAdded, listPortfolio,
  portfolioInChunks, removePortfolioDomain, updatePortfolioDomain,
} from "./service.ts";
import { getPortfolioSummary } from "./summary.ts";
import { domainHistoryQuerySchema } from "../../../shared/schemas/domain-history.ts";
import { getDomainHistory } from "./history.ts";
import { transferRest } from "./transfer-rest.ts";

const userOf = (c: Context<AppEnv>): SessionUser => c.var.ctx.user!;
/** Any of these in the query asks GET /user-domains for one page in an envelope instead of the whole list. */
const PAGING_PARAMETERS = ["page", "limit", "offset"] as const;
const maxDomainsOf = (c: Context<AppEnv>) => c.var.ctx.config.PORTFOLIO_MAX_DOMAINS;
/** PRICE_STALE_DAYS, which judges the quotes behind every portfolio price. */
const staleDaysOf = (c: Context<AppEnv>) => c.var.ctx.config.PRICE_STALE_DAYS;
const currencyOf = (c: Context<AppEnv>) => parseOrThrow(displayCurrencyQuerySchema, queryOf(c), "query").currency;

const idOf = (c: Context<AppEnv>) => pathId(c, userDomainIdSchema, "Domain not found");

/** text/csv, JSON {csv}, or a multipart form with a `file` field. */
async function csvText(c: Context<AppEnv>): Promise<string> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) return parseOrThrow(importCsvSchema, await readJsonBody(c), "body").csv;
  if (type.includes("multipart/form-data")) {
    const file = (await c.req.parseBody()).file;
    return typeof file === "string" ? file : file ? await file.text() : "";
  }
  return c.req.text();
}

export const portfolioRest = new Hono<AppEnv>()
  .route("/", transferRest)
  .get("/calendar/:file", async (c) => {
    const file = c.req.param("file");
    if (!file.endsWith(".ics")) throw notFound("Calendar not found");
    // ?currency= (from the feed's URL) names the amounts' currency; USD without it.
    const body = await renderCalendarFeed(c.var.ctx.db, file.slice(0, -4), staleDaysOf(c), currencyOf(c));
    c.header("Content-Type", "text/calendar; charset=utf-8");
    c.header("Content-Disposition", 'inline; filename="domain-expirations.ics"');
    c.header("Cache-Control", "private, max-age=300");
    return c.body(body);
  })
  .use("/user-domains/*", requireUser) // also matches /user-domains itself
  // The specification's "the user's domains": a plain list of all of them, streamed. With a paging
  // parameter (page, limit or offset; at most 100 a page) one page in an envelope. Both take
  // sortBy=domainName|expirationDate, sortOrder, search and currency.
  .get("/user-domains", async (c) => {
    const raw = queryOf(c);
    const query = parseOrThrow(portfolioListQuerySchema, raw, "query");
    if (PAGING_PARAMETERS.some((name) => raw[name] !== undefined)) {
      return c.json(await listPortfolio(c.var.ctx.db, userOf(c).id, query, staleDaysOf(c)));
    }
    const chunks = portfolioInChunks(c.var.ctx.db, userOf(c).id, query, staleDaysOf(c));
    // The first chunk is read before answering, so a failure still gets its error status.
    const first = await chunks.next();
    c.header("Content-Type", "application/json; charset=UTF-8");
    return stream(c, async (out) => {
      await out.write("[");
      let comma = "";
      for (let next = first; !next.done; next = await chunks.next()) {
        await out.write(comma + next.value.map((item) => JSON.stringify(item)).join(","));
        comma = ",";
      }
      await out.write("]");
    });
  })
  .post("/user-domains", async (c) => {
    const input = parseOrThrow(userDomainCreateSchema, await readJsonBody(c), "body");
    return c.json(await createPortfolioDomain(c.var.ctx.db, userOf(c).id, input, { maxDomains: maxDomainsOf(c), staleDays: staleDaysOf(c) }, c.var.ctx), 201);
  })
  .get("/user-domains/summary", async (c) => c.json(await getPortfolioSummary(c.var.ctx.db, userOf(c).id, staleDaysOf(c), new Date(), currencyOf(c))))
  .get("/user-domains/export.csv", async (c) => {
    const csv = await exportPortfolioCsv(c.var.ctx.db, userOf(c).id, staleDaysOf(c), currencyOf(c));
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="domain-portfolio-${new Date().toISOString().slice(0, 10)}.csv"`);
    return c.body(csv);
  })
  // The next twelve months' renewals (?currency=, USD by default), as JSON or as a CSV download.
  .get("/user-domains/forecast", async (c) => c.json(await getRenewalForecast(c.var.ctx.db, userOf(c).id, staleDaysOf(c), currencyOf(c))))
  .get("/user-domains/forecast.csv", async (c) => {
    const forecast = await getRenewalForecast(c.var.ctx.db, userOf(c).id, staleDaysOf(c), currencyOf(c));
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="renewal-forecast-${forecast.from}-${forecast.currency}.csv"`);
    return c.body(renewalForecastCsv(forecast));
  })
  // The same forecast, one record per domain in its figures (they add up to forecast.csv's records).
  .get("/user-domains/forecast-domains.csv", async (c) => {
    const forecast = await getRenewalForecastWithDomains(c.var.ctx.db, userOf(c).id, staleDaysOf(c), currencyOf(c));
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="renewal-forecast-domains-${forecast.from}-${forecast.currency}.csv"`);
    return c.body(renewalForecastDomainsCsv(forecast));
  })
  // How far the registry's first look at the newest entries has got: { progress: { checked, total } | null }.
  .get("/user-domains/registry-progress", async (c) => c.json({ progress: await getRegistryProgress(c.var.ctx.db, userOf(c).id) }))
  .post("/user-domains/import", async (c) => c.json(await importPortfolioCsv(c.var.ctx.db, userOf(c).id, await csvText(c), maxDomainsOf(c), c.var.ctx)))
  .post("/user-domains/calendar-token", async (c) => c.json(await createCalendarToken(c.var.ctx.db, userOf(c).id, c.var.ctx.origin, currencyOf(c))))
  .delete("/user-domains/calendar-token", async (c) => c.json(await revokeCalendarToken(c.var.ctx.db, userOf(c).id)))
  // The entry's history, newest first (?limit=, ?before=<event id> for the next, older page).
  .get("/user-domains/:id/history", async (c) => {
    const id = idOf(c);
    return c.json(await getDomainHistory(c.var.ctx.db, userOf(c), id, parseOrThrow(domainHistoryQuerySchema, queryOf(c), "query")));
  })
  .get("/user-domains/:id", async (c) => c.json(await getPortfolioDomain(c.var.ctx.db, userOf(c).id, idOf(c), staleDaysOf(c), currencyOf(c))))
  .put("/user-domains/:id", async (c) => {
    const id = idOf(c);
    const input = parseOrThrow(userDomainUpdateSchema, await readJsonBody(c), "body");
    const limits = { staleDays: staleDaysOf(c), checkNowPerHour: c.var.ctx.config.REGISTRY_CHECK_NOW_PER_HOUR };
    return c.json(await updatePortfolioDomain(c.var.ctx.db, userOf(c).id, id, input, limits, c.var.ctx));
  })
  // An entry its registrar account no longer lists, kept as added by hand (detached from the account).
  .post("/user-domains/:id/keep-as-hand-added", async (c) =>
    c.json(await keepPortfolioDomainAsHandAdded(c.var.ctx.db, userOf(c).id, idOf(c), staleDaysOf(c))))
  // Check this entry with its registry now (202: the lookup runs in the job); limited per user, 429 with Retry-After past it.
  .post("/user-domains/:id/check-registry", async (c) => {
    const { config } = c.var.ctx;
    const limits = { perHour: config.REGISTRY_CHECK_NOW_PER_HOUR, staleDays: config.PRICE_STALE_DAYS };
    return c.json(await checkRegistryNow(c.var.ctx.db, userOf(c).id, idOf(c), limits, c.var.ctx), 202);
  })
  .delete("/user-domains/:id", async (c) => c.json(await removePortfolioDomain(c.var.ctx.db, userOf(c).id, idOf(c))));
