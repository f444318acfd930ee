import { Hono } from "hono";
import { priceListQuerySchema, tldKeySchema } from "../../../shared/schemas/price-list.ts";
import { cachedJsonResponse } from "../../lib/cached-json-response.ts";
import { parseOrThrow, queryOf, type AppEnv } from "../../lib/hono-env.ts";
import { cachedCommonPrices, cachedPricePage, cachedTldPrices, getTldPriceHistory } from "./service.ts";

export const pricesRest = new Hono<AppEnv>()
  .get("/domain-prices", async (c) => {
    const query = parseOrThrow(priceListQuerySchema, queryOf(c), "query");
    return cachedJsonResponse(c, await cachedPricePage(c.var.ctx.db, query));
  })
  .get("/domain-prices/common", async (c) => cachedJsonResponse(c, await cachedCommonPrices(c.var.ctx.db)))
  .get("/domain-prices/tld/:tldId", async (c) => {
    const key = parseOrThrow(tldKeySchema, c.req.param("tldId"), "tldId");
    return cachedJsonResponse(c, await cachedTldPrices(c.var.ctx.db, key));
  })
  .get("/domain-prices/tld/:tldId/history", async (c) => {
    const key = parseOrThrow(tldKeySchema, c.req.param("tldId"), "tldId");
    return c.json(await getTldPriceHistory(c.var.ctx.db, key));
  });
