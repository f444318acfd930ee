// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { provider } from "../../testing/fixtures.ts";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { CATALOGUE_STATS, trpcError, trpcOk, trpcPending } from "../../testing/trpc-msw.ts";
import { RegistrarsPage } from "./registrars-page.tsx";

useMsw();

describe("Domain Registrars", () => {
  it("groups accredited and other registrars with their counts and card texts", async () => {
    server.use(
      trpcOk("providers.list", [
        provider({ id: 1, name: "Porkbun", ianaId: 1861 }),
        provider({ id: 2, name: "Dynadot", ianaId: 472 }),
        provider({ id: 7, name: "easyname", ianaId: null, ianaStatus: null }),
        // A terminated accreditation is not "accredited".
        provider({ id: 9, name: "OldReg", ianaId: 55, ianaStatus: "Terminated", isActive: false }),
      ]),
      trpcOk("catalogue.stats", { ...CATALOGUE_STATS, serviceProviders: 4, providersWithPrices: 3 }),
    );
    renderUi(<RegistrarsPage />);
    expect(await screen.findByRole("heading", { level: 1, name: "Domain Registrars" })).toBeTruthy();
    const accredited = within(await screen.findByRole("region", { name: "ICANN Accredited Registrars" }));
    const others = within(screen.getByRole("region", { name: "Other Domain Registrars" }));
    expect(accredited.getAllByRole("listitem")).toHaveLength(2);
    expect(others.getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getByText("ICANN Accredited").nextElementSibling?.textContent).toBe("2");
    expect(screen.getByText("Other Registrars").nextElementSibling?.textContent).toBe("2");
    // The totals are the site's counts (catalogue.stats), under the labels they have on every page.
    await waitFor(() => expect(screen.getByText("Registrars and service providers").nextElementSibling?.textContent).toBe("4"));
    expect(screen.getByText("Providers with prices").nextElementSibling?.textContent).toBe("3");

    const porkbun = accredited.getByRole("link", { name: "Porkbun" });
    expect(porkbun.getAttribute("href")).toBe("/registrar/1");
    expect(accredited.getByText("IANA ID: 1861")).toBeTruthy();
    expect(accredited.getAllByText("ICANN Accredited domain registrar with verified quality and compliance standards.")).toHaveLength(2);
    expect(others.getAllByText("Domain registration and management services.")).toHaveLength(2);
    expect(others.queryByText(/IANA ID/)).toBeNull();
    expect(others.getByText("Inactive")).toBeTruthy();
  });

  it("shows 12 skeleton cards while loading", async () => {
    server.use(trpcPending("providers.list"));
    renderUi(<RegistrarsPage />);
    expect(await screen.findAllByTestId("registrar-skeleton")).toHaveLength(12);
  });

  it("shows the empty and error texts", async () => {
    server.use(trpcOk("providers.list", []));
    const first = renderUi(<RegistrarsPage />);
    expect(await screen.findByText("No registrars available.")).toBeTruthy();
    first.unmount();
    server.use(trpcError("providers.list", 500));
    renderUi(<RegistrarsPage />);
    expect(await screen.findByText("Failed to load registrars. Please try again later.")).toBeTruthy();
  });
});
