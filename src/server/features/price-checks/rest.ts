/** REST doors to the admin's unusual-price list: GET the list, POST confirm or hide one quote, PUT the share. Admin only. */
import { Hono, type Context } from "hono";
import { idSchema } from "../../../shared/schemas/admin.ts";
import { priceCheckShareSchema, unusualPriceQuerySchema } from "../../../shared/schemas/price-checks.ts";
import { requireAdmin } from "../../lib/auth-guards.ts";
import { parseOrThrow, pathId, queryOf, type AppEnv } from "../../lib/hono-env.ts";
import { readJsonBody } from "../../lib/json-body.ts";
import { getUnusualPrices, reviewUnusualPrice, setSharePercent, type PriceCheckCtx } from "./service.ts";

const ctxOf = (c: Context<AppEnv>): PriceCheckCtx => ({ ...c.var.ctx, user: c.var.ctx.user! });

const admin = new Hono<AppEnv>()
  .use(requireAdmin, async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  })
  .get("/", async (c) => c.json(await getUnusualPrices(c.var.ctx.db, parseOrThrow(unusualPriceQuerySchema, queryOf(c), "query"))))
  .post("/:id/confirm", async (c) => c.json(await reviewUnusualPrice(ctxOf(c), pathId(c, idSchema), "confirmed")))
  .post("/:id/hide", async (c) => c.json(await reviewUnusualPrice(ctxOf(c), pathId(c, idSchema), "hidden")))
  .put("/share", async (c) => c.json(await setSharePercent(ctxOf(c), parseOrThrow(priceCheckShareSchema, await readJsonBody(c), "body").percent)));

export const priceChecksRest = new Hono<AppEnv>().route("/admin/price-checks", admin);
