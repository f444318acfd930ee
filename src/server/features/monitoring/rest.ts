/**
 * REST doors to certificate and DNS monitoring; every call needs a session and the entry must
 * be the caller's (404 otherwise).
 */
import { Hono, type Context } from "hono";
import { monitorHostIdSchema, monitorHostSchema, monitoringSettingsSchema } from "../../../shared/schemas/monitoring.ts";
import { userDomainIdSchema } from "../../../shared/schemas/user-domain.ts";
import { requireUser } from "../../lib/auth-guards.ts";
import { readJsonBody } from "../../lib/json-body.ts";
import { parseOrThrow, pathId, queryOf, type AppEnv } from "../../lib/hono-env.ts";
import { addHost, checkMonitoringNow, getMonitoring, getMonitoringSettings, removeHost, saveMonitoringSettings } from "./service.ts";

const userId = (c: Context<AppEnv>) => c.var.ctx.user!.id;
const idOf = (c: Context<AppEnv>) => pathId(c, userDomainIdSchema, "Domain not found");
const maxHosts = (c: Context<AppEnv>) => c.var.ctx.config.MONITOR_MAX_HOSTS_PER_DOMAIN;

export const monitoringRest = new Hono<AppEnv>()
  .use("/user-domains/*", requireUser)
  .use("/monitoring/*", requireUser)
  .get("/user-domains/:id/monitoring", async (c) => c.json(await getMonitoring(c.var.ctx.db, userId(c), idOf(c), maxHosts(c))))
  .post("/user-domains/:id/monitoring/hosts", async (c) => {
    const id = idOf(c);
    const input = parseOrThrow(monitorHostSchema, await readJsonBody(c), "body");
    return c.json(await addHost(c.var.ctx.db, userId(c), id, input, { perHour: c.var.ctx.config.MONITOR_CHECK_NOW_PER_HOUR, maxHosts: maxHosts(c) }), 201);
  })
  // The host to remove: ?hostId= (or a JSON body { hostId }).
  .delete("/user-domains/:id/monitoring/hosts", async (c) => {
    const id = idOf(c);
    const query = queryOf(c);
    const raw = query.hostId ?? ((c.req.header("content-type") ?? "").includes("application/json") ? ((await readJsonBody(c)) as { hostId?: unknown })?.hostId : undefined);
    const hostId = parseOrThrow(monitorHostIdSchema, raw, "query");
    return c.json(await removeHost(c.var.ctx.db, userId(c), id, hostId, maxHosts(c)));
  })
  // Check this entry's certificates and DNS now (202: the job runs it); limited per user, 429 with Retry-After past it.
  .post("/user-domains/:id/monitoring/check", async (c) => {
    const { config } = c.var.ctx;
    return c.json(await checkMonitoringNow(c.var.ctx.db, userId(c), idOf(c), { perHour: config.MONITOR_CHECK_NOW_PER_HOUR, maxHosts: config.MONITOR_MAX_HOSTS_PER_DOMAIN }, c.var.ctx), 202);
  })
  .get("/monitoring/settings", async (c) => c.json(await getMonitoringSettings(c.var.ctx.db, userId(c))))
  .put("/monitoring/settings", async (c) => {
    const input = parseOrThrow(monitoringSettingsSchema, await readJsonBody(c), "body");
    return c.json(await saveMonitoringSettings(c.var.ctx.db, userId(c), input));
  });
