import { TRPCClientError } from "@trpc/client";
import { notify } from "../components/ui/toaster.tsx";
import { httpStatusOf } from "./trpc-errors.ts";

export const LOGIN_PATH = "/api/login";
export const LOGOUT_PATH = "/api/logout";
/** Spec section 9: the visitor reads the toast for half a second before the redirect. */
export const LOGIN_REDIRECT_DELAY_MS = 500;

/** A session that ended mid-visit: REST "401: …Unauthorized" messages and tRPC UNAUTHORIZED. */
export function isUnauthorizedError(error: unknown): boolean {
  if (error instanceof TRPCClientError) return httpStatusOf(error) === 401;
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

let redirecting = false;

/**
 * Global query/mutation error hook. The auth probe itself never throws on 401 (it answers
 * "signed out"), so this only fires when a signed-in call finds the session gone.
 */
export function handleUnauthorized(error: unknown): void {
  if (!isUnauthorizedError(error) || redirecting) return;
  redirecting = true;
  notify({ type: "error", title: "Unauthorized", description: "You are logged out. Logging in again..." });
  setTimeout(() => {
    redirecting = false;
    window.location.assign(LOGIN_PATH);
  }, LOGIN_REDIRECT_DELAY_MS);
}
