import { Hono } from "hono";
import { tldKeySchema } from "../../../shared/schemas/price-list.ts";
import { parseOrThrow, type AppEnv } from "../../lib/hono-env.ts";
import { getDataStatus, getRegistryOperators, getStats, getTld } from "./service.ts";

export const catalogueRest = new Hono<AppEnv>()
  .get("/tlds/:tldId", async (c) => {
    const key = parseOrThrow(tldKeySchema, c.req.param("tldId"), "tldId");
    return c.json(await getTld(c.var.ctx.db, key));
  })
  .get("/stats", async (c) => c.json(await getStats(c.var.ctx.db)))
  .get("/registry-operators", async (c) => c.json(await getRegistryOperators(c.var.ctx.db)))
  .get("/data-last-updated", async (c) => c.json(await getDataStatus(c.var.ctx.db)));
