import type { QueryClient } from "@tanstack/react-query";
import type { TRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { AppRouter } from "../../server/trpc/root.ts";

/** What every route's loader receives: loaders prefetch into the same cache the hooks read. */
export interface RouterContext {
  queryClient: QueryClient;
  trpc: TRPCOptionsProxy<AppRouter>;
  /** The display currency price loaders ask in: the browser's cookie, or on the server the request's. */
  currency: () => string;
}
