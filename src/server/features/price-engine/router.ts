import { z } from "zod";
import {
  alertRuleSchema, cancelFetchSchema, idSchema, incidentQuerySchema, incidentStatusSchema, manualFetchSchema, priceLogQuerySchema, runScheduledJobSchema, scheduleSchema,
} from "../../../shared/schemas/admin.ts";
import { generalSettingsSchema } from "../../../shared/schemas/general-settings.ts";
import { readGeneralSettings, writeGeneralSettings } from "../../domain/general-settings.ts";
import { listScheduledJobs, runScheduledJobNow } from "../../domain/scheduled-jobs.ts";
import { adminProcedure, router } from "../../trpc/init.ts";
import { createAlertRule, editAlertRule, getAlertRules } from "./alert-rules.ts";
import { cancelFetch, getFetchStatus, manualFetch } from "./fetch-control.ts";
import { queueIncidentEvents } from "./incident-events.ts";
import { changeIncidentStatus, getIncidents } from "./incidents.ts";
import { getOverview, getPriceLogs } from "./overview.ts";
import { createSchedule, editSchedule, getSchedules, removeSchedule } from "./schedules.ts";
import { confirmBackups, dismissSetupChecklist, getSetupChecklist } from "./setup-checklist.ts";
import { getPriceSources } from "./source-overview.ts";

const byId = z.object({ id: idSchema });

export const priceEngineRouter = router({
  overview: adminProcedure.query(({ ctx }) => getOverview(ctx.db)),
  priceLogs: adminProcedure.input(priceLogQuerySchema).query(({ ctx, input }) => getPriceLogs(ctx.db, input)),
  fetchStatus: adminProcedure.query(({ ctx }) => getFetchStatus(ctx)),
  sources: adminProcedure.query(({ ctx }) => getPriceSources(ctx)),
  manualFetch: adminProcedure.input(manualFetchSchema).mutation(({ ctx, input }) => manualFetch(ctx, input)),
  cancelFetch: adminProcedure.input(cancelFetchSchema).mutation(({ ctx, input }) => cancelFetch(ctx, input.provider)),
  // Every schedule (reminders, registry re-checks, rates, price schedules…), each runnable now by hand.
  scheduledJobs: router({
    list: adminProcedure.query(({ ctx }) => listScheduledJobs(ctx.queue)),
    runNow: adminProcedure.input(runScheduledJobSchema).mutation(({ ctx, input }) => runScheduledJobNow(ctx.queue, input.name)),
  }),
  alertRules: router({
    list: adminProcedure.query(({ ctx }) => getAlertRules(ctx.db)),
    create: adminProcedure.input(alertRuleSchema).mutation(({ ctx, input }) => createAlertRule(ctx.db, input)),
    update: adminProcedure.input(alertRuleSchema.extend({ id: idSchema })).mutation(({ ctx, input: { id, ...rule } }) => editAlertRule(ctx.db, id, rule)),
  }),
  incidents: router({
    list: adminProcedure.input(incidentQuerySchema).query(({ ctx, input }) => getIncidents(ctx.db, input)),
    updateStatus: adminProcedure.input(incidentStatusSchema.extend({ id: idSchema })).mutation(({ ctx, input }) => changeIncidentStatus(ctx.db, input.id, input.status, queueIncidentEvents(ctx.queue, ctx.log))),
  }),
  // The first-run checklist of the admin area, until done or dismissed.
  setupChecklist: router({
    get: adminProcedure.query(({ ctx }) => getSetupChecklist(ctx.db, ctx.config, ctx.priceSources)),
    dismiss: adminProcedure.mutation(({ ctx }) => dismissSetupChecklist(ctx.db, ctx.user.email)),
    confirmBackups: adminProcedure.mutation(({ ctx }) => confirmBackups(ctx.db, ctx.user.email)),
  }),
  generalSettings: router({
    get: adminProcedure.query(({ ctx }) => readGeneralSettings(ctx.db)),
    save: adminProcedure.input(generalSettingsSchema).mutation(({ ctx, input }) => writeGeneralSettings(ctx.db, input)),
  }),
  schedules: router({
    list: adminProcedure.query(({ ctx }) => getSchedules(ctx.db)),
    create: adminProcedure.input(scheduleSchema).mutation(({ ctx, input }) => createSchedule(ctx, input)),
    update: adminProcedure.input(scheduleSchema.extend({ id: idSchema })).mutation(({ ctx, input: { id, ...values } }) => editSchedule(ctx, id, values)),
    remove: adminProcedure.input(byId).mutation(({ ctx, input }) => removeSchedule(ctx, input.id)),
  }),
});
