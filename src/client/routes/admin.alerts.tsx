import { createFileRoute } from "@tanstack/react-router";
import { AlertsPage } from "../features/admin/alerts-page.tsx";

export const Route = createFileRoute("/admin/alerts")({
  component: AlertsPage,
});
