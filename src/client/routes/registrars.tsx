import { createFileRoute } from "@tanstack/react-router";
import { RegistrarsPage } from "../features/registrars/registrars-page.tsx";

export const Route = createFileRoute("/registrars")({
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.providers.list.queryOptions());
    void queryClient.prefetchQuery(trpc.catalogue.stats.queryOptions());
  },
  component: RegistrarsPage,
});
