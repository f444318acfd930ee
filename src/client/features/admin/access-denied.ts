import { useRouter } from "@tanstack/react-router";
import { useCallback, useRef } from "react";
import { notify } from "../../components/ui/toaster.tsx";
import { HttpError } from "../../lib/http-error.ts";
import { httpStatusOf } from "../../lib/trpc-errors.ts";

/** Spec document 2, section 9: the visitor reads the message for a second before going home. */
export const ACCESS_DENIED_REDIRECT_MS = 1000;

/** A 403 from either door: a REST call (HttpError) or a tRPC adminProcedure (FORBIDDEN). */
export function isForbidden(error: unknown): boolean {
  return (error instanceof HttpError && error.status === 403) || httpStatusOf(error) === 403;
}

/**
 * Signed in without admin rights: 'Access Denied', then the home page. Fires once per page
 * visit, however many admin calls come back 403.
 */
export function useAccessDenied(): () => void {
  const router = useRouter();
  const fired = useRef(false);
  return useCallback(() => {
    if (fired.current) return;
    fired.current = true;
    notify({ type: "error", title: "Access Denied", description: "Admin privileges required to access this page." });
    setTimeout(() => void router.navigate({ to: "/" }), ACCESS_DENIED_REDIRECT_MS);
  }, [router]);
}
