import { Hono } from "hono";
import { publicJsonResponse } from "../../lib/cached-json-response.ts";
import type { AppEnv } from "../../lib/hono-env.ts";
import { getRegistryCoverage } from "./registry-coverage.ts";

/** GET /api/registry-coverage: how each TLD's registration dates are found (registry-coverage.ts). */
export const registryCoverageRest = new Hono<AppEnv>()
  .get("/registry-coverage", async (c) => publicJsonResponse(c, await getRegistryCoverage(c.var.ctx.db, c.var.ctx.config)));
