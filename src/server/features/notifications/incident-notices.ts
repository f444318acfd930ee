/**
 * Messages about incidents, opened or resolved (subject `incident:<id>`, occurrence `opened` |
 * `resolved`, so a retried job, a restart or a second worker plans nothing twice):
 * - `operator_incident`, to every administrator with the kind on and a receiving channel, in
 *   the operators' words (the incident's own title and description, its source, a link to the
 *   admin area), as the admin General Settings allow: "Fetch Failure Notifications" decides for
 *   incidents of a failing source (rule condition `consecutive_failures`), "System Health
 *   Alerts" for every other incident, and "Email Notifications" off leaves out e-mail channels
 *   (webhooks still receive them).
 * - `status_incident`, to every user who turned it on, for the public incidents of /status only,
 *   in the status page's words (no error text, no thresholds).
 */
import type { Db } from "../../../../db/client.ts";
import { PUBLIC_RULE_CONDITIONS } from "../../../../db/repositories/health-repository.ts";
import { findIncidentNoticeFacts, type IncidentNoticeFacts } from "../../../../db/repositories/incident-repository.ts";
import { insertPlannedNotifications, type PlannedNotification } from "../../../../db/repositories/notification-repository.ts";
import { listAdmins } from "../../../../db/repositories/user-repository.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import type { GeneralSettings } from "../../../shared/schemas/general-settings.ts";
import type { NotificationKind } from "../../../shared/schemas/notifications.ts";
import { publicIncidentWords } from "../../../shared/status-incident-words.ts";
import { readGeneralSettings } from "../../domain/general-settings.ts";
import { enqueueDeliveries } from "./deliveries.ts";
import { utcDay } from "./expiry-plan.ts";
import { receiversFor, type Recipient } from "./receivers.ts";

export const OPERATOR_INCIDENT = "operator_incident";
export const STATUS_INCIDENT = "status_incident";
/** The condition of a failing source's incidents: "Fetch Failure Notifications" decides for them. */
const FETCH_FAILURE_CONDITION = "consecutive_failures";

/** What the notifications accept about an incident (the price engine's IncidentEvent has this shape). */
export interface IncidentNoticeEvent {
  incidentId: number;
  change: "opened" | "resolved";
  by: "rule" | "admin";
}

const minute = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** Which incidents the General Settings let reach operators, and over which channels. */
export function operatorNoticeAllowed(incident: { condition: string | null }, settings: GeneralSettings): boolean {
  return incident.condition === FETCH_FAILURE_CONDITION ? settings.fetchFailureNotifications : settings.systemHealthAlerts;
}

function operatorMessage(i: IncidentNoticeFacts, event: IncidentNoticeEvent, origin: string) {
  const where = i.providerName ? `${i.providerName} (${i.source})` : i.source;
  const opened = event.change === "opened";
  const title = `Incident ${opened ? "opened" : "resolved"} for ${where}: ${i.title}`;
  const what = opened
    ? `A ${i.severity} incident opened for ${where} at ${minute(i.createdAt)}: ${i.title}.`
    : `The incident "${i.title}" for ${where} was resolved at ${minute(i.resolvedAt ?? i.updatedAt)}`
      + (event.by === "admin" ? " by an administrator." : ": its alert rule's condition cleared.");
  const text = `${what}\n\n${i.description}\n\nIncidents and alert rules: ${origin}/admin/alerts`;
  return { title, text };
}

function statusMessage(i: IncidentNoticeFacts, event: IncidentNoticeEvent, origin: string) {
  const resolved = event.change === "resolved";
  const words = publicIncidentWords({ ...i, resolved });
  const title = `${resolved ? "Resolved" : "Incident"}: ${words.title}`;
  const text = `${title}.\n\n${words.description}\n\nStatus page: ${origin}/status`;
  return { title, text };
}

function planFor(
  kind: NotificationKind, recipients: Map<number, Recipient>, event: IncidentNoticeEvent,
  message: { title: string; text: string }, payload: Record<string, unknown>, today: string,
): PlannedNotification[] {
  return [...recipients.values()].map(({ userId, prefs, channels }) => {
    const digestDate = prefs.deliveryModes[kind] === "digest" ? today : null;
    return {
      notification: {
        userId, kind, subjectKey: `incident:${event.incidentId}`, occurrence: event.change, title: message.title, dueDate: today,
        payload: { ...payload, text: message.text },
      },
      deliveries: channels.map((c) => ({ channelId: c.id, digestDate })),
    };
  });
}

async function operatorPlans(db: Db, incident: IncidentNoticeFacts, event: IncidentNoticeEvent, origin: string, today: string) {
  const settings = await readGeneralSettings(db);
  if (!operatorNoticeAllowed(incident, settings)) return [];
  const recipients = await receiversFor(db, OPERATOR_INCIDENT, {
    userIds: (await listAdmins(db)).map((a) => a.id), admins: true,
    channel: (c) => settings.emailNotifications || c.kind !== "email",
  });
  const payload = {
    event: event.change, resolvedBy: event.change === "resolved" ? event.by : null, incidentId: incident.id, incidentTitle: incident.title,
    severity: incident.severity, source: incident.source, provider: incident.providerName, condition: incident.condition,
  };
  return planFor(OPERATOR_INCIDENT, recipients, event, operatorMessage(incident, event, origin), payload, today);
}

async function statusPlans(db: Db, incident: IncidentNoticeFacts, event: IncidentNoticeEvent, origin: string, today: string) {
  if (incident.condition !== null && !PUBLIC_RULE_CONDITIONS.includes(incident.condition)) return [];
  const recipients = await receiversFor(db, STATUS_INCIDENT);
  const message = statusMessage(incident, event, origin);
  const payload = { event: event.change, incidentId: incident.id, incidentTitle: publicIncidentWords({ ...incident, resolved: event.change === "resolved" }).title };
  return planFor(STATUS_INCIDENT, recipients, event, message, payload, today);
}

/** Plans both kinds' messages about one incident event; returns how many notifications were new. */
export async function planIncidentNotices(db: Db, queue: JobQueue, event: IncidentNoticeEvent, now: Date, origin: string): Promise<number> {
  const incident = await findIncidentNoticeFacts(db, event.incidentId);
  if (!incident) return 0;
  const today = utcDay(now);
  const planned = [
    ...await operatorPlans(db, incident, event, origin, today),
    ...await statusPlans(db, incident, event, origin, today),
  ];
  if (planned.length === 0) return 0;
  const created = await insertPlannedNotifications(db, planned);
  await enqueueDeliveries(queue, created.deliveries);
  return created.notifications;
}
