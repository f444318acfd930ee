/**
 * Server pages of the account flows reached from a mail or the sign-in page, in the look of
 * the sign-in page (plain HTML forms posting same-origin, no script): forgotten password, a
 * reset link's form, the two-step sign-in prompt and an address change's confirmation. A link
 * only ever shows a form; acting on it takes the form's POST.
 */
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../../shared/schemas/auth.ts";
import { SITE_BAR, STYLE } from "./login-page.ts";

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

const EXTRA_STYLE = ".narrow{max-width:420px}.ok{background:#f0fdf4;border:1px solid #bbf7d0;color:#166534;border-radius:6px;padding:8px 10px;margin-bottom:8px}"
  + "@media (prefers-color-scheme:dark){.ok{background:#052e16;border-color:#14532d;color:#bbf7d0}}";

function page(title: string, body: Html | string) {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} | TLDScope</title><style>${raw(STYLE + EXTRA_STYLE)}</style></head>
<body>${SITE_BAR}<main class="narrow"><h1>${title}</h1>${body}</main></body></html>`;
}

const errorBox = (error: string | undefined) => (error ? html`<div class="error" role="alert">${error}</div>` : "");
const okBox = (text: string) => html`<div class="ok" role="status">${text}</div>`;

export function renderForgotPage(state: { error?: string | undefined; email?: string | undefined; sent?: string | undefined; mailConfigured: boolean }) {
  if (!state.mailConfigured) {
    return page("Forgot your password?", html`<p class="lead">This server cannot send e-mail, so it cannot mail you a reset link.</p>
<div class="error" role="alert">Ask an administrator to give you a reset link. They can make one from the admin area's Users page or from a shell on the server.</div>
<p><a href="/api/login">Back to sign in</a></p>`);
  }
  return page("Forgot your password?", html`<p class="lead">Enter the e-mail address of your account and we will mail you a link to choose a new password.</p>
${state.sent ? okBox(state.sent) : ""}
<form method="post" action="/api/password-reset/request" aria-label="Ask for a reset link">${errorBox(state.error)}
<label for="reset-email">E-mail</label>
<input id="reset-email" name="email" type="email" autocomplete="email" required value="${state.email ?? ""}">
<button type="submit">Send me a link</button>
</form>
<p><a href="/api/login">Back to sign in</a></p>`);
}

export function renderResetPage(state: { token: string; email?: string | undefined; apiKeys?: number | undefined; error?: string | undefined }) {
  const keys = state.apiKeys ?? 0;
  return page("Choose a new password", html`<p class="lead">${state.email ? html`For ${state.email}. ` : ""}Every device signed in to the account will be signed out${keys > 0 ? ", and its API keys revoked unless you keep them below" : ""}.</p>
<form method="post" action="/api/password-reset" aria-label="Choose a new password">${errorBox(state.error)}
<input type="hidden" name="token" value="${state.token}">
<label for="reset-password">New password <small>(${PASSWORD_MIN}–${PASSWORD_MAX} characters)</small></label>
<input id="reset-password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}">
${keys > 0 ? html`<p><input id="reset-keep-keys" name="keepApiKeys" type="checkbox" value="on"> <label for="reset-keep-keys" style="display:inline">Keep my ${String(keys)} API key${keys === 1 ? "" : "s"} working (leave this off if someone else may have used your account)</label></p>` : ""}
<button type="submit">Set the new password</button>
</form>`);
}

export function renderLinkProblemPage(title: string, message: string, next: { href: string; label: string }) {
  return page(title, html`<div class="error" role="alert">${message}</div><p><a href="${next.href}">${next.label}</a></p>`);
}

export function renderDonePage(title: string, message: string, next: { href: string; label: string }) {
  return page(title, html`${okBox(message)}<p><a href="${next.href}">${next.label}</a></p>`);
}

export function renderTwoFactorPage(state: { token: string; returnTo?: string | undefined; error?: string | undefined }) {
  return page("Two-step sign-in", html`<p class="lead">Enter the 6-digit code your authenticator app shows for TLDScope, or one of your recovery codes.</p>
<form method="post" action="/api/login/two-factor" aria-label="Two-step sign-in">${errorBox(state.error)}
<input type="hidden" name="token" value="${state.token}">
${state.returnTo ? html`<input type="hidden" name="returnTo" value="${state.returnTo}">` : ""}
<label for="two-factor-code">Code</label>
<input id="two-factor-code" name="code" autocomplete="one-time-code" inputmode="text" required maxlength="40" autofocus>
<button type="submit">Sign in</button>
</form>
<p><a href="/api/login">Start again</a></p>`);
}

export function renderConfirmEmailPage(state: { token: string; newEmail: string; currentEmail: string; error?: string | undefined }) {
  return page("Confirm your new address", html`<p class="lead">Press the button to finish: until then the account ${state.currentEmail} keeps its address, and closing this page changes nothing.</p>
<form method="post" action="/api/account/email/confirm" aria-label="Confirm the new address">${errorBox(state.error)}
<input type="hidden" name="token" value="${state.token}">
<button type="submit">Use ${state.newEmail}</button>
</form>`);
}
