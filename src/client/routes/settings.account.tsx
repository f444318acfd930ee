import { createFileRoute } from "@tanstack/react-router";
import { AccountPage } from "../features/account/account-page.tsx";
import { PAGE_TITLES } from "../../shared/page-titles.ts";
import { signedInPage } from "../lib/require-auth.tsx";

export const Route = createFileRoute("/settings/account")({
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.account.overview.queryOptions());
  },
  component: signedInPage(AccountPage, PAGE_TITLES.accountSettings),
});
