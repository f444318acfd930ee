import { createFileRoute } from "@tanstack/react-router";
import { ApiKeysPage } from "../features/api-keys/api-keys-page.tsx";
import { PAGE_TITLES } from "../../shared/page-titles.ts";
import { signedInPage } from "../lib/require-auth.tsx";

export const Route = createFileRoute("/api-keys")({
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.apiKeys.list.queryOptions());
  },
  component: signedInPage(ApiKeysPage, PAGE_TITLES.apiKeys),
});
