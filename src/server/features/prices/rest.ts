import { Hono } from "hono";
import { displayCurrencyQuerySchema } from "../../../shared/schemas/currency.ts";
import { priceListQuerySchema, tldKeySchema } from "../../../shared/schemas/price-list.ts";
import { jsonAnswerResponse, publicJsonResponse } from "../../lib/cached-json-response.ts";
import { parseOrThrow, queryOf, type AppEnv } from "../../lib/hono-env.ts";
import { commonPrices, getTldPriceHistory, listCurrencies, pricePage, tldPrices } from "./service.ts";

const currencyOf = (c: Parameters<typeof queryOf>[0]) => parseOrThrow(displayCurrencyQuerySchema, queryOf(c), "query").currency;

export const pricesRest = new Hono<AppEnv>()
  .get("/domain-prices", async (c) => {
    const query = parseOrThrow(priceListQuerySchema, queryOf(c), "query");
    return jsonAnswerResponse(c, await pricePage(c.var.ctx.db, query, c.var.ctx.config.PRICE_STALE_DAYS));
  })
  .get("/domain-prices/common", async (c) => jsonAnswerResponse(c, await commonPrices(c.var.ctx.db, c.var.ctx.config.PRICE_STALE_DAYS, currencyOf(c))))
  .get("/domain-prices/tld/:tldId", async (c) => {
    const key = parseOrThrow(tldKeySchema, c.req.param("tldId"), "tldId");
    return jsonAnswerResponse(c, await tldPrices(c.var.ctx.db, key, c.var.ctx.config.PRICE_STALE_DAYS, currencyOf(c)));
  })
  .get("/currencies", async (c) => jsonAnswerResponse(c, await listCurrencies(c.var.ctx.db)))
  .get("/domain-prices/tld/:tldId/history", async (c) => {
    const key = parseOrThrow(tldKeySchema, c.req.param("tldId"), "tldId");
    return publicJsonResponse(c, await getTldPriceHistory(c.var.ctx.db, key, currencyOf(c)));
  });
