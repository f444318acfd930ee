import { createFileRoute } from "@tanstack/react-router";
import { AccountPage } from "../features/account/account-page.tsx";
import { RequireAuth } from "../lib/require-auth.tsx";

export const Route = createFileRoute("/settings/account")({
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.account.overview.queryOptions());
  },
  component: AccountRoute,
});

function AccountRoute() {
  return (
    <RequireAuth>
      <AccountPage />
    </RequireAuth>
  );
}
