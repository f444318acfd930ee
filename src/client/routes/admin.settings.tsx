import { createFileRoute } from "@tanstack/react-router";
import { SettingsPage } from "../features/admin/settings-page.tsx";

export const Route = createFileRoute("/admin/settings")({
  component: SettingsPage,
});
