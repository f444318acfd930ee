/** REST doors to the admin calls of spec section 7 (plus fetch cancel, alert-rule edits and the General Settings), admin only. */
import { Hono, type Context } from "hono";
import { listScheduledJobs, runScheduledJobNow } from "../../domain/scheduled-jobs.ts";
import {
  alertRuleSchema, cancelFetchSchema, idSchema, incidentQuerySchema, incidentStatusSchema, manualFetchSchema, priceLogQuerySchema, runScheduledJobSchema, scheduleSchema,
} from "../../../shared/schemas/admin.ts";
import { generalSettingsSchema } from "../../../shared/schemas/general-settings.ts";
import { requireAdmin } from "../../lib/auth-guards.ts";
import { readGeneralSettings, writeGeneralSettings } from "../../domain/general-settings.ts";
import { parseOrThrow, pathId, queryOf, type AppEnv } from "../../lib/hono-env.ts";
import { readJsonBody } from "../../lib/json-body.ts";
import { createAlertRule, editAlertRule, getAlertRules } from "./alert-rules.ts";
import { cancelFetch, getFetchStatus, manualFetch } from "./fetch-control.ts";
import { queueIncidentEvents } from "./incident-events.ts";
import { changeIncidentStatus, getIncidents } from "./incidents.ts";
import { getOverview, getPriceLogs } from "./overview.ts";
import { createSchedule, editSchedule, getSchedules, removeSchedule } from "./schedules.ts";
import { readmeSection } from "./readme.ts";
import { confirmBackups, dismissSetupChecklist, getSetupChecklist } from "./setup-checklist.ts";
import { getPriceSources } from "./source-overview.ts";

async function body<S extends Parameters<typeof parseOrThrow>[0]>(c: Context<AppEnv>, schema: S) {
  return parseOrThrow(schema, await readJsonBody(c), "body");
}

const idOf = (c: Context<AppEnv>) => pathId(c, idSchema);

const admin = new Hono<AppEnv>()
  .use(requireAdmin, async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  })
  .get("/overview", async (c) => c.json(await getOverview(c.var.ctx.db)))
  .get("/price-logs", async (c) => c.json(await getPriceLogs(c.var.ctx.db, parseOrThrow(priceLogQuerySchema, queryOf(c), "query"))))
  .get("/fetch/status", async (c) => c.json(await getFetchStatus(c.var.ctx)))
  .get("/sources", async (c) => c.json(await getPriceSources(c.var.ctx)))
  .get("/setup-checklist", async (c) => c.json(await getSetupChecklist(c.var.ctx.db, c.var.ctx.config, c.var.ctx.priceSources)))
  .post("/setup-checklist/dismiss", async (c) => c.json(await dismissSetupChecklist(c.var.ctx.db, c.var.ctx.user!.email)))
  .post("/setup-checklist/backups", async (c) => c.json(await confirmBackups(c.var.ctx.db, c.var.ctx.user!.email)))
  .get("/readme", async (c) => c.text(await readmeSection(c.req.query("section") ?? "")))
  .post("/fetch/manual", async (c) => c.json(await manualFetch(c.var.ctx, await body(c, manualFetchSchema))))
  .post("/fetch/cancel", async (c) => c.json(await cancelFetch(c.var.ctx, (await body(c, cancelFetchSchema)).provider)))
  .get("/scheduled-jobs", async (c) => c.json(await listScheduledJobs(c.var.ctx.queue)))
  .post("/scheduled-jobs/run", async (c) => c.json(await runScheduledJobNow(c.var.ctx.queue, (await body(c, runScheduledJobSchema)).name), 202))
  .get("/alert-rules", async (c) => c.json(await getAlertRules(c.var.ctx.db)))
  .post("/alert-rules", async (c) => c.json(await createAlertRule(c.var.ctx.db, await body(c, alertRuleSchema)), 201))
  .put("/alert-rules/:id", async (c) => c.json(await editAlertRule(c.var.ctx.db, idOf(c), await body(c, alertRuleSchema))))
  .get("/incidents", async (c) => c.json(await getIncidents(c.var.ctx.db, parseOrThrow(incidentQuerySchema, queryOf(c), "query"))))
  .on(["PUT", "PATCH"], "/incidents/:id", async (c) =>
    c.json(await changeIncidentStatus(c.var.ctx.db, idOf(c), (await body(c, incidentStatusSchema)).status, queueIncidentEvents(c.var.ctx.queue, c.var.ctx.log))))
  .get("/settings", async (c) => c.json(await readGeneralSettings(c.var.ctx.db)))
  .put("/settings", async (c) => c.json(await writeGeneralSettings(c.var.ctx.db, await body(c, generalSettingsSchema))))
  .get("/schedules", async (c) => c.json(await getSchedules(c.var.ctx.db)))
  .post("/schedules", async (c) => c.json(await createSchedule(c.var.ctx, await body(c, scheduleSchema)), 201))
  .put("/schedules/:id", async (c) => c.json(await editSchedule(c.var.ctx, idOf(c), await body(c, scheduleSchema))))
  .delete("/schedules/:id", async (c) => c.json(await removeSchedule(c.var.ctx, idOf(c))));

export const priceEngineRest = new Hono<AppEnv>().route("/admin", admin);
