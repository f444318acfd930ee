import { createFileRoute } from "@tanstack/react-router";
import { DataPage } from "../features/admin/data-page.tsx";

export const Route = createFileRoute("/admin/data")({
  component: DataPage,
});
