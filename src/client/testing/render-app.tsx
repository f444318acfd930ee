import { createMemoryHistory } from "@tanstack/react-router";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { getDisplayCurrency } from "../lib/display-currency.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { createTrpcClient } from "../lib/trpc.ts";
import { createAppRouter } from "../router.tsx";
import { renderWithRouter } from "./render.tsx";

/** The real route tree at `path` (without code splitting, which only the Vite build applies). */
export function renderApp(path: string) {
  return renderWithRouter(() => {
    const queryClient = createQueryClient();
    const trpc = createTRPCOptionsProxy({ client: createTrpcClient(), queryClient });
    const router = createAppRouter({ queryClient, trpc, currency: getDisplayCurrency });
    router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [path] }) });
    return router;
  });
}
