/**
 * The planner of a domain's monitoring events (domain_events: registry, certificate, DNS), run by
 * the DOMAIN_EVENTS_QUEUE job with the ids its recorder just stored. Each event the owner is to
 * hear of becomes one notification of its category's kind (registry → registry_change,
 * certificate → certificate, dns → dns_change), unique per (user, kind, the domain, the event),
 * so a retried job or a second worker plans it once. Alarms are told as warnings, `info` events
 * (a change the owner made through their connected registrar account, a renewal, a certificate
 * valid again) as information; a `registry_check` line is history only and never told.
 * Who hears: the owner's kind switch, overridden by the domain's own switches (and muted per DNS
 * record type or certificate host), and the owner's receiving channels (receiversFor).
 */
import type { Db } from "../../../../db/client.ts";
import {
  listDomainEventsByIds, listDomainNotificationSettings, type DomainEventCategory, type DomainEventWithEntry,
} from "../../../../db/repositories/domain-event-repository.ts";
import { insertPlannedNotifications, type PlannedNotification } from "../../../../db/repositories/notification-repository.ts";
import { listUserTimeZones } from "../../../../db/repositories/user-repository.ts";
import type { JobQueue } from "../../../../jobs/queue.ts";
import { HISTORY_ONLY_KINDS } from "../../domain/domain-events.ts";
import { describeDomainEvent, domainEventHeadline } from "../../../shared/domain-event-words.ts";
import { domainKindOn, type DomainSwitchKind } from "../../../shared/domain-switches.ts";
import { toUnicodeName } from "../../../shared/idna.ts";
import { NOTIFICATION_KINDS, type NotificationKind } from "../../../shared/schemas/notifications.ts";
import { enqueueDeliveries } from "./deliveries.ts";
import { utcDay } from "./expiry-plan.ts";
import { receiversFor } from "./receivers.ts";

const KIND_OF: Record<DomainEventCategory, DomainSwitchKind> = { registry: "registry_change", certificate: "certificate", dns: "dns_change" };

const known = (kind: string): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind);

/** How long one outside value may be in a message, and how many items of a list are named. */
const VALUE_MAX = 200;
const LIST_MAX = 20;

/**
 * A value from outside (a registrar's name from RDAP, a DNS record, a certificate's issuer) as
 * words in a message: on one line (control and invisible formatting characters become spaces, so
 * a TXT record cannot start a line of its own), at most 200 characters, a list naming at most 20
 * items, and a web address in it written so no chat or mail program turns it into a link (a
 * word joiner after "://"). The stored event and the payload keep the value as it came.
 */
export function valueAsWords(value: unknown): unknown {
  if (typeof value === "string") {
    const line = value.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, " ").replace(/:\/\//g, ":\u2060//");
    return line.length <= VALUE_MAX ? line : `${line.slice(0, VALUE_MAX - 1)}…`;
  }
  if (Array.isArray(value)) {
    const named = value.slice(0, LIST_MAX).map(valueAsWords);
    return value.length > LIST_MAX ? [...named, `and ${value.length - LIST_MAX} more`] : named;
  }
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, valueAsWords(v)]));
  return value;
}

/** The notification's words: the domain, what changed (old → new, moments in the owner's `timeZone`, UTC when null) and the link to the domain's page. */
export function domainEventMessage(event: DomainEventWithEntry, origin: string, timeZone: string | null = null) {
  const name = toUnicodeName(event.domainName);
  const told = {
    kind: event.kind, subject: event.subject === null ? null : valueAsWords(event.subject) as string,
    oldValue: valueAsWords(event.oldValue), newValue: valueAsWords(event.newValue),
  };
  const what = describeDomainEvent(told, timeZone);
  const link = `${origin}/portfolio/${event.userDomainId}`;
  const info = event.severity === "info";
  const title = `${info ? "For your information" : "Warning"}: ${name} ${domainEventHeadline(told)}`;
  const lead = info
    ? `For your information: a change to ${name}.`
    : `Warning: ${name} changed. If you did not make this change, act now: check the domain at its registrar.`;
  const text = `${lead}\n\n${what}\n\nThe domain's history: ${link}`;
  return {
    title, text,
    payload: {
      domain: event.domainName, domainId: event.userDomainId, event: event.kind, category: event.category, severity: event.severity,
      subject: event.subject, old: event.oldValue, new: event.newValue, occurredAt: event.occurredAt.toISOString(), url: link, text,
    },
  };
}

export interface DomainEventPlanOutcome {
  events: number;
  planned: number;
  deliveries: number;
}

export async function planDomainEvents(db: Db, queue: JobQueue, eventIds: readonly number[], now: Date, origin: string): Promise<DomainEventPlanOutcome> {
  const events = (await listDomainEventsByIds(db, eventIds)).filter((e) => !HISTORY_ONLY_KINDS.has(e.kind));
  if (events.length === 0) return { events: 0, planned: 0, deliveries: 0 };
  const switches = await listDomainNotificationSettings(db, [...new Set(events.map((e) => e.userDomainId))]);
  const today = utcDay(now);
  const zones = await listUserTimeZones(db, [...new Set(events.map((e) => e.userId))]);
  const plans: PlannedNotification[] = [];
  for (const kind of new Set(events.map((e) => KIND_OF[e.category]))) {
    // A kind this product does not offer yet has no switch to honour: its events stay history.
    if (!known(kind)) continue;
    const ofKind = events.filter((e) => KIND_OF[e.category] === kind);
    const receivers = await receiversFor(db, kind, { userIds: [...new Set(ofKind.map((e) => e.userId))], evenIfOff: true });
    for (const event of ofKind) {
      const to = receivers.get(event.userId);
      if (!to) continue;
      const part = event.category === "registry" ? undefined : event.subject ?? undefined;
      if (!domainKindOn(to.kindOn, switches.get(event.userDomainId), kind, part)) continue;
      const message = domainEventMessage(event, origin, zones.get(event.userId) ?? null);
      const digestDate = to.prefs.deliveryModes[kind] === "digest" ? today : null;
      plans.push({
        notification: {
          userId: event.userId, kind, subjectKey: `domain:${event.userDomainId}`, occurrence: `event:${event.id}`,
          title: message.title, dueDate: today, payload: message.payload,
        },
        deliveries: to.channels.map((c) => ({ channelId: c.id, digestDate })),
      });
    }
  }
  const created = await insertPlannedNotifications(db, plans);
  await enqueueDeliveries(queue, created.deliveries);
  return { events: events.length, planned: created.notifications, deliveries: created.deliveries.length };
}
