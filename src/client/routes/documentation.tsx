import { createFileRoute } from "@tanstack/react-router";
import { DocumentationPage } from "../features/docs/documentation-page.tsx";

export const Route = createFileRoute("/documentation")({ component: DocumentationPage });
