/** The pages behind the links in notification mails: confirm an address, unsubscribe one. */
import { html, raw } from "hono/html";
import { SITE_BAR, STYLE } from "../auth/login-page.ts";

const page = (title: string, body: ReturnType<typeof html>) => html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${title}</title><style>${raw(STYLE)}</style></head>
<body>${SITE_BAR}<main><h1>${title}</h1>${body}</main></body></html>`;

const settingsLink = html`<p><a href="/settings/notifications">Notification settings</a></p>`;

export const confirmedPage = (email: string) => page("Address confirmed", html`
<p class="lead"><strong>${email}</strong> now receives your TLDScope notifications.</p>${settingsLink}`);

/** The unsubscribe link opened in a browser: one button, so a link scanner opening it changes nothing. */
export const unsubscribeAskPage = (email: string | null, token: string, alreadyOff: boolean) => page("Unsubscribe", alreadyOff
  ? html`<p class="lead"><strong>${email}</strong> receives no notifications already.</p>${settingsLink}`
  : html`
<p class="lead">Stop sending TLDScope notifications to <strong>${email}</strong>?</p>
<form method="post" action="/api/notifications/unsubscribe?token=${encodeURIComponent(token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button>
</form>${settingsLink}`);

export const unsubscribedPage = (email: string | null) => page("Unsubscribed", html`
<p class="lead"><strong>${email}</strong> receives no more notifications. You can turn it on again in the settings.</p>${settingsLink}`);

export const linkErrorPage = (title: string, message: string) => page(title, html`<div class="error" role="alert">${message}</div>${settingsLink}`);
