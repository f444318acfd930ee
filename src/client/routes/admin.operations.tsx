import { createFileRoute } from "@tanstack/react-router";
import { OperationsPage } from "../features/admin/operations-page.tsx";

export const Route = createFileRoute("/admin/operations")({
  component: OperationsPage,
});
