import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { handleUnauthorized } from "./unauthorized.ts";

/**
 * Spec section 7: queries never retry, never go stale and are not refetched on focus;
 * the reference data changes at most a few times a day, so one fetch per visit is enough.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleUnauthorized }),
    mutationCache: new MutationCache({ onError: handleUnauthorized }),
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
