import { createContext, useContext, useEffect } from "react";
import { fullPageTitle, SITE_NAME } from "../../shared/page-titles.ts";

export const DEFAULT_TITLE = `${SITE_NAME}: compare domain prices across registrars`;
export const DEFAULT_DESCRIPTION =
  "Compare registration, renewal and transfer prices for every top-level domain across registrars, and find the best place to register your domain.";

/** What a server render learns of the page's head; filled in by the page while it renders. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's own path when the address asked for differs (a TLD by id or in capitals); else the address asked for. */
  canonicalPath?: string | undefined;
}

/** Provided only by the server render (entry-server.tsx), which writes the head into the HTML. */
export const PageHeadCollector = createContext<PageHead | null>(null);

const fullTitle = (title: string | undefined) => (title ? fullPageTitle(title) : DEFAULT_TITLE);

/**
 * Each page names itself in the tab, in browser history and in search results. On the server the
 * values are collected during the render (effects never run there); in the browser an effect
 * keeps the document's title and meta description in step while the visitor navigates.
 */
export function usePageTitle(title: string | undefined, description?: string, canonicalPath?: string): void {
  const collector = useContext(PageHeadCollector);
  if (collector) {
    collector.title = fullTitle(title);
    collector.description = description ?? DEFAULT_DESCRIPTION;
    collector.canonicalPath = canonicalPath;
  }
  useEffect(() => {
    document.title = fullTitle(title);
    document.querySelector('meta[name="description"]')?.setAttribute("content", description ?? DEFAULT_DESCRIPTION);
  }, [title, description]);
}
