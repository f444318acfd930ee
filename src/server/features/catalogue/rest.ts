import { Hono } from "hono";
import { tldKeySchema } from "../../../shared/schemas/price-list.ts";
import { publicJsonResponse } from "../../lib/cached-json-response.ts";
import { parseOrThrow, type AppEnv } from "../../lib/hono-env.ts";
import { getDataStatus, getRegistryOperators, getStats, getTld } from "./service.ts";

export const catalogueRest = new Hono<AppEnv>()
  .get("/tlds/:tldId", async (c) => {
    const key = parseOrThrow(tldKeySchema, c.req.param("tldId"), "tldId");
    return publicJsonResponse(c, await getTld(c.var.ctx.db, key));
  })
  .get("/stats", async (c) => publicJsonResponse(c, await getStats(c.var.ctx.db)))
  .get("/registry-operators", async (c) => publicJsonResponse(c, await getRegistryOperators(c.var.ctx.db)))
  .get("/data-last-updated", async (c) => publicJsonResponse(c, await getDataStatus(c.var.ctx.db)));
