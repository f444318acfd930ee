import { Hono } from "hono";
import { displayCurrencyQuerySchema } from "../../../shared/schemas/currency.ts";
import { providerIdSchema } from "../../../shared/schemas/price-list.ts";
import { serviceProviderEditSchema, serviceProviderListQuerySchema } from "../../../shared/schemas/service-provider.ts";
import { publicJsonResponse } from "../../lib/cached-json-response.ts";
import { requireAdmin } from "../../lib/auth-guards.ts";
import { parseOrThrow, pathId, queryOf, type AppEnv } from "../../lib/hono-env.ts";
import { readJsonBody } from "../../lib/json-body.ts";
import { getIanaRegistrars, getProvider, getProviderDirectory, getProviderPrices, listProviders, updateProvider } from "./service.ts";

const admin = new Hono<AppEnv>()
  .use(requireAdmin, async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  })
  .get("/service-providers", async (c) => c.json(await listProviders(c.var.ctx.db)))
  .put("/service-providers/:id", async (c) => {
    const id = pathId(c, providerIdSchema);
    return c.json(await updateProvider(c.var.ctx, id, parseOrThrow(serviceProviderEditSchema, await readJsonBody(c), "body")));
  });

export const providersRest = new Hono<AppEnv>()
  .get("/service-providers", async (c) => {
    const query = parseOrThrow(serviceProviderListQuerySchema, queryOf(c), "query");
    return publicJsonResponse(c, await listProviders(c.var.ctx.db, query));
  })
  .get("/service-providers/directory", async (c) => {
    const { currency } = parseOrThrow(displayCurrencyQuerySchema, queryOf(c), "query");
    return publicJsonResponse(c, await getProviderDirectory(c.var.ctx.db, currency));
  })
  .get("/service-providers/:id", async (c) => {
    const id = pathId(c, providerIdSchema);
    return publicJsonResponse(c, await getProvider(c.var.ctx.db, id));
  })
  .get("/service-providers/:id/domain-prices", async (c) => {
    const id = pathId(c, providerIdSchema);
    const { currency } = parseOrThrow(displayCurrencyQuerySchema, queryOf(c), "query");
    return publicJsonResponse(c, await getProviderPrices(c.var.ctx.db, id, c.var.ctx.config.PRICE_STALE_DAYS, currency));
  })
  .get("/iana-registrars", async (c) => publicJsonResponse(c, await getIanaRegistrars(c.var.ctx.db)))
  .route("/admin", admin);
