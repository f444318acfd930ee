/**
 * /status/feed.atom: the public status incidents (the same ones the status page lists) as an
 * Atom 1.0 feed, for a feed reader to follow instead of e-mail, which this site does not send.
 */
import { Hono } from "hono";
import type { Db } from "../../../../db/client.ts";
import { getMeta, META_KEYS } from "../../../../db/repositories/app-meta-repository.ts";
import { STATUS_FEED_PATH } from "../../../shared/status-feed.ts";
import type { AppEnv } from "../../lib/hono-env.ts";
import { getStatusIncidents, type StatusIncident } from "./service.ts";

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

const DAY = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

function entry(origin: string, incident: StatusIncident): string {
  const state = incident.status === "resolved"
    ? `Resolved${incident.endTime ? ` ${DAY.format(incident.endTime)} UTC` : ""}.`
    : "In progress.";
  return `<entry>
<id>${escapeXml(`${origin}/status#incident-${incident.id}`)}</id>
<title>${escapeXml(incident.title)}</title>
<link rel="alternate" type="text/html" href="${escapeXml(`${origin}/status`)}"/>
<published>${incident.startTime.toISOString()}</published>
<updated>${incident.updatedAt.toISOString()}</updated>
<content type="text">${escapeXml(`${state} ${incident.description}`)}</content>
</entry>`;
}

/**
 * The feed changes when an incident does, so its `updated` is the newest incident's; with none,
 * it is when this database was set up (a fixed instant, so readers see no change that is not one).
 */
async function renderStatusFeed(db: Db, origin: string): Promise<string> {
  const incidents = await getStatusIncidents(db, new Date());
  const newest = incidents.reduce<Date | null>((at, i) => (at && at >= i.updatedAt ? at : i.updatedAt), null);
  const deployed = newest ? null : (await getMeta(db, [META_KEYS.deployedAt]))[META_KEYS.deployedAt];
  const updated = newest ?? (deployed ? new Date(deployed) : new Date(0));
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>${escapeXml(`${origin}${STATUS_FEED_PATH}`)}</id>
<title>TLDScope status</title>
<subtitle>Incidents affecting TLDScope and its price sources</subtitle>
<link rel="self" type="application/atom+xml" href="${escapeXml(`${origin}${STATUS_FEED_PATH}`)}"/>
<link rel="alternate" type="text/html" href="${escapeXml(`${origin}/status`)}"/>
<author><name>TLDScope</name><uri>${escapeXml(origin)}</uri></author>
<updated>${updated.toISOString()}</updated>
${incidents.map((i) => entry(origin, i)).join("\n")}
</feed>
`;
}

export const statusFeed = new Hono<AppEnv>().get(STATUS_FEED_PATH, async (c) => {
  c.header("Cache-Control", "public, max-age=300");
  c.header("Content-Type", "application/atom+xml; charset=utf-8");
  return c.body(await renderStatusFeed(c.var.ctx.db, c.var.ctx.origin));
});
