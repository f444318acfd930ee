import { Container, Skeleton } from "@chakra-ui/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { PageMessage } from "../../components/page-message.tsx";
import { getJson } from "../../lib/http-error.ts";
import { useAuth } from "../../lib/use-auth.ts";
import { isForbidden, useAccessDenied } from "./access-denied.ts";

export const ADMIN_PING_KEY = ["admin", "ping"] as const;

/**
 * True once any query or mutation answers 403: rights revoked while the admin pages are open
 * end in 'Access Denied' too, whichever call notices first.
 */
function useForbiddenAnswer(): boolean {
  const queryClient = useQueryClient();
  const [forbidden, setForbidden] = useState(false);
  useEffect(() => {
    const seen = (error: unknown) => {
      if (isForbidden(error)) setForbidden(true);
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") seen(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") seen(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
  return forbidden;
}

/**
 * Admin pages, inside RequireAuth. The isAdmin flag decides at once for ordinary users; for
 * admins the server has the last word (GET /api/admin/ping), so rights revoked since the
 * page loaded still end in 'Access Denied' rather than a page of failing calls.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const isAdmin = user?.isAdmin === true;
  const ping = useQuery({ queryKey: ADMIN_PING_KEY, queryFn: () => getJson<{ ok: true }>("/api/admin/ping"), enabled: isAdmin });
  const deny = useAccessDenied();
  const forbiddenAnswer = useForbiddenAnswer();
  const denied = !isAdmin || isForbidden(ping.error) || forbiddenAnswer;
  useEffect(() => {
    if (denied) deny();
  }, [denied, deny]);

  if (denied) return <PageMessage title="Access Denied" text="Admin privileges required to access this page." tone="error" />;
  // A 401 here is handled app-wide (toast, then sign-in); anything else is a real failure.
  if (ping.isError) return <PageMessage title="Failed to load the admin area" text={ping.error.message} tone="error" />;
  if (ping.isPending) {
    return (
      <Container maxW="7xl" py="10" aria-busy>
        <Skeleton h="10" w="64" />
      </Container>
    );
  }
  return <>{children}</>;
}
