/**
 * Public pages answer with their content in the HTML (docs/decisions/017): the client's own
 * server entry (src/client/entry-server.tsx) renders the page where the render pool says
 * (render-pool.ts), and page-html.ts writes the result into the built index.html there too.
 */
import { createPageRenderer, type PageRenderer, type PageRendererOptions, type PageRequest } from "./render-pool.ts";
import type { RenderCalls } from "./render-port.ts";

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

/** Resolves once the page code has loaded where pages are rendered (PageRenderer.loaded). */
export const pageRendererLoaded = (): Promise<void> => renderer.loaded();

/** Renders in flight and waiting for a thread (metrics). */
export const pageRendererStats = () => renderer.stats();

/** Render threads kept, and those that can render now (readiness). */
export const pageRendererThreads = () => renderer.threads();

export interface PageAnswer {
  status: 200 | 404;
  /** The page's HTML as UTF-8 bytes. */
  body: Uint8Array;
  /** The HTML's brotli copy, made with the page when it was asked for (`compress`). */
  br?: Uint8Array | undefined;
  /** The answer is the client shell (`template`): the render failed, timed out or found no room. */
  shell: boolean;
}

/**
 * The HTML for a page request, or null when the path is client-rendered (signed-in areas and
 * live status). `authUser` is what auth.me answers for a request with a session cookie (the
 * user, or null): the page is rendered as that session sees it. `template` is index.html with its preload hints already in the head; `compress`
 * asks for the brotli copy as well (a page the shared cache keeps). `warmUp` marks main.ts's
 * warm-up renders (their own time limit and counter, render-pool.ts).
 */
export async function renderPageHtml(
  template: string,
  request: { url: URL; cookies: string | undefined; signedOut: boolean; authUser?: PageRequest["authUser"]; origin: string; compress: boolean; warmUp?: boolean },
  calls: RenderCalls,
): Promise<PageAnswer | null> {
  const outcome = await renderer.render({
    url: request.url.pathname + request.url.search, origin: request.origin, cookies: request.cookies, signedOut: request.signedOut,
    authUser: request.authUser,
  }, { template, compress: request.compress }, calls, { warmUp: request.warmUp === true });
  if (!outcome) return null;
  if (outcome.kind === "shell") return { status: outcome.status, body: Buffer.from(template, "utf8"), shell: true };
  return { status: outcome.status, body: outcome.body, br: outcome.br, shell: false };
}
