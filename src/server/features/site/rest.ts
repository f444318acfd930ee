import { Hono } from "hono";
import type { AppEnv } from "../../lib/hono-env.ts";
import { getSiteSettings } from "./service.ts";

export const siteRest = new Hono<AppEnv>().get("/site-settings", (c) => c.json(getSiteSettings(c.var.ctx.config)));
