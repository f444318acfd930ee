import { Hono } from "hono";
import { providerIdSchema } from "../../../shared/schemas/price-list.ts";
import { serviceProviderEditSchema } from "../../../shared/schemas/service-provider.ts";
import { requireAdmin } from "../../lib/auth-guards.ts";
import { badRequest } from "../../lib/errors.ts";
import { parseOrThrow, type AppEnv } from "../../lib/hono-env.ts";
import { getIanaRegistrars, getProvider, getProviderDirectory, getProviderPrices, listProviders, updateProvider } from "./service.ts";

const admin = new Hono<AppEnv>()
  .use(requireAdmin, async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  })
  .get("/service-providers", async (c) => c.json(await listProviders(c.var.ctx.db)))
  .put("/service-providers/:id", async (c) => {
    const id = parseOrThrow(providerIdSchema, c.req.param("id"), "id");
    const json: unknown = await c.req.json().catch(() => {
      throw badRequest("The request body must be JSON");
    });
    return c.json(await updateProvider(c.var.ctx, id, parseOrThrow(serviceProviderEditSchema, json, "body")));
  });

export const providersRest = new Hono<AppEnv>()
  .get("/service-providers", async (c) => c.json(await listProviders(c.var.ctx.db)))
  .get("/service-providers/directory", async (c) => c.json(await getProviderDirectory(c.var.ctx.db)))
  .get("/service-providers/:id", async (c) => {
    const id = parseOrThrow(providerIdSchema, c.req.param("id"), "id");
    return c.json(await getProvider(c.var.ctx.db, id));
  })
  .get("/service-providers/:id/domain-prices", async (c) => {
    const id = parseOrThrow(providerIdSchema, c.req.param("id"), "id");
    return c.json(await getProviderPrices(c.var.ctx.db, id));
  })
  .get("/iana-registrars", async (c) => c.json(await getIanaRegistrars(c.var.ctx.db)))
  .route("/admin", admin);
