import { createFileRoute } from "@tanstack/react-router";
import { ApiAccessPage } from "../features/docs/api-access-page.tsx";

export const Route = createFileRoute("/api-access")({
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.apiDocs.endpoints.queryOptions());
  },
  component: ApiAccessPage,
});
