/** Stored notifications as the message every channel receives (deps.ts OutgoingMessage). */
import type { DeliveryWork } from "../../../../db/repositories/notification-repository.ts";
import type { OutgoingMessage } from "./deps.ts";

const TYPES: Record<string, string> = {
  expiry: "domain.expiring", account_trouble: "account.sync", operator_incident: "incident.operator", status_incident: "incident.status", test: "test",
  watched_tld: "tld.target_reached",
  renewal_price: "domain.renewal_price",
  registry_change: "domain.registry_change", certificate: "domain.certificate", dns_change: "domain.dns_change",
  transfer_window: "domain.transfer_window",
};

export const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const paragraphs = (text: string) => text.split(/\n{2,}/).map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join("\n");

const textOf = (n: DeliveryWork["notification"]) => (typeof n.payload.text === "string" ? n.payload.text : n.title);

export function notificationMessage(work: DeliveryWork): OutgoingMessage {
  const n = work.notification;
  const { text: _, ...data } = n.payload;
  return {
    id: `notification-${n.id}`, type: TYPES[n.kind] ?? n.kind, title: n.title, text: textOf(n), html: paragraphs(textOf(n)),
    createdAt: n.createdAt.toISOString(), data,
  };
}

/** One message with every item of a channel's day, in the order of their due dates. */
export function digestMessage(items: DeliveryWork[], channelId: number, digestDate: string): OutgoingMessage {
  const count = items.length === 1 ? "1 notification" : `${items.length} notifications`;
  const lines = items.map((w) => textOf(w.notification));
  return {
    id: `digest-${channelId}-${digestDate}`, type: "digest",
    title: `Your notifications of ${digestDate}: ${count}`,
    text: lines.join("\n\n"),
    html: `<ul>\n${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("\n")}\n</ul>`,
    createdAt: new Date().toISOString(),
    data: { digestDate, items: items.map((w) => ({ id: `notification-${w.notification.id}`, type: TYPES[w.notification.kind] ?? w.notification.kind, title: w.notification.title })) },
  };
}
