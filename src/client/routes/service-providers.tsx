import { createFileRoute } from "@tanstack/react-router";
import { ServiceProvidersPage } from "../features/directory/service-providers-page.tsx";

export const Route = createFileRoute("/service-providers")({ component: ServiceProvidersPage });
