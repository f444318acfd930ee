import { createFileRoute } from "@tanstack/react-router";
import { NotificationSettingsPage } from "../features/notifications/notification-settings-page.tsx";
import { PAGE_TITLES } from "../../shared/page-titles.ts";
import { signedInPage } from "../lib/require-auth.tsx";

export const Route = createFileRoute("/settings/notifications")({
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.notifications.overview.queryOptions());
  },
  component: signedInPage(NotificationSettingsPage, PAGE_TITLES.notificationSettings),
});
