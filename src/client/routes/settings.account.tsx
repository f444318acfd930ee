import { createFileRoute } from "@tanstack/react-router";
import { AccountPage } from "../features/account/account-page.tsx";
import { signedInPage } from "../lib/require-auth.tsx";

export const Route = createFileRoute("/settings/account")({
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.account.overview.queryOptions());
  },
  component: signedInPage(AccountPage),
});
