import { createFileRoute } from "@tanstack/react-router";
import { IcannRegistrarsPage } from "../features/directory/icann-registrars-page.tsx";

export const Route = createFileRoute("/icann-accredited-registrars")({ component: IcannRegistrarsPage });
