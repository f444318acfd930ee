/**
 * A rendered page made into its HTML (docs/decisions/017): the client's server entry's result
 * written into the built index.html (the page's markup in #root, its title, description and
 * canonical URL in the head, and the query cache it was rendered from as inert JSON for
 * hydration), and, for a page the shared page cache will keep, its brotli copy. Runs where the
 * page was rendered: in a render thread, so none of it costs the main thread (decision 024).
 */
import { brotliCompressSync, constants } from "node:zlib";
import type { PageStyles, RenderResult } from "../../client/entry-server.tsx";
import { clientPageTitle, fullPageTitle } from "../../shared/page-titles.ts";

/** index.html marks what the server replaces: the static top bar inside #root. */
const OUTLET = /<!--ssr-outlet-->[\s\S]*<!--\/ssr-outlet-->/;
const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeText = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** JSON inside <script>: no "</script>" or "<!--" can end or confuse it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** True when the built index.html has every mark the server render writes into. */
export const canServerRender = (indexHtml: string) =>
  OUTLET.test(indexHtml) && TITLE.test(indexHtml) && DESCRIPTION.test(indexHtml) && indexHtml.includes("</head>") && indexHtml.includes("</body>");

/**
 * The shell of a page the browser renders alone (a signed-in area, the status page) with that
 * page's own title instead of the home page's (src/shared/page-titles.ts); other paths as they are.
 */
export function withClientPageTitle(html: string, pathname: string): string {
  const title = clientPageTitle(pathname);
  return title ? html.replace(TITLE, () => `<title>${escapeText(fullPageTitle(title))}</title>`) : html;
}

/** A page's HTML compressed as the page cache sends it to a client accepting br. */
export const brotliPage = (body: Uint8Array): Buffer =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });

/** What a render is written into, besides its own result. */
export interface PageFrame {
  /** index.html with the page's preload hints already in the head. */
  template: string;
  /** Also make the brotli copy (a signed-out page, which the shared page cache keeps). */
  compress: boolean;
}

/**
 * A written page is its UTF-8 bytes, not a string: a render thread hands its buffers over to the
 * main thread whole (transferPage), where a string would be copied into the main thread's heap,
 * tens of kilobytes a page that only a full garbage collection there gives back.
 */
export type PageOutcome =
  | { kind: "page"; status: 200 | 404; body: Uint8Array; br?: Uint8Array | undefined }
  /** Not rendered (a query failed, the render failed or timed out, or no room for it): the shell. */
  | { kind: "shell"; status: 200 | 404 };

/**
 * The page's component styles, with emotion's rule ids for the browser's cache to mark as
 * inserted (src/client/lib/style-cache.ts). Last in the head, where emotion adds its rules,
 * after the global stylesheet they override.
 */
function styleTag(styles: PageStyles): string {
  if (styles.ids.length === 0) return "";
  // Rules come from the app's style objects, never from visitors; still, nothing may end the element.
  return `<style id="ssr-styles" data-ids="${escapeAttribute(styles.ids.join(" "))}">${styles.css.replace(/<\/style/gi, "<\\/style")}</style>`;
}

/** The render's result for the request (`url`: path and query; `origin`: the site's) written into the frame. */
export function finishPage(result: RenderResult, request: { url: string; origin: string }, frame: PageFrame): PageOutcome {
  if (result.kind === "shell") return result;
  const canonical = `${request.origin}${result.head.canonicalPath ?? new URL(request.url, "http://page.internal").pathname}`;
  const html = frame.template
    .replace(TITLE, () => `<title>${escapeText(result.head.title)}</title>`)
    .replace(DESCRIPTION, () => `<meta name="description" content="${escapeAttribute(result.head.description)}" />`)
    .replace("</head>", () => `<link rel="canonical" href="${escapeAttribute(canonical)}" />${styleTag(result.styles)}</head>`)
    .replace(OUTLET, () => result.html)
    .replace("</body>", () => `<script type="application/json" id="ssr-state">${scriptJson(result.state)}</script></body>`);
  const body = new TextEncoder().encode(html);
  return { kind: "page", status: result.status, body, br: frame.compress ? ownBuffer(brotliPage(body)) : undefined };
}

/** `bytes` alone in an ArrayBuffer of its own (a Buffer may be a view of a shared one), so it can be transferred. */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

/** The buffers a page outcome hands over to the thread it is posted to (moved, not copied). */
export function transferPage(outcome: PageOutcome | null): ArrayBuffer[] {
  if (outcome?.kind !== "page") return [];
  return [outcome.body, outcome.br].flatMap((bytes) => (bytes && bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : []));
}

/** A written page's HTML as text (tests, and the rare reader that needs the markup). */
export const pageText = (body: Uint8Array): string => Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8");
