// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcError, trpcOk, trpcPending } from "../../testing/trpc-msw.ts";
import { OurData } from "./our-data.tsx";

useMsw();

describe("Our Data", () => {
  it("shows each count under the label it has on every page, with what it counts", async () => {
    server.use(trpcOk("catalogue.stats", { tlds: 1437, pricedNames: 1845, providersWithPrices: 9, serviceProviders: 13, registryOperators: 751, knownRegistrars: 3020 }));
    renderUi(<OurData />);
    const value = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    await waitFor(() => expect(value("Top-level domains")).toBe("1,437"));
    expect(value("Priced names")).toBe("1,845");
    expect(value("Providers with prices")).toBe("9");
    expect(value("Registrars and service providers")).toBe("13");
    expect(value("Registry operators")).toBe("751");
    expect(value("ICANN-accredited registrars")).toBe("3,020");
    for (const detail of ["delegated in the IANA root zone", "TLDs and second-level suffixes", "all listed, with prices or not"]) {
      expect(screen.getByText(detail).tagName).toBe("DD");
    }
    // Each count is a definition list whose children are only terms and definitions.
    const lists = [...document.querySelectorAll("dl")];
    expect(lists).toHaveLength(6);
    for (const list of lists) expect([...list.children].map((child) => child.tagName)).toEqual(["DT", "DD", "DD"]);
  });

  it("shows skeletons while loading", async () => {
    server.use(trpcPending("catalogue.stats"));
    renderUi(<OurData />);
    expect(await screen.findAllByTestId("stat-skeleton")).toHaveLength(6);
  });

  it("shows a dash, never a made-up figure, when the counts cannot be loaded", async () => {
    server.use(trpcError("catalogue.stats", 500));
    renderUi(<OurData />);
    expect(await screen.findAllByLabelText("Not available")).toHaveLength(6);
    expect(screen.getAllByText("—")).toHaveLength(6);
    expect(screen.queryAllByTestId("stat-skeleton")).toHaveLength(0);
    for (const figure of ["1,605", "912", "2,459", "13"]) expect(screen.queryByText(figure)).toBeNull();
  });
});
