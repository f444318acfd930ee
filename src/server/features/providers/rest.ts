import { Hono } from "hono";
import { providerIdSchema } from "../../../shared/schemas/price-list.ts";
import { parseOrThrow, type AppEnv } from "../../lib/hono-env.ts";
import { getIanaRegistrars, getProvider, getProviderDirectory, getProviderPrices, listProviders } from "./service.ts";

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
  .get("/iana-registrars", async (c) => c.json(await getIanaRegistrars(c.var.ctx.db)));
