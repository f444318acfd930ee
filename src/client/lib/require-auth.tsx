import { Container, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useEffect, type ComponentType, type ReactElement, type ReactNode } from "react";
import { HttpError } from "./http-error.ts";
import { usePageTitle } from "./use-page-title.ts";
import { handleUnauthorized } from "./unauthorized.ts";
import { useAuth } from "./use-auth.ts";

/** While the session is checked, the tab already says which page this is. */
function SessionCheck({ title, signedOut }: { title: string; signedOut: boolean }) {
  usePageTitle(title);
  return (
    <Container maxW="7xl" py="10" aria-busy>
      <Stack gap="4">
        <Skeleton h="10" w="64" />
        <Text color="fg.muted">{signedOut ? "Redirecting to sign in…" : "Checking your session…"}</Text>
      </Stack>
    </Container>
  );
}

/**
 * Signed-in pages (/portfolio, /admin). When the auth check ends signed out, the visitor gets
 * the same treatment as a session that expired mid-visit: the 'Unauthorized' toast, then the
 * sign-in page 500 ms later. Going through the app-wide 401 handler means a page whose data
 * call also answered 401 still shows one toast and redirects once. `title` names the page while
 * the session is checked (src/shared/page-titles.ts); the page sets its own once shown.
 */
export function RequireAuth({ children, title }: { children: ReactNode; title: string }) {
  const { isLoading, isAuthenticated } = useAuth();
  const signedOut = !isLoading && !isAuthenticated;
  useEffect(() => {
    if (signedOut) handleUnauthorized(new HttpError(401, "401: Unauthorized"));
  }, [signedOut]);
  if (isAuthenticated) return <>{children}</>;
  return <SessionCheck title={title} signedOut={signedOut} />;
}

function Titled({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return <>{children}</>;
}

/** A signed-in route's component: the page under its own title, shown once the session is confirmed (RequireAuth). */
export function signedInPage(Page: ComponentType, title: string): () => ReactElement {
  return function SignedInPage() {
    return (
      <RequireAuth title={title}>
        <Titled title={title}>
          <Page />
        </Titled>
      </RequireAuth>
    );
  };
}
