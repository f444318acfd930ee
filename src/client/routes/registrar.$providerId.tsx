import { createFileRoute, notFound } from "@tanstack/react-router";
import { RegistrarPage } from "../features/registrars/registrar-page.tsx";
import { ROWS_PER_STEP } from "../features/registrars/registrar-rows.ts";

/**
 * A registrar's address is its numeric id; anything else (/registrar/abc) is a page that does not
 * exist, answered 404 like an unknown id. The page still validates the id with the shared schema
 * (kept out of this file so zod stays out of the first-load bundle).
 */
const looksLikeId = (raw: string) => /^[1-9]\d{0,9}$/.test(raw);

export const Route = createFileRoute("/registrar/$providerId")({
  loader: ({ context: { queryClient, trpc, currency }, params }) => {
    // TanStack Router's notFound() is a value the router catches when thrown (its documented use).
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (!looksLikeId(params.providerId)) throw notFound();
    const id = Number(params.providerId);
    void queryClient.prefetchQuery(trpc.providers.getById.queryOptions({ id }));
    // The first rows and the summary: what the page shows at first, and all its HTML carries.
    // The whole list (a big registrar's is thousands of rows) is asked for only when the page needs it.
    void queryClient.prefetchQuery(trpc.providers.pricesFirstPage.queryOptions({ id, currency: currency(), limit: ROWS_PER_STEP }));
  },
  component: RegistrarRoute,
});

function RegistrarRoute() {
  const { providerId } = Route.useParams();
  return <RegistrarPage key={providerId} rawId={providerId} />;
}
