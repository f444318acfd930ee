import { createFileRoute } from "@tanstack/react-router";
import { AdminOverview } from "../features/admin/admin-overview.tsx";

/** Spec document 2, section 2: an unknown admin path falls back to the overview. */
export const Route = createFileRoute("/admin/$")({
  component: AdminOverview,
});
