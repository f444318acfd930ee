/**
 * Where the server render's code comes from (docs/decisions/024): the one place that chooses.
 * Built (dist/server, where scripts/build-server.ts defines __SERVER_BUILD__), it is the bundle
 * `vite build --ssr` made in dist/ssr: plain JavaScript and React's production build when
 * NODE_ENV=production. From source (`npm run dev`, tests), it is src/client/entry-server.tsx,
 * compiled through tsx or vitest.
 */
import type { RenderRequest, RenderResult } from "../../client/entry-server.tsx";

export interface RenderEntry {
  renderPage: (request: RenderRequest) => Promise<RenderResult>;
  isServerRendered: (pathname: string) => boolean;
}

declare const __SERVER_BUILD__: boolean | undefined;

export const isServerBuild = typeof __SERVER_BUILD__ !== "undefined" && __SERVER_BUILD__;

/** From dist/server/*.js, the bundle is ../ssr; the source sits two folders up from here. */
const BUILT_ENTRY = "../ssr/entry-server.js";
const SOURCE_ENTRY = "../../client/entry-server.tsx";

/** A file URL for the module, for a worker thread or an import. */
export const renderEntryUrl = (): URL => new URL(isServerBuild ? BUILT_ENTRY : SOURCE_ENTRY, import.meta.url);

export const importRenderEntry = (): Promise<RenderEntry> => import(renderEntryUrl().href) as Promise<RenderEntry>;
