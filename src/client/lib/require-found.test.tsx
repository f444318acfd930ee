// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import type { QueryClient } from "@tanstack/react-query";
import { createMemoryHistory } from "@tanstack/react-router";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { createAppRouter } from "../router.tsx";
import { renderWithRouter, server, useMsw } from "../testing/render.tsx";
import { trpcError } from "../testing/trpc-msw.ts";
import { getDisplayCurrency } from "./display-currency.ts";
import { createQueryClient } from "./query-client.ts";
import type { RouterContext } from "./router-context.ts";
import { createTrpcClient } from "./trpc.ts";

useMsw();

/** The app's routes at `path`, with the query cache the page starts from (as the server hands it over). */
function renderAppWith(path: string, seed: (queryClient: QueryClient, trpc: RouterContext["trpc"]) => void = () => undefined) {
  return renderWithRouter(() => {
    const queryClient = createQueryClient();
    const trpc: RouterContext["trpc"] = createTRPCOptionsProxy({ client: createTrpcClient(), queryClient });
    seed(queryClient, trpc);
    const router = createAppRouter({ queryClient, trpc, currency: getDisplayCurrency });
    router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [path] }) });
    return router;
  });
}

/** Counts the tRPC calls made to the given procedures, each answered 404 as the server answers it. */
function countCalls(paths: string[]) {
  const calls: string[] = [];
  server.use(...paths.map((path) => http.get(`*/trpc/${path}`, () => {
    calls.push(path);
    return HttpResponse.json({ error: { message: "Not found", code: -32004, data: { code: "NOT_FOUND", httpStatus: 404, path } } }, { status: 404 });
  })));
  return calls;
}

describe("a page whose record is missing", () => {
  it("/tld/<unknown> says 'TLD Not Found' under its own title, having asked only for the TLD", async () => {
    const calls = countCalls(["catalogue.tld", "prices.byTldPage", "prices.statsByTld"]);
    renderAppWith("/tld/notatld");
    expect(await screen.findByRole("heading", { level: 1, name: "TLD Not Found" })).toBeTruthy();
    expect(screen.getByText("We have no top-level domain called .notatld.")).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("TLD Not Found | TLDScope"));
    expect(calls).toEqual(["catalogue.tld"]);
  });

  it("asks nothing again when the server's cache says the TLD is missing", async () => {
    const calls = countCalls(["catalogue.tld", "prices.byTldPage", "prices.statsByTld"]);
    renderAppWith("/tld/notatld", (queryClient, trpc) => {
      queryClient.setQueryData(["missing", trpc.catalogue.tld.queryKey({ tldId: "notatld" })], true);
    });
    expect(await screen.findByRole("heading", { level: 1, name: "TLD Not Found" })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("/registrar/<unknown id> says 'Registrar Not Found', not that the id is invalid", async () => {
    server.use(trpcError("providers.getById", 404, "Service provider not found"));
    renderAppWith("/registrar/99999");
    expect(await screen.findByRole("heading", { level: 1, name: "Registrar Not Found" })).toBeTruthy();
    expect(screen.getByText("We have no registrar with the ID 99999.")).toBeTruthy();
    expect(screen.queryByText("Invalid registrar ID")).toBeNull();
    await waitFor(() => expect(document.title).toBe("Registrar Not Found | TLDScope"));
  });
});
