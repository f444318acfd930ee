/**
 * The sign-in page served at GET /api/login: plain HTML forms posting same-origin, so it needs
 * no client bundle and no script (the CSP allows none inline). Every interpolation goes
 * through Hono's `html` helper, which escapes it.
 */
import { html, raw } from "hono/html";
import { FIRST_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "../../../shared/schemas/auth.ts";

export interface LoginPageState {
  /** Which form the message belongs to. */
  form?: "signin" | "register";
  error?: string | undefined;
  email?: string | undefined;
  firstName?: string | undefined;
  returnTo?: string | undefined;
}

/** The site's look in plain CSS: its top bar and brand, its blue, and dark mode when the system asks. */
export const STYLE = `
:root{color-scheme:light dark}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#fafafa;color:#18181b}
.site-bar{position:sticky;top:0;height:3.5rem;border-bottom:1px solid rgba(128,128,128,.25);background:inherit}
.site-bar>a{display:flex;align-items:center;gap:.5rem;box-sizing:border-box;max-width:80rem;height:100%;margin:0 auto;padding:0 1rem;color:inherit;text-decoration:none;font-weight:700;font-size:1.125rem}
.site-bar>a>span{display:grid;place-items:center;width:1.75rem;height:1.75rem;border-radius:.375rem;background:#2563eb;color:#fff;font-size:1rem}
main{max-width:820px;margin:40px auto;padding:0 16px}
h1{font-size:1.6rem;margin:0 0 4px}p.lead{margin:0 0 24px;color:#52525b}
.grid{display:grid;gap:16px;grid-template-columns:repeat(auto-fit,minmax(300px,1fr))}
form{background:#fff;border:1px solid #e4e4e7;border-radius:10px;padding:20px}
h2{font-size:1.15rem;margin:0 0 12px}label{display:block;font-size:.9rem;margin:10px 0 4px}
input{box-sizing:border-box;width:100%;padding:9px 10px;border:1px solid #d4d4d8;border-radius:6px;font-size:1rem;background:inherit;color:inherit}
button{margin-top:16px;width:100%;padding:10px;border:0;border-radius:6px;background:#2563eb;color:#fff;font-size:1rem;cursor:pointer}
button:hover{background:#1d4ed8}
.error{background:#fef2f2;border:1px solid #fecaca;color:#991b1b;border-radius:6px;padding:8px 10px;margin-bottom:8px}
a{color:#2563eb}small{color:#71717a}
@media (prefers-color-scheme:dark){body{background:#09090b;color:#fafafa}form{background:#18181b;border-color:#27272a}
p.lead,small{color:#a1a1aa}input{border-color:#3f3f46}a{color:#60a5fa}.error{background:#450a0a;border-color:#7f1d1d;color:#fecaca}}`;

/** The top bar every page of the site starts with: the brand, linking home. */
export const SITE_BAR = raw('<header class="site-bar"><a href="/"><span aria-hidden="true">T</span>TLDScope</a></header>');

/** "Sign in | TLDScope", as the site's own pages name themselves. */
const titled = (title: string) => `${title} | TLDScope`;

const returnField = (returnTo: string | undefined) =>
  returnTo ? html`<input type="hidden" name="returnTo" value="${returnTo}">` : "";

const errorBox = (state: LoginPageState, form: "signin" | "register") =>
  state.error && (state.form ?? "signin") === form ? html`<div class="error" role="alert">${state.error}</div>` : "";

export function renderLoginPage(state: LoginPageState = {}) {
  const email = state.email ?? "";
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${titled("Sign in")}</title><style>${raw(STYLE)}</style></head>
<body>${SITE_BAR}<main>
<h1>Sign in to TLDScope</h1>
<p class="lead">Sign in to manage your domain portfolio. <a href="/">Back to the site</a></p>
<div class="grid">
<form method="post" action="/api/login" aria-labelledby="signin-title">
<h2 id="signin-title">Sign in</h2>${errorBox(state, "signin")}
<label for="signin-email">E-mail</label>
<input id="signin-email" name="email" type="email" autocomplete="email" required value="${state.form === "register" ? "" : email}">
<label for="signin-password">Password</label>
<input id="signin-password" name="password" type="password" autocomplete="current-password" required>
${returnField(state.returnTo)}<button type="submit">Sign in</button>
<p><a href="/api/password-reset/request">Forgot password?</a></p>
</form>
<form method="post" action="/api/register" aria-labelledby="register-title">
<h2 id="register-title">Create account</h2>${errorBox(state, "register")}
<label for="register-first-name">First name <small>(optional)</small></label>
<input id="register-first-name" name="firstName" autocomplete="given-name" maxlength="${FIRST_NAME_MAX}" value="${state.firstName ?? ""}">
<label for="register-email">E-mail</label>
<input id="register-email" name="email" type="email" autocomplete="email" required value="${state.form === "register" ? email : ""}">
<label for="register-password">Password <small>(${PASSWORD_MIN}–${PASSWORD_MAX} characters)</small></label>
<input id="register-password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}">
${returnField(state.returnTo)}<button type="submit">Create account</button>
</form>
</div></main></body></html>`;
}

/** For failures outside the forms (an OpenID Connect callback that did not verify). */
export function renderAuthErrorPage(message: string) {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${titled("Sign-in failed")}</title><style>${raw(STYLE)}</style></head>
<body>${SITE_BAR}<main><h1>Sign-in failed</h1><div class="error" role="alert">${message}</div>
<p><a href="/api/login">Try again</a> · <a href="/">Back to the site</a></p></main></body></html>`;
}

/** GET /api/logout from another site: sign out only if the visitor presses the button. */
export function renderSignOutPage() {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${titled("Sign out")}</title><style>${raw(STYLE)}</style></head>
<body>${SITE_BAR}<main><h1>Sign out?</h1>
<form method="post" action="/api/logout"><p>Press the button to sign out of this site.</p><button type="submit">Sign out</button></form>
<p><a href="/">Back to the site</a></p></main></body></html>`;
}
