import { Hono } from "hono";
import type { AppEnv } from "../../lib/hono-env.ts";
import { getSystemStatus } from "./service.ts";

export const statusRest = new Hono<AppEnv>().get("/status", async (c) => {
  // Measured per request: a cached answer would report a state that may have passed.
  c.header("Cache-Control", "no-store");
  return c.json(await getSystemStatus(c.var.ctx.db, c.var.ctx.queue, c.var.ctx.priceSources));
});
