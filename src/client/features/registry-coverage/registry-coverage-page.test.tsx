// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcOk } from "../../testing/trpc-msw.ts";
import { COVERAGE_ROWS_PER_PAGE, RegistryCoveragePage } from "./registry-coverage-page.tsx";

useMsw();

type Method = "iana_rdap" | "supplement" | "operator" | "whois" | "none";
const row = (tld: string, method: Method, server: string | null, extra: Record<string, unknown> = {}) => ({
  tld, unicodeName: null, countryCode: tld.length === 2, method, server, serverByOperator: false, publishesExpiry: "unknown", lookups: 0, succeeded: 0, succeededPercent: null, ...extra,
});
const FILLER = Array.from({ length: 60 }, (_, i) => row(`gen${String(i).padStart(2, "0")}`, "iana_rdap", "rdap.example.net"));
const COVERAGE = {
  days: 30,
  totals: {
    all: { iana_rdap: 61, supplement: 1, operator: 1, whois: 1, none: 1 },
    countryCode: { iana_rdap: 0, supplement: 1, operator: 1, whois: 1, none: 1 },
  },
  tlds: [
    row("com", "iana_rdap", "rdap.verisign.com", { publishesExpiry: "yes", lookups: 40, succeeded: 38, succeededPercent: 95 }),
    row("de", "supplement", "rdap.denic.de", { publishesExpiry: "no", lookups: 3, succeeded: 3, succeededPercent: 100 }),
    row("us", "whois", null),
    row("ae", "none", null),
    row("es", "operator", null, { serverByOperator: true }),
    row("xn--p1ai", "iana_rdap", "rdap.tcinet.ru", { unicodeName: "рф", countryCode: true }),
    ...FILLER,
  ],
};
const tldCells = () => screen.getAllByRole("row").slice(1).map((r) => within(r).getAllByRole("cell")[0]!.textContent);

describe("Registry Date Coverage", () => {
  it("shows totals by method, each TLD's method, server, expiry and lookups, pages the table and filters it", async () => {
    server.use(trpcOk("registryCoverage.get", COVERAGE));
    const user = userEvent.setup();
    renderUi(<RegistryCoveragePage />);
    expect(await screen.findByRole("heading", { name: "All TLDs (65)" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Country codes (4)" })).toBeTruthy();
    const de = screen.getByRole("row", { name: ".de" });
    expect(within(de).getAllByRole("cell").map((c) => c.textContent)).toEqual([".de", "RDAP, from our own list", "rdap.denic.de", "No", "3 · 100% answered"]);
    expect(within(screen.getByRole("row", { name: ".us" })).getAllByRole("cell").map((c) => c.textContent))
      .toEqual([".us", "WHOIS", "Asked of IANA at the first lookup", "Not known yet", "None yet"]);
    expect(within(screen.getByRole("row", { name: ".es" })).getAllByRole("cell")[2]!.textContent).toBe("Set by this site's operator");
    expect(within(screen.getByRole("row", { name: ".рф" })).getByRole("link").getAttribute("href")).toBe("/tld/xn--p1ai");
    expect(tldCells()).toHaveLength(COVERAGE_ROWS_PER_PAGE);
    await user.type(screen.getByRole("searchbox", { name: "Filter TLDs" }), "denic");
    expect(tldCells()).toEqual([".de"]);
    await user.clear(screen.getByRole("searchbox", { name: "Filter TLDs" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "How dates are found" }), "country-code");
    expect(tldCells()).toEqual([".de", ".us", ".ae", ".es", ".рфxn--p1ai"]);
    await user.selectOptions(screen.getByRole("combobox", { name: "How dates are found" }), "none");
    expect(tldCells()).toEqual([".ae"]);
    await user.type(screen.getByRole("searchbox", { name: "Filter TLDs" }), "zzz");
    expect(screen.getByText("No TLDs match your filter.")).toBeTruthy();
  });
});
