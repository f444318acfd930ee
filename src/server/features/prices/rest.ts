import { Hono } from "hono";
import { displayCurrencyQuerySchema } from "../../../shared/schemas/currency.ts";
import { priceListQuerySchema, TLD_QUOTES_MAX_LIMIT, tldKeySchema, tldQuotesQuerySchema } from "../../../shared/schemas/price-list.ts";
import { jsonAnswerResponse, publicJsonResponse } from "../../lib/cached-json-response.ts";
import { parseOrThrow, queryOf, type AppEnv } from "../../lib/hono-env.ts";
import { jsonAnswer, sha1 } from "../../lib/json-cache.ts";
import { commonPrices, getTldPriceHistory, listCurrencies, pricePage, tldPrices, tldPricesPage } from "./service.ts";

const currencyOf = (c: Parameters<typeof queryOf>[0]) => parseOrThrow(displayCurrencyQuerySchema, queryOf(c), "query").currency;

export const pricesRest = new Hono<AppEnv>()
  .get("/domain-prices", async (c) => {
    const query = parseOrThrow(priceListQuerySchema, queryOf(c), "query");
    return jsonAnswerResponse(c, await pricePage(c.var.ctx.db, query, c.var.ctx.config.PRICE_STALE_DAYS));
  })
  .get("/domain-prices/common", async (c) => jsonAnswerResponse(c, await commonPrices(c.var.ctx.db, c.var.ctx.config.PRICE_STALE_DAYS, currencyOf(c))))
  .get("/domain-prices/tld/:tldId", async (c) => {
    const key = parseOrThrow(tldKeySchema, c.req.param("tldId"), "tldId");
    const { currency, limit, offset, sortBy, sortOrder } = parseOrThrow(tldQuotesQuerySchema, queryOf(c), "query");
    const staleDays = c.var.ctx.config.PRICE_STALE_DAYS;
    if (limit === undefined && offset === undefined && sortBy === undefined && sortOrder === undefined) {
      return jsonAnswerResponse(c, await tldPrices(c.var.ctx.db, key, staleDays, currency));
    }
    // A page: still a list of quotes, in the asked order; how many there are in all is a header (and part of the ETag).
    const page = await tldPricesPage(c.var.ctx.db, {
      tldId: key, currency, offset: offset ?? 0, limit: limit ?? TLD_QUOTES_MAX_LIMIT, sortBy: sortBy ?? "registrationPrice", sortOrder: sortOrder ?? "asc",
    }, staleDays);
    const json = JSON.stringify(page.rows);
    c.header("X-Total-Count", String(page.total));
    return jsonAnswerResponse(c, jsonAnswer(json, () => `q.${sha1(json, `|${page.total}`)}`));
  })
  .get("/currencies", async (c) => jsonAnswerResponse(c, await listCurrencies(c.var.ctx.db)))
  .get("/domain-prices/tld/:tldId/history", async (c) => {
    const key = parseOrThrow(tldKeySchema, c.req.param("tldId"), "tldId");
    return publicJsonResponse(c, await getTldPriceHistory(c.var.ctx.db, key, currencyOf(c)));
  });
