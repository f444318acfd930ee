import type { EnsureQueryDataOptions, QueryClient, QueryKey } from "@tanstack/react-query";
import { notFound } from "@tanstack/react-router";
import { isMissing } from "./trpc-errors.ts";

/** Where a "no such record" answer is remembered, beside the query that got it. */
const missingKey = (queryKey: QueryKey) => ["missing", queryKey] as const;

/**
 * For a page's loader: its main record (a TLD, a registrar). When the server answers that it
 * does not exist, the route is not found (its notFoundComponent, and a 404 from the server
 * render), and that answer is kept in the query cache as a plain value: the server hands it to
 * the browser with the page, so the browser does not ask again for what the page already says
 * is missing. Any other failure is left to the page, which shows it.
 */
export async function requireFound<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient, options: EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
): Promise<void> {
  const key = missingKey(options.queryKey);
  // TanStack Router's notFound() is a value the router catches when thrown (its documented use).
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (queryClient.getQueryData(key) === true) throw notFound();
  try {
    await queryClient.ensureQueryData(options);
  } catch (error) {
    if (!isMissing(error)) return;
    queryClient.setQueryData(key, true);
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw notFound();
  }
}
