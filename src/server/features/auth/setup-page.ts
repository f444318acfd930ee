/** The setup link's pages: a confirmation with one button, or why the link cannot be used. */
import { html, raw } from "hono/html";
import { SITE_BAR, STYLE } from "./login-page.ts";

const page = (title: string, body: ReturnType<typeof html>) => html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><style>${raw(STYLE)}</style></head>
<body>${SITE_BAR}<main><h1>${title}</h1>${body}</main></body></html>`;

export function renderSetupPage(state: { email: string; token: string }) {
  return page("Set up an administrator", html`
<p class="lead">This server has no administrator yet. You are signed in as <strong>${state.email}</strong>.</p>
<form method="post" action="/api/setup">
<p>Administrators manage registrars, price sources and other accounts. Only continue if this is your account.</p>
<input type="hidden" name="token" value="${state.token}">
<button type="submit">Make this account an administrator</button>
</form>
<p>Not the account to promote? <a href="/api/logout">Sign out</a>, sign in with the right one and open the link again.</p>`);
}

export function renderSetupErrorPage(message: string) {
  return page("Setup link cannot be used", html`<div class="error" role="alert">${message}</div><p><a href="/">Back to the site</a></p>`);
}
