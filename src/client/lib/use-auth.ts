import { useQuery } from "@tanstack/react-query";
import { throwIfNotOk } from "./http-error.ts";

export interface AuthUser {
  firstName: string | null;
  email: string | null;
  isAdmin: boolean;
}

export const AUTH_QUERY_KEY = ["auth", "user"] as const;

/** 401 is the normal answer for a visitor without a session: it means "signed out", not an error. */
export async function fetchAuthUser(): Promise<AuthUser | null> {
  const response = await fetch(new URL("/api/auth/user", window.location.origin), { credentials: "include" });
  if (response.status === 401) return null;
  await throwIfNotOk(response);
  return (await response.json()) as AuthUser;
}

export function useAuth() {
  const query = useQuery({ queryKey: AUTH_QUERY_KEY, queryFn: fetchAuthUser });
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isPending,
    // Spec section 4: signed in only when the call returned a user; a failed call counts as signed out.
    isAuthenticated: user !== null,
  };
}

/** "Welcome, {firstName}" falls back to the e-mail address. */
export const displayName = (user: AuthUser): string => user.firstName?.trim() || user.email || "";
