import { createFileRoute } from "@tanstack/react-router";
import { AccountsPage } from "../features/accounts/accounts-page.tsx";
import { PAGE_TITLES } from "../../shared/page-titles.ts";
import { signedInPage } from "../lib/require-auth.tsx";

export const Route = createFileRoute("/accounts")({
  // Started alongside the auth check, like the portfolio; a 401 goes to the app-wide sign-in redirect.
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.accounts.list.queryOptions());
  },
  component: signedInPage(AccountsPage, PAGE_TITLES.accounts),
});
