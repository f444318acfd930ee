/**
 * REST doors to notifications. The settings need a session; the confirmation and unsubscribe
 * links in mails work without one (their tokens authorise them). Opening a link (GET, or HEAD as
 * mail scanners do) changes nothing: it shows a page with one button, whose POST acts.
 * POST /notifications/unsubscribe is RFC 8058's one-click unsubscribe, which mail providers send
 * from their own servers.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { channelIdSchema, emailChannelSchema, notificationPreferencesSchema } from "../../../shared/schemas/notifications.ts";
import { webhookChannelSchema } from "../../../shared/schemas/webhook-channel.ts";
import { deliveryFailuresQuerySchema } from "../../../shared/schemas/delivery-failures.ts";
import { requireAdmin, requireUser } from "../../lib/auth-guards.ts";
import { htmlError, wantsHtml } from "../../lib/error-page.ts";
import { AppError } from "../../lib/errors.ts";
import { readJsonBody } from "../../lib/json-body.ts";
import { parseOrThrow, pathId, queryOf, signedInUserId, type AppEnv } from "../../lib/hono-env.ts";
import { confirmEmail, inspectConfirmLink } from "./confirmation.ts";
import { listDeliveryFailuresForAdmin } from "./delivery-failures.ts";
import {
  addressStopAskPage, addressStoppedPage, confirmAskPage, confirmedPage, mailAllowedPage, unsubscribeAskPage, unsubscribedPage,
} from "./link-pages.ts";
import { updatePreferences } from "./preferences.ts";
import {
  addEmailChannel, deliveryLog, notificationOverview, removeChannel, resendConfirmation, sendTest, setChannelEnabled,
} from "./service.ts";
import { allowMailAgain, inspectUnsubscribeLink, unsubscribe } from "./unsubscribe.ts";
import { addWebhookChannel } from "./webhook-channels.ts";
import { watchedTldsRest } from "./watched-tlds-rest.ts";
import { domainNotificationSettingsSchema } from "../../../shared/schemas/domain-history.ts";
import { userDomainIdSchema } from "../../../shared/schemas/user-domain.ts";
import { getDomainNotificationSettings, updateDomainNotificationSettings } from "./domain-settings.ts";

const userId = signedInUserId;
const idOf = (c: Context<AppEnv>) => pathId(c, channelIdSchema, "Notification channel not found");

/** A browser: a navigation, or the unsubscribe page's form (mail providers' one-click POSTs ask for no HTML). */
const fromBrowser = (c: Context<AppEnv>) => wantsHtml(c) || (c.req.method === "POST" && /text\/html/.test(c.req.header("accept") ?? ""));

/** A link opened in a browser gets its answer as a page, an error with its status too; API clients get JSON. */
async function linkAnswer(c: Context<AppEnv>, run: () => Promise<ReturnType<typeof confirmedPage>>, json: () => unknown) {
  try {
    const page = await run();
    return fromBrowser(c) ? c.html(page) : c.json(json());
  } catch (error) {
    if (error instanceof AppError && fromBrowser(c)) {
      return htmlError(c, error.status, error.message, c.var.ctx.origin, [{ href: "/settings/notifications", label: "Notification settings" }]);
    }
    throw error;
  }
}

const domainIdOf = (c: Context<AppEnv>) => pathId(c, userDomainIdSchema, "Domain not found");

export const notificationsRest = new Hono<AppEnv>()
  // A portfolio domain's own switches (GET) and setting some of them (PUT { switches: { key: inherit|on|off } }).
  .get("/user-domains/:id/notification-settings", requireUser, async (c) =>
    c.json(await getDomainNotificationSettings(c.var.ctx.db, c.var.ctx.user!, domainIdOf(c))))
  .put("/user-domains/:id/notification-settings", requireUser, async (c) => {
    const id = domainIdOf(c);
    const input = parseOrThrow(domainNotificationSettingsSchema, await readJsonBody(c), "body");
    return c.json(await updateDomainNotificationSettings(c.var.ctx.db, c.var.ctx.user!, id, input));
  })
  .get("/notifications/confirm", (c) => {
    const token = c.req.query("token");
    let link: Awaited<ReturnType<typeof inspectConfirmLink>> | null = null;
    return linkAnswer(c, async () => {
      link = await inspectConfirmLink(c.var.ctx.db, token);
      return link.state === "confirmed" ? confirmedPage(link.email, true) : confirmAskPage(link.email, token!);
    }, () => ({ confirmed: link!.state === "confirmed", email: link!.email, ...(link!.state === "ready" ? { message: "Send a POST to this URL to confirm" } : {}) }));
  })
  .post("/notifications/confirm", (c) => {
    let done: Awaited<ReturnType<typeof confirmEmail>> | null = null;
    return linkAnswer(c, async () => {
      done = await confirmEmail(c.var.ctx.db, c.req.query("token"));
      return confirmedPage(done.email, done.alreadyConfirmed);
    }, () => ({ confirmed: true, email: done!.email, alreadyConfirmed: done!.alreadyConfirmed }));
  })
  .get("/notifications/unsubscribe", (c) => linkAnswer(c, async () => {
    const token = c.req.query("token") ?? "";
    const link = await inspectUnsubscribeLink(c.var.ctx.db, c.var.ctx.signer, token);
    return link.kind === "address" ? addressStopAskPage(link.email, token, link.suppressed) : unsubscribeAskPage(link.email, token, link.off);
  }, () => ({ message: "Send a POST to this URL to unsubscribe" })))
  .post("/notifications/unsubscribe", (c) => {
    const token = c.req.query("token") ?? "";
    let email: string | null = null;
    return linkAnswer(c, async () => {
      const done = await unsubscribe(c.var.ctx.db, c.var.ctx.signer, token);
      email = done.email;
      return done.kind === "address" ? addressStoppedPage(done.email!, token) : unsubscribedPage(done.email);
    }, () => ({ unsubscribed: true, email }));
  })
  .post("/notifications/resubscribe", (c) => {
    let email: string | null = null;
    return linkAnswer(c, async () => {
      email = (await allowMailAgain(c.var.ctx.db, c.var.ctx.signer, c.req.query("token"))).email;
      return mailAllowedPage(email);
    }, () => ({ allowed: true, email }));
  })
  .get("/notifications", requireUser, async (c) => c.json(await notificationOverview(c.var.ctx, c.var.ctx.user!)))
  .get("/notifications/deliveries", requireUser, async (c) => c.json(await deliveryLog(c.var.ctx.db, userId(c))))
  .get("/admin/notification-deliveries", requireAdmin, async (c) => {
    const query = parseOrThrow(deliveryFailuresQuerySchema, queryOf(c), "query");
    c.header("Cache-Control", "private, no-store");
    return c.json(await listDeliveryFailuresForAdmin(c.var.ctx.db, query));
  })
  .put("/notifications/preferences", requireUser, async (c) => {
    const input = parseOrThrow(notificationPreferencesSchema, await readJsonBody(c), "body");
    return c.json(await updatePreferences(c.var.ctx.db, c.var.ctx.user!, input));
  })
  .post("/notifications/channels", requireUser, async (c) => {
    const input = parseOrThrow(emailChannelSchema, await readJsonBody(c), "body");
    return c.json(await addEmailChannel(c.var.ctx, userId(c), input.email), 201);
  })
  .post("/notifications/webhooks", requireUser, async (c) => {
    const input = parseOrThrow(webhookChannelSchema, await readJsonBody(c), "body");
    return c.json(await addWebhookChannel(c.var.ctx, userId(c), input), 201);
  })
  .patch("/notifications/channels/:id", requireUser, async (c) => {
    const input = parseOrThrow(z.object({ enabled: z.boolean({ error: "enabled must be true or false" }) }), await readJsonBody(c), "body");
    return c.json(await setChannelEnabled(c.var.ctx.db, userId(c), idOf(c), input.enabled));
  })
  .delete("/notifications/channels/:id", requireUser, async (c) => c.json(await removeChannel(c.var.ctx.db, userId(c), idOf(c))))
  .post("/notifications/channels/:id/confirmation", requireUser, async (c) => c.json(await resendConfirmation(c.var.ctx, userId(c), idOf(c))))
  .post("/notifications/channels/:id/test", requireUser, async (c) => c.json(await sendTest(c.var.ctx, userId(c), idOf(c)), 202))
  .route("/notifications/watches", watchedTldsRest);
