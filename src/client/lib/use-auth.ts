import { useQuery } from "@tanstack/react-query";
import { createContext, useContext } from "react";
import { useHydrated } from "./hydration.ts";
import type { RouterOutputs } from "./trpc.ts";
import { useTRPC } from "./trpc.ts";

export type AuthUser = NonNullable<RouterOutputs["auth"]["me"]>;

/**
 * True when the server rendered the page for a request without a session cookie: such a visitor
 * is signed out for sure, so the page was rendered with the signed-out view complete (Sign In,
 * Get Started) and auth.me's answer (null) is in the query cache it hands over. The browser
 * provides the same value while it hydrates (main.tsx), so both render the same.
 */
export const RenderedSignedOut = createContext(false);

/**
 * Who is signed in, through tRPC's auth.me: it answers null for a visitor without a session, so
 * a signed-out page load logs no failed request (GET /api/auth/user answers 401 for scripts).
 */
export function useAuth() {
  const trpc = useTRPC();
  const query = useQuery(trpc.auth.me.queryOptions());
  const renderedSignedOut = useContext(RenderedSignedOut);
  // Server-rendered HTML is the signed-out view (the server makes no auth call), and a part of
  // the page may hydrate after the answer arrived: until hydrated, it renders that view, settled
  // when the server knew the visitor had no session and still loading when it could not know.
  const hydrated = useHydrated();
  const user = hydrated ? (query.data ?? null) : null;
  return {
    user,
    isLoading: hydrated ? query.isPending : !renderedSignedOut,
    // Spec section 4: signed in only when the call returned a user; a failed call counts as signed out.
    isAuthenticated: user !== null,
  };
}

/** "Welcome, {firstName}" falls back to the e-mail address. */
export const displayName = (user: AuthUser): string => user.firstName?.trim() || user.email || "";
