import { z } from "zod";
import { channelIdSchema, emailChannelSchema, notificationPreferencesSchema } from "../../../shared/schemas/notifications.ts";
import { webhookChannelSchema } from "../../../shared/schemas/webhook-channel.ts";
import { deliveryFailuresQuerySchema } from "../../../shared/schemas/delivery-failures.ts";
import { adminProcedure, authedProcedure, router } from "../../trpc/init.ts";
import { listDeliveryFailuresForAdmin } from "./delivery-failures.ts";
import { updatePreferences } from "./preferences.ts";
import {
  addEmailChannel, deliveryLog, notificationOverview, removeChannel, resendConfirmation, sendTest, setChannelEnabled,
} from "./service.ts";
import { addWebhookChannel } from "./webhook-channels.ts";
import { watchedTldsRouter } from "./watched-tlds-router.ts";
import { domainNotificationSettingsSchema } from "../../../shared/schemas/domain-history.ts";
import { userDomainIdSchema } from "../../../shared/schemas/user-domain.ts";
import { getDomainNotificationSettings, updateDomainNotificationSettings } from "./domain-settings.ts";

const byId = z.object({ id: channelIdSchema });

export const notificationsRouter = router({
  /** Channels, settings, and whether this server can send e-mail. */
  overview: authedProcedure.query(({ ctx }) => notificationOverview(ctx, ctx.user)),
  deliveries: authedProcedure.query(({ ctx }) => deliveryLog(ctx.db, ctx.user.id)),
  addEmail: authedProcedure.input(emailChannelSchema).mutation(({ ctx, input }) => addEmailChannel(ctx, ctx.user.id, input.email)),
  /** A webhook channel; a generic one's signing secret is in this answer only. */
  addWebhook: authedProcedure.input(webhookChannelSchema).mutation(({ ctx, input }) => addWebhookChannel(ctx, ctx.user.id, input)),
  resendConfirmation: authedProcedure.input(byId).mutation(({ ctx, input }) => resendConfirmation(ctx, ctx.user.id, input.id)),
  setEnabled: authedProcedure.input(byId.extend({ enabled: z.boolean() }))
    .mutation(({ ctx, input }) => setChannelEnabled(ctx.db, ctx.user.id, input.id, input.enabled)),
  remove: authedProcedure.input(byId).mutation(({ ctx, input }) => removeChannel(ctx.db, ctx.user.id, input.id)),
  sendTest: authedProcedure.input(byId).mutation(({ ctx, input }) => sendTest(ctx, ctx.user.id, input.id)),
  savePreferences: authedProcedure.input(notificationPreferencesSchema)
    .mutation(({ ctx, input }) => updatePreferences(ctx.db, ctx.user, input)),
  /** Administrators: failed and stuck deliveries of every user, the latest attempt first. */
  adminFailures: adminProcedure.input(deliveryFailuresQuerySchema).query(({ ctx, input }) => listDeliveryFailuresForAdmin(ctx.db, input)),
  /** A portfolio domain's own switches per kind (inherit, on, off) and its parts' mutes. */
  domainSettings: authedProcedure.input(z.object({ id: userDomainIdSchema }))
    .query(({ ctx, input }) => getDomainNotificationSettings(ctx.db, ctx.user, input.id)),
  saveDomainSettings: authedProcedure.input(domainNotificationSettingsSchema.extend({ id: userDomainIdSchema }))
    .mutation(({ ctx, input: { id, ...body } }) => updateDomainNotificationSettings(ctx.db, ctx.user, id, body)),
  /** Watched TLDs with target prices. */
  watches: watchedTldsRouter,
});
