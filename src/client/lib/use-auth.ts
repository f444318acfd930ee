import { useQuery } from "@tanstack/react-query";
import { createContext, useContext, useEffect } from "react";
import { setAccountTimeZone } from "./date-format.ts";
import { useHydrated } from "./hydration.ts";
import type { RouterOutputs } from "./trpc.ts";
import { useTRPC } from "./trpc.ts";

export type AuthUser = NonNullable<RouterOutputs["auth"]["me"]>;

/**
 * True when the server rendered the page knowing who is signed in: auth.me's answer (null for a
 * visitor without a session, the user for a session) is in the query cache it hands over, and the
 * page was rendered with that view complete (Sign In and Get Started, or the signed-in header and
 * dashboard). The browser provides the same value while it hydrates (main.tsx), so both render the same.
 */
export const RenderedWithAuth = createContext(false);

/**
 * Who is signed in, through tRPC's auth.me: it answers null for a visitor without a session, so
 * a signed-out page load logs no failed request (GET /api/auth/user answers 401 for scripts).
 */
export function useAuth() {
  const trpc = useTRPC();
  const query = useQuery(trpc.auth.me.queryOptions());
  const renderedWithAuth = useContext(RenderedWithAuth);
  // Until hydrated, a page renders what the server rendered: the view of the answer the server
  // had (renderedWithAuth), or, when it could not know, the signed-out view still loading.
  const hydrated = useHydrated();
  const known = hydrated || renderedWithAuth;
  const user = known ? (query.data ?? null) : null;
  // Moments on the pages are written in the account's zone once the answer is in (date-format.ts).
  const answered = hydrated && query.isSuccess;
  const accountZone = query.data?.timeZone ?? null;
  useEffect(() => {
    if (answered) setAccountTimeZone(accountZone);
  }, [answered, accountZone]);
  return {
    user,
    isLoading: hydrated ? query.isPending : !renderedWithAuth,
    // Spec section 4: signed in only when the call returned a user; a failed call counts as signed out.
    isAuthenticated: user !== null,
  };
}

/** "Welcome, {firstName}" falls back to the e-mail address. */
export const displayName = (user: AuthUser): string => user.firstName?.trim() || user.email || "";
