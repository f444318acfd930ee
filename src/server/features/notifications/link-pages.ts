/** The pages behind the links in notification mails: an address confirmed, unsubscribing one. */
import { html, raw } from "hono/html";

/** The site's top bar and colours, as the error pages (lib/error-page.ts) draw them. */
const STYLE = `html{color-scheme:light dark}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#fff;color:#18181b;line-height:1.5}
@media (prefers-color-scheme:dark){body{background:#09090b;color:#fafafa}}
header{height:3.5rem;border-bottom:1px solid rgba(128,128,128,.25)}
header>a{display:flex;align-items:center;gap:.5rem;max-width:80rem;height:100%;margin:0 auto;padding:0 1rem;color:inherit;text-decoration:none;font-weight:700;font-size:1.125rem}
header>a>span{display:grid;place-items:center;width:1.75rem;height:1.75rem;border-radius:.375rem;background:#2563eb;color:#fff}
main{max-width:40rem;margin:3rem auto;padding:0 1rem}
h1{font-size:1.75rem;margin:0 0 1rem}
a{color:#2563eb}
button{font:inherit;padding:.5rem 1rem;border-radius:.375rem;border:none;background:#2563eb;color:#fff;cursor:pointer}`;

const page = (title: string, body: ReturnType<typeof html>) => html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${title} · TLDScope</title><style>${raw(STYLE)}</style></head>
<body><header><a href="/"><span aria-hidden="true">T</span>TLDScope</a></header><main><h1>${title}</h1>${body}</main></body></html>`;

const settingsLink = html`<p><a href="/settings/notifications">Notification settings</a></p>`;

/** The confirmation link opened (GET or HEAD): one button, so a link scanner opening it confirms nothing. */
export const confirmAskPage = (email: string, token: string) => page("Confirm your address", html`
<p>Receive TLDScope notifications at <strong>${email}</strong>?</p>
<form method="post" action="/api/notifications/confirm?token=${encodeURIComponent(token)}">
<button type="submit">Confirm</button>
</form>
<p>If you did not ask for this, close this page: the address receives nothing until it is confirmed.</p>`);

export const confirmedPage = (email: string, already: boolean) => page(already ? "Already confirmed" : "Address confirmed", already
  ? html`<p><strong>${email}</strong> is already confirmed: it receives your TLDScope notifications.</p>${settingsLink}`
  : html`<p><strong>${email}</strong> now receives your TLDScope notifications.</p>${settingsLink}`);

const unsubscribeForm = (token: string, label: string) => html`
<form method="post" action="/api/notifications/unsubscribe?token=${encodeURIComponent(token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${label}</button>
</form>`;

const allowAgainForm = (token: string) => html`
<form method="post" action="/api/notifications/resubscribe?token=${encodeURIComponent(token)}">
<button type="submit">Allow mail again</button>
</form>`;

/** The unsubscribe link of a notification mail opened in a browser: one button, so a link scanner opening it changes nothing. */
export const unsubscribeAskPage = (email: string | null, token: string, alreadyOff: boolean) => page("Unsubscribe", alreadyOff
  ? html`<p><strong>${email}</strong> receives no notifications already.</p>${settingsLink}`
  : html`
<p>Stop sending TLDScope notifications to <strong>${email}</strong>?</p>${unsubscribeForm(token, "Unsubscribe")}${settingsLink}`);

/** The unsubscribe link of a confirmation mail opened in a browser: stop all mail to the address, or allow it again. */
export const addressStopAskPage = (email: string, token: string, suppressed: boolean) => page("Stop mail from TLDScope", suppressed
  ? html`<p><strong>${email}</strong> gets no mail from TLDScope, whoever asks for it.</p>
<p>Changed your mind? Allow mail again, then add the address in your notification settings.</p>${allowAgainForm(token)}`
  : html`<p>Get no more mail from TLDScope at <strong>${email}</strong>, whoever asks for it?</p>${unsubscribeForm(token, "Stop all mail")}`);

export const unsubscribedPage = (email: string | null) => page("Unsubscribed", html`
<p><strong>${email}</strong> receives no more notifications. You can turn it on again in the notification settings.</p>${settingsLink}`);

export const addressStoppedPage = (email: string, token: string) => page("No more mail", html`
<p>TLDScope sends no more mail to <strong>${email}</strong>, whoever asks for it.</p>
<p>Changed your mind?</p>${allowAgainForm(token)}`);

export const mailAllowedPage = (email: string) => page("Mail allowed again", html`
<p>TLDScope may send mail to <strong>${email}</strong> again: add it in your notification settings to receive notifications there.</p>${settingsLink}`);
