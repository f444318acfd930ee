/**
 * Public pages answer with their content in the HTML (docs/decisions/017): the client's own
 * server entry (src/client/entry-server.tsx) renders the page, and this module writes the result
 * into the built index.html: the page's markup in #root, its title, description and canonical
 * URL in the head, and the query cache it was rendered from as inert JSON for hydration.
 */
import type { PageStyles } from "../../client/entry-server.tsx";
import { createPageRenderer, type PageRenderer, type PageRendererOptions } from "./render-pool.ts";
import type { RenderCalls } from "./render-port.ts";

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
 * Renders on the main thread, loading the client code on the first page request, until
 * configurePageRenderer says otherwise (main.ts does at start, with a worker pool by default).
 */
let renderer: PageRenderer = createPageRenderer({ workers: 0, maxQueue: 16, timeoutMs: 5000 });

/** Replaces how pages are rendered (render-pool.ts), closing the previous renderer's threads. */
export async function configurePageRenderer(options: PageRendererOptions): Promise<void> {
  const previous = renderer;
  renderer = createPageRenderer(options);
  await previous.close();
}

/** Stops the render threads (shutdown). */
export const closePageRenderer = (): Promise<void> => renderer.close();

export interface PageAnswer {
  status: 200 | 404;
  html: string;
}

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

/**
 * The HTML for a page request, or null when the path is client-rendered (signed-in areas and
 * live status). `template` is index.html with its preload hints already in the head.
 */
export async function renderPageHtml(
  template: string,
  request: { url: URL; cookies: string | undefined; signedOut: boolean; origin: string },
  calls: RenderCalls,
): Promise<PageAnswer | null> {
  const result = await renderer.render({
    url: request.url.pathname + request.url.search, origin: request.origin, cookies: request.cookies, signedOut: request.signedOut,
  }, calls);
  if (!result) return null;
  // Not rendered (a query failed, the render failed or timed out, or no room for it): the shell.
  if (result.kind === "shell") return { status: result.status, html: template };
  const canonical = `${request.origin}${result.head.canonicalPath ?? request.url.pathname}`;
  const html = template
    .replace(TITLE, () => `<title>${escapeText(result.head.title)}</title>`)
    .replace(DESCRIPTION, () => `<meta name="description" content="${escapeAttribute(result.head.description)}" />`)
    .replace("</head>", () => `<link rel="canonical" href="${escapeAttribute(canonical)}" />${styleTag(result.styles)}</head>`)
    .replace(OUTLET, () => result.html)
    .replace("</body>", () => `<script type="application/json" id="ssr-state">${scriptJson(result.state)}</script></body>`);
  return { status: result.status, html };
}
