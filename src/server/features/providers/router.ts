import { z } from "zod";
import { providerIdSchema } from "../../../shared/schemas/price-list.ts";
import { currencyCodeSchema } from "../../../shared/schemas/currency.ts";
import { serviceProviderEditSchema } from "../../../shared/schemas/service-provider.ts";
import { adminProcedure, publicProcedure, router } from "../../trpc/init.ts";
import {
  getIanaRegistrars, getProvider, getProviderDirectory, getProviderPrices, getProviderPricesFirstPage, listProviders, updateProvider,
} from "./service.ts";

const byId = z.object({ id: providerIdSchema });
const pricesInput = byId.extend({ currency: currencyCodeSchema.optional() });
const firstPageInput = pricesInput.extend({
  limit: z.number({ error: "limit must be a number" }).int("limit must be a whole number").min(1, "limit must be at least 1").max(200, "limit must be at most 200"),
});

export const providersRouter = router({
  list: publicProcedure.query(({ ctx }) => listProviders(ctx.db)),
  getById: publicProcedure.input(byId).query(({ ctx, input }) => getProvider(ctx.db, input.id)),
  prices: publicProcedure.input(pricesInput).query(({ ctx, input }) => getProviderPrices(ctx.db, input.id, ctx.config.PRICE_STALE_DAYS, input.currency)),
  pricesFirstPage: publicProcedure.input(firstPageInput)
    .query(({ ctx, input }) => getProviderPricesFirstPage(ctx.db, input.id, input.limit, ctx.config.PRICE_STALE_DAYS, input.currency)),
  directory: publicProcedure.input(z.object({ currency: currencyCodeSchema.optional() }).optional())
    .query(({ ctx, input }) => getProviderDirectory(ctx.db, input?.currency)),
  ianaRegistrars: publicProcedure.query(({ ctx }) => getIanaRegistrars(ctx.db)),
  adminList: adminProcedure.query(({ ctx }) => listProviders(ctx.db)),
  adminUpdate: adminProcedure.input(serviceProviderEditSchema.extend({ id: providerIdSchema }))
    .mutation(({ ctx, input: { id, ...edit } }) => updateProvider(ctx, id, edit)),
});
