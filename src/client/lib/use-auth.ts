import { useQuery } from "@tanstack/react-query";
import { useHydrated } from "./hydration.ts";
import type { RouterOutputs } from "./trpc.ts";
import { useTRPC } from "./trpc.ts";

export type AuthUser = NonNullable<RouterOutputs["auth"]["me"]>;

/**
 * Who is signed in, through tRPC's auth.me: it answers null for a visitor without a session, so
 * a signed-out page load logs no failed request (GET /api/auth/user answers 401 for scripts).
 */
export function useAuth() {
  const trpc = useTRPC();
  const query = useQuery(trpc.auth.me.queryOptions());
  // Server-rendered HTML is always the signed-out view (the server makes no auth call), and a
  // part of the page may hydrate after the answer arrived: until hydrated, it renders that view.
  const hydrated = useHydrated();
  const user = hydrated ? (query.data ?? null) : null;
  return {
    user,
    isLoading: !hydrated || query.isPending,
    // Spec section 4: signed in only when the call returned a user; a failed call counts as signed out.
    isAuthenticated: user !== null,
  };
}

/** "Welcome, {firstName}" falls back to the e-mail address. */
export const displayName = (user: AuthUser): string => user.firstName?.trim() || user.email || "";
