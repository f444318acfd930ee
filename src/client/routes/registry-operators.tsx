import { createFileRoute } from "@tanstack/react-router";
import { RegistryOperatorsPage } from "../features/directory/registry-operators-page.tsx";

export const Route = createFileRoute("/registry-operators")({ component: RegistryOperatorsPage });
