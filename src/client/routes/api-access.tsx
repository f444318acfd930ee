import { createFileRoute } from "@tanstack/react-router";
import { ApiAccessPage } from "../features/docs/api-access-page.tsx";

export const Route = createFileRoute("/api-access")({ component: ApiAccessPage });
