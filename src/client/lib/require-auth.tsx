import { Container, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useEffect, type ComponentType, type ReactElement, type ReactNode } from "react";
import { HttpError } from "./http-error.ts";
import { handleUnauthorized } from "./unauthorized.ts";
import { useAuth } from "./use-auth.ts";

/**
 * Signed-in pages (/portfolio, /admin). When the auth check ends signed out, the visitor gets
 * the same treatment as a session that expired mid-visit: the 'Unauthorized' toast, then the
 * sign-in page 500 ms later. Going through the app-wide 401 handler means a page whose data
 * call also answered 401 still shows one toast and redirects once.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useAuth();
  const signedOut = !isLoading && !isAuthenticated;
  useEffect(() => {
    if (signedOut) handleUnauthorized(new HttpError(401, "401: Unauthorized"));
  }, [signedOut]);
  if (isAuthenticated) return <>{children}</>;
  return (
    <Container maxW="7xl" py="10" aria-busy>
      <Stack gap="4">
        <Skeleton h="10" w="64" />
        <Text color="fg.muted">{signedOut ? "Redirecting to sign in…" : "Checking your session…"}</Text>
      </Stack>
    </Container>
  );
}

/** A signed-in route's component: the page, shown once the session is confirmed (RequireAuth). */
export function signedInPage(Page: ComponentType): () => ReactElement {
  return function SignedInPage() {
    return (
      <RequireAuth>
        <Page />
      </RequireAuth>
    );
  };
}
