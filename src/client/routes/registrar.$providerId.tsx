import { createFileRoute, notFound } from "@tanstack/react-router";
import { PageMessage } from "../components/page-message.tsx";
import { RegistrarPage } from "../features/registrars/registrar-page.tsx";
import { ROWS_PER_STEP } from "../features/registrars/registrar-rows.ts";
import { requireFound } from "../lib/require-found.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

/**
 * A registrar's address is its numeric id; anything else (/registrar/abc) is a page that does not
 * exist, answered 404 like an unknown id. The page still validates the id with the shared schema
 * (kept out of this file so zod stays out of the first-load bundle).
 */
const looksLikeId = (raw: string) => /^[1-9]\d{0,9}$/.test(raw);

export const Route = createFileRoute("/registrar/$providerId")({
  loader: async ({ context: { queryClient, trpc, currency }, params }) => {
    // TanStack Router's notFound() is a value the router catches when thrown (its documented use).
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (!looksLikeId(params.providerId)) throw notFound({ routeId: "__root__" });
    const id = Number(params.providerId);
    // A well-formed id no registrar has: "Registrar not found" (404, nothing asked again by the browser).
    await requireFound(queryClient, trpc.providers.getById.queryOptions({ id }));
    // The first rows and the summary: what the page shows at first, and all its HTML carries.
    // The whole list (a big registrar's is thousands of rows) is asked for only when the page needs it.
    void queryClient.prefetchQuery(trpc.providers.pricesFirstPage.queryOptions({ id, currency: currency(), limit: ROWS_PER_STEP }));
  },
  component: RegistrarRoute,
  notFoundComponent: RegistrarNotFound,
});

function RegistrarNotFound() {
  const { providerId } = Route.useParams();
  usePageTitle("Registrar Not Found");
  return (
    <PageMessage title="Registrar Not Found" text={`We have no registrar with the ID ${providerId}.`} action={{ label: "Back to Registrars", to: "/registrars" }} />
  );
}

function RegistrarRoute() {
  const { providerId } = Route.useParams();
  return <RegistrarPage key={providerId} rawId={providerId} />;
}
