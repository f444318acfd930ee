import { z } from "zod";
import { monitorHostIdSchema, monitorHostSchema, monitoringSettingsSchema } from "../../../shared/schemas/monitoring.ts";
import { userDomainIdSchema } from "../../../shared/schemas/user-domain.ts";
import { authedProcedure, router } from "../../trpc/init.ts";
import { addHost, checkMonitoringNow, getMonitoring, getMonitoringSettings, removeHost, saveMonitoringSettings } from "./service.ts";

const byId = z.object({ id: userDomainIdSchema });

export const monitoringRouter = router({
  /** An entry's certificates per host and DNS records per type. */
  get: authedProcedure.input(byId).query(({ ctx, input }) => getMonitoring(ctx.db, ctx.user.id, input.id, ctx.config.MONITOR_MAX_HOSTS_PER_DOMAIN)),
  addHost: authedProcedure.input(byId.extend(monitorHostSchema.shape)).mutation(({ ctx, input: { id, ...host } }) =>
    addHost(ctx.db, ctx.user.id, id, host, { perHour: ctx.config.MONITOR_CHECK_NOW_PER_HOUR, maxHosts: ctx.config.MONITOR_MAX_HOSTS_PER_DOMAIN })),
  removeHost: authedProcedure.input(byId.extend({ hostId: monitorHostIdSchema })).mutation(({ ctx, input }) =>
    removeHost(ctx.db, ctx.user.id, input.id, input.hostId, ctx.config.MONITOR_MAX_HOSTS_PER_DOMAIN)),
  /** Check now (limited per user: TOO_MANY_REQUESTS past MONITOR_CHECK_NOW_PER_HOUR). */
  checkNow: authedProcedure.input(byId).mutation(({ ctx, input }) =>
    checkMonitoringNow(ctx.db, ctx.user.id, input.id, { perHour: ctx.config.MONITOR_CHECK_NOW_PER_HOUR, maxHosts: ctx.config.MONITOR_MAX_HOSTS_PER_DOMAIN }, ctx)),
  getSettings: authedProcedure.query(({ ctx }) => getMonitoringSettings(ctx.db, ctx.user.id)),
  saveSettings: authedProcedure.input(monitoringSettingsSchema).mutation(({ ctx, input }) => saveMonitoringSettings(ctx.db, ctx.user.id, input)),
});
