import { createFileRoute } from "@tanstack/react-router";
import { RegistryCoveragePage } from "../features/registry-coverage/registry-coverage-page.tsx";

export const Route = createFileRoute("/registry-coverage")({ component: RegistryCoveragePage });
