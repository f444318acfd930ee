import { createFileRoute } from "@tanstack/react-router";
import { CookiesPage } from "../features/cookies/cookies-page.tsx";

export const Route = createFileRoute("/cookies")({ component: CookiesPage });
