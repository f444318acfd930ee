// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcError, trpcOk, trpcPending } from "../../testing/trpc-msw.ts";
import { OurData } from "./our-data.tsx";

useMsw();

describe("Our Data", () => {
  it("shows the live counts", async () => {
    server.use(trpcOk("catalogue.stats", { tlds: 1594, activeTlds: 1437, registryOperators: 751, knownRegistrars: 3020, serviceProviders: 9 }));
    renderUi(<OurData />);
    expect(await screen.findByText("1,594")).toBeTruthy();
    for (const text of ["751", "3,020", "9", "Top Level Domains", "Registry Operators", "Known Registrars", "Service Providers"]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
  });

  it("shows skeletons while loading", async () => {
    server.use(trpcPending("catalogue.stats"));
    renderUi(<OurData />);
    expect(await screen.findAllByTestId("stat-skeleton")).toHaveLength(4);
  });

  it("shows a dash, never a made-up figure, when the counts cannot be loaded", async () => {
    server.use(trpcError("catalogue.stats", 500));
    renderUi(<OurData />);
    expect(await screen.findAllByLabelText("Not available")).toHaveLength(4);
    expect(screen.getAllByText("—")).toHaveLength(4);
    expect(screen.queryAllByTestId("stat-skeleton")).toHaveLength(0);
    for (const figure of ["1,605", "912", "2,459", "13"]) expect(screen.queryByText(figure)).toBeNull();
  });
});
