import { createContext, useContext } from "react";

/** The site's public origin during a server render (APP_URL, else the request's); absent in the browser. */
export const RequestOrigin = createContext<string | null>(null);

/** Where this site is served from, for URLs shown to the visitor (API examples). */
export function useSiteOrigin(): string {
  return useContext(RequestOrigin) ?? window.location.origin;
}
