// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcError, trpcOk } from "../../testing/trpc-msw.ts";
import { setDisplayCurrency } from "../../lib/display-currency.ts";
import { IcannRegistrarsPage } from "./icann-registrars-page.tsx";
import { RegistryOperatorsPage } from "./registry-operators-page.tsx";
import { ServiceProvidersPage } from "./service-providers-page.tsx";

useMsw();

/** An operator as catalogue.registryOperators answers it: `unicode` gives an IDN's Unicode name by its ASCII one. */
const operator = (id: number, name: string, countryCodeCount: number, tlds: string[], unicode: Record<string, string> = {}) => ({
  id, name, tldCount: tlds.length, countryCodeCount, tlds, unicodeNames: unicode,
});
const OPERATORS = [
  operator(1, "VeriSign Global Registry Services", 2, ["cc", "com", "net", "tv"]),
  operator(2, "DENIC eG", 1, ["de"]),
  operator(3, "Charleston Road Registry Inc.", 0, ["app", "dev"]),
];
const cardNames = () => screen.queryAllByRole("heading", { level: 3 }).map((h) => h.textContent);

describe("Registry Operators", () => {
  it("searches operator names and TLDs case-insensitively and filters by kind", async () => {
    server.use(trpcOk("catalogue.registryOperators", OPERATORS));
    const user = userEvent.setup();
    renderUi(<RegistryOperatorsPage />);
    expect(await screen.findByText("Generic & Country Code")).toBeTruthy();
    expect(cardNames()).toEqual([...OPERATORS.map((o) => o.name), "Generic (gTLD)", "Country Code (ccTLD)"]);
    const search = screen.getByRole("searchbox", { name: "Search registry operators" });
    await user.type(search, "DENIC");
    expect(cardNames()).toContain("DENIC eG");
    expect(cardNames()).not.toContain("Charleston Road Registry Inc.");
    await user.clear(search);
    await user.type(search, ".DEV");
    expect(cardNames()).toContain("Charleston Road Registry Inc.");
    expect(cardNames()).not.toContain("DENIC eG");
    await user.clear(search);
    await user.selectOptions(screen.getByRole("combobox", { name: "Operator type" }), "country-code");
    expect(cardNames().slice(0, 2)).toEqual(["VeriSign Global Registry Services", "DENIC eG"]);
    expect(cardNames()).not.toContain("Charleston Road Registry Inc.");
    await user.selectOptions(screen.getByRole("combobox", { name: "Operator type" }), "generic");
    expect(cardNames()).not.toContain("DENIC eG");
    expect(within(screen.getByLabelText("TLDs managed by Charleston Road Registry Inc.")).getByRole("link", { name: ".app" }).getAttribute("href")).toBe("/tld/app");
  });

  it("shows an IDN TLD by its Unicode name with its punycode beside it, links it by the punycode, and finds it by either", async () => {
    const cctld = operator(4, "Coordination Center for TLD RU", 2, ["su", "xn--p1ai"], { "xn--p1ai": "рф" });
    server.use(trpcOk("catalogue.registryOperators", [...OPERATORS, cctld]));
    const user = userEvent.setup();
    renderUi(<RegistryOperatorsPage />);
    const tlds = await screen.findByLabelText("TLDs managed by Coordination Center for TLD RU");
    const idn = within(tlds).getByRole("link", { name: ".рф (xn--p1ai)" });
    expect(idn.getAttribute("href")).toBe("/tld/xn--p1ai");
    expect(within(idn).getByText("(xn--p1ai)", { exact: false }).tagName).toBe("SPAN");
    expect(within(tlds).getByRole("link", { name: ".su" }).getAttribute("href")).toBe("/tld/su");
    const search = screen.getByRole("searchbox", { name: "Search registry operators" });
    await user.type(search, ".рф");
    expect(cardNames().filter((n) => !n?.includes("("))).toEqual(["Coordination Center for TLD RU"]);
    await user.clear(search);
    await user.type(search, "xn--p1ai");
    expect(cardNames().filter((n) => !n?.includes("("))).toEqual(["Coordination Center for TLD RU"]);
  });

  it("pages a long list 24 at a time", async () => {
    const many = Array.from({ length: 30 }, (_, i) => operator(i + 1, `Operator ${String(i + 1).padStart(2, "0")}`, 0, [`t${i}`]));
    server.use(trpcOk("catalogue.registryOperators", many));
    const user = userEvent.setup();
    renderUi(<RegistryOperatorsPage />);
    expect(await screen.findByText("Showing 1-24 of 30 operators")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Showing 25-30 of 30 operators")).toBeTruthy();
    expect(cardNames()[0]).toBe("Operator 25");
  });
});

const entry = (id: number, name: string, extra: object = {}) => ({
  id, name, displayName: name, domain: `${name.toLowerCase()}.com`, logoUrl: null, website: `https://${name.toLowerCase()}.com`,
  isActive: true, ianaId: 100 + id, ianaStatus: "Accredited", country: "US", tldCount: 500, currencies: ["USD"],
  priceRanges: [{ currency: "USD", minRegistration: "1.99", maxRegistration: "120.00" }], canConnectAccount: false, ...extra,
});

describe("Service Providers", () => {
  it("shows coverage from data, searches by name and filters by account sync", async () => {
    server.use(trpcOk("providers.directory", [
      entry(1, "Porkbun", { canConnectAccount: true }), entry(2, "Hover", { ianaId: null, ianaStatus: null, currencies: ["USD", "EUR"], country: "CA" }),
    ]));
    const user = userEvent.setup();
    renderUi(<ServiceProvidersPage />);
    expect((await screen.findByRole("link", { name: "Porkbun" })).getAttribute("href")).toBe("/registrar/1");
    expect(screen.getAllByText("Registration $1.99 – $120.00")).toHaveLength(2);
    expect(screen.getByText(/USD, EUR/)).toBeTruthy();
    expect(screen.getByText("hover.com · Based in Canada")).toBeTruthy();
    expect(screen.getByText("porkbun.com · Based in United States")).toBeTruthy();
    await user.type(screen.getByRole("searchbox", { name: "Search service providers" }), "hOVER");
    expect(screen.queryByRole("link", { name: "Porkbun" })).toBeNull();
    expect(screen.getByRole("link", { name: "Hover" })).toBeTruthy();
    await user.clear(screen.getByRole("searchbox", { name: "Search service providers" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Provider filter" }), "connectable");
    expect(screen.getByRole("link", { name: "Porkbun" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Hover" })).toBeNull();
  });

  it("shows each price range in the display currency, converted ones marked with their original", async () => {
    setDisplayCurrency("EUR");
    try {
      const asked: unknown[] = [];
      const euros = { currency: "EUR", minRegistration: "1.77", maxRegistration: "106.65", converted: true, rateDate: "2025-05-09" };
      server.use(trpcOk("providers.directory", [
        entry(1, "Porkbun", { priceRanges: [{ currency: "USD", minRegistration: "1.99", maxRegistration: "120.00", display: euros }] }),
      ], (input: unknown) => asked.push(input)));
      renderUi(<ServiceProvidersPage />);
      await screen.findByRole("link", { name: "Porkbun" });
      expect(asked).toEqual([{ currency: "EUR" }]);
      // The range reads in euros; the dollars are only in the conversion note.
      expect(screen.queryByText("Registration $1.99 – $120.00")).toBeNull();
      const low = screen.getByRole("note", { name: /^€1\.77, Converted from \$1\.99 at the ECB rate of May 9, 2025/ });
      expect(low.textContent).toContain("≈€1.77");
      expect(screen.getByRole("note", { name: /^€106\.65, / })).toBeTruthy();
    } finally {
      setDisplayCurrency("USD");
    }
  });
});

describe("ICANN Accredited Registrars", () => {
  const ANSWER = {
    matchingRegistrars: [{ id: 1861, name: "Porkbun LLC", status: "Accredited", rdapUrl: null,
      databaseMatch: { id: 3, name: "Porkbun", domain: "porkbun.com", logoUrl: null, website: "https://porkbun.com", isActive: true } }],
    nonMatchingRegistrars: Array.from({ length: 120 }, (_, i) => ({ id: 5000 + i, name: `Registrar ${5000 + i}`, status: "Accredited" })),
    stats: { totalIanaAccredited: 121, totalMatched: 1, totalNonMatched: 120 },
  };

  it("shows the three counts, links matched registrars and pages the others", async () => {
    server.use(trpcOk("providers.ianaRegistrars", ANSWER));
    const user = userEvent.setup();
    renderUi(<IcannRegistrarsPage />);
    expect((await screen.findByText("Total IANA Accredited")).nextElementSibling?.textContent).toBe("121");
    expect(screen.getByText("In Our Database").nextElementSibling?.textContent).toBe("1");
    expect(screen.getByText("Not Yet Available").nextElementSibling?.textContent).toBe("120");
    expect(screen.getByRole("link", { name: "Porkbun" }).getAttribute("href")).toBe("/registrar/3");
    const others = within(screen.getByRole("region", { name: "Other IANA accredited registrars" }));
    expect(others.getAllByRole("row")).toHaveLength(51);
    expect(others.getByText("Showing 1-50 of 120 registrars")).toBeTruthy();
    await user.click(others.getByRole("button", { name: "Next" }));
    expect(others.getByText("Registrar 5050")).toBeTruthy();
    await user.type(others.getByRole("searchbox", { name: "Search IANA registrars" }), "5119");
    expect(others.getAllByRole("row")).toHaveLength(2);
  });

  it("says 'Failed to Load Data' with the status and the server's text", async () => {
    server.use(trpcError("providers.ianaRegistrars", 500, "Internal server error"));
    renderUi(<IcannRegistrarsPage />);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to Load Data");
    expect(alert.textContent).toContain("500: Internal server error");
  });
});
