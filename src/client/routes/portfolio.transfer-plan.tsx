import { Container } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { TransferPlanPage } from "../features/portfolio/transfer-plan-page.tsx";
import { PAGE_TITLES } from "../../shared/page-titles.ts";
import { RequireAuth } from "../lib/require-auth.tsx";
import { usePageTitle } from "../lib/use-page-title.ts";

/** The transfer plan: every domain worth moving, grouped by the registrar it moves to, with the steps. */
export const Route = createFileRoute("/portfolio/transfer-plan")({
  component: TransferPlanRoute,
});

function TransferPlanRoute() {
  usePageTitle(PAGE_TITLES.transferPlan);
  return (
    <RequireAuth title={PAGE_TITLES.transferPlan}>
      <Container maxW="6xl" py="8">
        <TransferPlanPage />
      </Container>
    </RequireAuth>
  );
}
