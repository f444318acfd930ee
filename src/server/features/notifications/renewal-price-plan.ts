/**
 * The renewal price alerts' planner (kind renewal_price), run over each price run's event
 * (price-events.ts). One pass over the held domains of the changed TLDs decides the alerts
 * (renewal-price-rules.ts); each becomes one notification, unique per (user, kind,
 * `renewal:<registrar id>:<TLD id>`, occurrence naming the change), so a retried job, a restart or
 * a second worker finds it planned and plans nothing; then a delivery per receiving channel,
 * immediate or in the day's digest as the user chose.
 */
import { insertPlannedNotifications, type PlannedNotification } from "../../../../db/repositories/notification-repository.ts";
import { listHeldDomainsOfTlds } from "../../../../db/repositories/renewal-alert-repository.ts";
import { listRenewalQuotes } from "../../../../db/repositories/user-domain-repository.ts";
import { decimalStringToMinor } from "../../../shared/price-format.ts";
import type { DisplayConverter } from "../../../shared/display-converter.ts";
import { loadDisplayConverter } from "../../domain/display-currency.ts";
import { enqueueDeliveries } from "./deliveries.ts";
import { utcDay } from "./expiry-plan.ts";
import { receiversFor } from "./receivers.ts";
import type { PriceEvent, PriceEventPlanner } from "./price-events.ts";
import { renewalAlertFacts, renewalAlertText, renewalAlertTitle } from "./renewal-price-message.ts";
import { decideRenewalAlerts, type Receiver, type RenewalAlert } from "./renewal-price-rules.ts";

export const RENEWAL_PRICE = "renewal_price";

const minor = (n: number) => String(n);
function occurrenceOf(alert: RenewalAlert, event: PriceEvent): string {
  const { change } = alert;
  return alert.type === "changed"
    ? `${minor(alert.from)}→${minor(change.to)} ${change.currency} at ${event.observedAt}`
    : `undercut by ${event.providerId} ${minor(change.to)} ${change.currency} at ${event.observedAt}`;
}
const registrarOf = (alert: RenewalAlert, event: PriceEvent) => (alert.type === "changed" ? event.providerId : alert.heldAt.id);

export const renewalPricePlanner: PriceEventPlanner = {
  kind: RENEWAL_PRICE,
  async plan({ db, queue, config }, event, now) {
    if (event.renewalChanges.length === 0) return { alerts: 0, planned: 0, deliveries: 0 };
    const receiving = await receiversFor(db, RENEWAL_PRICE);
    const prefsByUser = new Map([...receiving].map(([userId, r]) => [userId, r.prefs]));
    if (prefsByUser.size === 0) return { alerts: 0, planned: 0, deliveries: 0 };

    const held = (await listHeldDomainsOfTlds(db, event.renewalChanges.map((c) => c.tldId))).filter((d) => prefsByUser.has(d.userId));
    if (held.length === 0) return { alerts: 0, planned: 0, deliveries: 0 };
    // Other registrars' quotes matter only for the TLDs someone holds away from the event's provider.
    const elsewhere = [...new Set(held.filter((d) => d.serviceProviderId !== event.providerId).map((d) => d.tldId))];
    const quotes = await listRenewalQuotes(db, elsewhere);
    const quoteCurrencies = [...new Set(event.renewalChanges.map((c) => c.currency))];
    const converters = new Map<string, DisplayConverter | undefined>();
    for (const currency of new Set([...prefsByUser.values()].map((p) => p.currency))) {
      // A currency whose rates are gone leaves prices in their own currency rather than no alert.
      converters.set(currency, await loadDisplayConverter(db, currency, quoteCurrencies).catch(() => undefined));
    }
    const receivers = new Map<number, Receiver>();
    for (const [userId, prefs] of prefsByUser) {
      // The thresholds as preferencesOf gives them (saved, or the defaults); the saving back in minor units.
      receivers.set(userId, {
        renewalChangePercent: prefs.renewalChangePercent,
        renewalUndercutMinor: decimalStringToMinor(prefs.renewalUndercut)!,
        converter: converters.get(prefs.currency),
      });
    }

    const alerts = decideRenewalAlerts(event, held, quotes, receivers, now, config.PRICE_STALE_DAYS);
    const today = utcDay(now);
    const plans: PlannedNotification[] = alerts.map((alert) => {
      const prefs = prefsByUser.get(alert.userId)!;
      const facts = renewalAlertFacts(alert, event, receivers.get(alert.userId)!.converter);
      const digestDate = prefs.deliveryModes.renewal_price === "digest" ? today : null;
      return {
        notification: {
          userId: alert.userId, kind: RENEWAL_PRICE, subjectKey: `renewal:${registrarOf(alert, event)}:${alert.change.tldId}`,
          occurrence: occurrenceOf(alert, event), title: renewalAlertTitle(facts), dueDate: today,
          payload: { ...facts, text: renewalAlertText(facts) },
        },
        deliveries: receiving.get(alert.userId)!.channels.map((c) => ({ channelId: c.id, digestDate })),
      };
    });
    const created = await insertPlannedNotifications(db, plans);
    await enqueueDeliveries(queue, created.deliveries);
    return { alerts: alerts.length, planned: created.notifications, deliveries: created.deliveries.length };
  },
};
