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

export const confirmedPage = (email: string) => page("Address confirmed", html`
<p><strong>${email}</strong> now receives your TLDScope notifications.</p>${settingsLink}`);

/** The unsubscribe link opened in a browser: one button, so a link scanner opening it changes nothing. */
export const unsubscribeAskPage = (email: string | null, token: string, alreadyOff: boolean) => page("Unsubscribe", alreadyOff
  ? html`<p><strong>${email}</strong> receives no notifications already.</p>${settingsLink}`
  : html`
<p>Stop sending TLDScope notifications to <strong>${email}</strong>?</p>
<form method="post" action="/api/notifications/unsubscribe?token=${encodeURIComponent(token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button>
</form>${settingsLink}`);

export const unsubscribedPage = (email: string | null) => page("Unsubscribed", html`
<p><strong>${email}</strong> receives no more notifications. You can turn it on again in the notification settings.</p>${settingsLink}`);
