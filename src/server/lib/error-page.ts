/**
 * Error answers for people. A browser navigation (a link opened in a tab, an address typed in)
 * asks for HTML first; it gets a small page in the site's look with the message and a way back
 * instead of a tab of JSON. API clients (Accept: application/json, or no Accept) keep the JSON.
 */
import type { Context } from "hono";
import { html, raw } from "hono/html";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The q-value a media range gets in an Accept header (0 when absent). */
function quality(accept: string, type: string): number {
  let best = 0;
  for (const part of accept.split(",")) {
    const [range = "", ...params] = part.trim().toLowerCase().split(";");
    if (range !== type) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    best = Math.max(best, q ? Number(q.slice(2)) || 0 : 1);
  }
  return best;
}

/**
 * True for a GET that prefers HTML to JSON: what browsers send for navigations
 * ("text/html,application/xhtml+xml,…,*\/*;q=0.8"). fetch() and API clients send no text/html.
 */
export function wantsHtml(c: Context): boolean {
  if (c.req.method !== "GET" && c.req.method !== "HEAD") return false;
  const accept = c.req.header("accept");
  if (!accept) return false;
  const htmlQ = quality(accept, "text/html");
  return htmlQ > 0 && htmlQ >= quality(accept, "application/json");
}

export interface ErrorPageLink {
  href: string;
  label: string;
}

const TITLES: Partial<Record<number, string>> = {
  400: "This link cannot be opened",
  401: "Sign in needed",
  403: "Not allowed",
  404: "Not found",
  429: "Too many requests",
  503: "Temporarily unavailable",
};

const errorPageTitle = (status: number) => TITLES[status] ?? (status >= 500 ? "Something went wrong" : "This request cannot be completed");

/** The same top bar, colours and icon as the client's index.html, so the page reads as the site's. */
const STYLE = `
html{color-scheme:light dark}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#fff;color:#18181b;line-height:1.5}
@media (prefers-color-scheme:dark){body{background:#09090b;color:#fafafa}.message{background:#18181b!important;border-color:#3f3f46!important}}
.boot-bar{position:sticky;top:0;height:3.5rem;border-bottom:1px solid rgba(128,128,128,.25)}
.boot-bar>a{display:flex;align-items:center;gap:.5rem;box-sizing:border-box;max-width:80rem;height:100%;margin:0 auto;padding:0 1rem;color:inherit;text-decoration:none;font-weight:700;font-size:1.125rem}
.boot-bar>a>span{display:grid;place-items:center;width:1.75rem;height:1.75rem;border-radius:.375rem;background:#2563eb;color:#fff;font-size:1rem}
main{max-width:40rem;margin:3rem auto;padding:0 1rem}
h1{font-size:1.75rem;margin:0 0 1rem}
.message{background:#fafafa;border:1px solid #e4e4e7;border-radius:.5rem;padding:1rem;margin:0 0 1.5rem}
nav a{display:inline-block;margin:0 1rem .5rem 0;color:#2563eb}
.status{color:#71717a;font-size:.875rem}`;

const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='6' fill='%232563eb'/%3E%3Ctext x='16' y='22' font-size='18' font-family='sans-serif' font-weight='700' text-anchor='middle' fill='white'%3ET%3C/text%3E%3C/svg%3E";

function renderErrorPage({ status, message, links }: { status: number; message: string; links: readonly ErrorPageLink[] }) {
  const title = errorPageTitle(status);
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} · TLDScope</title><meta name="robots" content="noindex"><link rel="icon" href="${ICON}"><style>${raw(STYLE)}</style></head>
<body><header class="boot-bar"><a href="/"><span aria-hidden="true">T</span>TLDScope</a></header>
<main><h1>${title}</h1><p class="message" role="alert">${message}</p>
<nav aria-label="Where to go next">${links.map((l) => html`<a href="${l.href}">${l.label}</a>`)}</nav>
<p class="status">Error ${status}</p></main></body></html>`;
}

/**
 * The page a link came from when it is one of this site's own (same origin as `origin`), as a
 * path; null for other sites, so the way back never points away from here.
 */
function sameSiteReferrer(c: Context, origin: string): string | null {
  const referrer = c.req.header("referer");
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    return url.origin === origin ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}

/** The HTML answer for a navigation: the message, the page it came from when known, then `links`. */
export function htmlError(c: Context, status: ContentfulStatusCode, message: string, origin: string, links: readonly ErrorPageLink[] = []) {
  const back = sameSiteReferrer(c, origin);
  const all = [...(back ? [{ href: back, label: "Back to the previous page" }] : []), ...links, { href: "/", label: "TLDScope home" }];
  c.header("Cache-Control", "no-store");
  return c.html(renderErrorPage({ status, message, links: all.filter((l, i) => all.findIndex((o) => o.href === l.href) === i) }), status);
}
