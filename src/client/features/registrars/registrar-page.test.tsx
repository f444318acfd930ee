// @vitest-environment happy-dom
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { summariseRegistration, type PricedRow } from "../../../shared/registration-summary.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { provider, providerPrice } from "../../testing/fixtures.ts";
import { controlIntersections } from "../../testing/intersection.ts";
import { findToast, renderUi, server, useMsw } from "../../testing/render.tsx";
import { clearToasts, trpcError, trpcOk, trpcPending } from "../../testing/trpc-msw.ts";
import { RegistrarPage } from "./registrar-page.tsx";

useMsw();
afterEach(() => vi.unstubAllGlobals());
// Each test starts with no toast an earlier one raised.
afterEach(clearToasts);

const PORKBUN = provider({ id: 1, name: "Porkbun", domain: "porkbun.com", website: "https://porkbun.com", ianaId: 1861 });
const ROWS = [
  providerPrice("com", { registrationPrice: "11.08" }),
  providerPrice("io", { registrationPrice: "28.12", tld: { id: 77, name: "io", unicodeName: null, category: "country-code" } }),
  providerPrice("xyz", { registrationPrice: null }),
];

/** What the server answers for the page's first rows: 50 of them, the count and the summary of all. */
const firstPage = (rows: readonly PricedRow[]) => ({
  total: rows.length, rows: rows.slice(0, 50), registration: summariseRegistration(rows),
  lastCheckedAt: (rows as readonly (PricedRow & { lastCheckedAt?: string })[])
    .reduce<string | null>((latest, r) => (r.lastCheckedAt && (latest === null || r.lastCheckedAt > latest) ? r.lastCheckedAt : latest), null),
});

function serve(sp: object = PORKBUN, rows: readonly PricedRow[] = ROWS) {
  server.use(
    trpcOk("providers.getById", sp), trpcOk("providers.pricesFirstPage", firstPage(rows)), trpcOk("providers.prices", rows),
    trpcOk("prices.historyByTld", []),
    // The catalogue as the domain box asks it: co.uk and io are extensions.
    trpcOk("redirects.suffixOf", ({ domain }: { domain: string }) =>
      ["co.uk", "io", "com"].includes(domain) ? { suffix: domain, isSuffix: true } : { suffix: domain.split(".").pop() ?? null, isSuffix: false }),
  );
}

const stat = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe("registrar page", () => {
  it("charts the history of one chosen TLD, keeping only this registrar's periods", async () => {
    const asked: string[] = [];
    server.use(
      trpcOk("providers.getById", PORKBUN),
      trpcOk("providers.pricesFirstPage", firstPage(ROWS)),
      trpcOk("providers.prices", ROWS),
      trpcOk("prices.historyByTld", [
        { serviceProviderId: 1, providerName: "Porkbun", registrationPrice: "20.00", renewalPrice: "40.00", currency: "USD", isPromo: false, validFrom: "2024-01-01", validUntil: "2025-03-22", endReason: "changed" },
        { serviceProviderId: 9, providerName: "Other", registrationPrice: "1.00", renewalPrice: "1.00", currency: "USD", isPromo: false, validFrom: "2024-01-01", validUntil: "2025-03-22", endReason: "changed" },
      ], (input: { tldId: string }) => asked.push(input.tldId)),
    );
    const view = controlIntersections();
    renderUi(<RegistrarPage rawId="1" />);
    // Below the whole price table, the history waits until a visitor scrolls near: no request before.
    await screen.findByText(".io");
    expect(screen.queryByRole("combobox", { name: "TLD shown in the price history" })).toBeNull();
    expect(asked).toEqual([]);
    act(() => view.reveal());
    const select = await screen.findByRole("combobox", { name: "TLD shown in the price history" });
    expect((select as HTMLSelectElement).value).toBe("com");
    expect(await screen.findByRole("img", { name: /Porkbun price history of \.com/ })).toBeTruthy();
    const history = within(screen.getByRole("heading", { name: "Porkbun price history of .com" }).closest(".app-card") as HTMLElement);
    expect(history.getByText("$20.00")).toBeTruthy();
    expect(history.queryByText("Other")).toBeNull();
    await userEvent.selectOptions(select, "io");
    expect(await screen.findByRole("heading", { name: "Porkbun price history of .io" })).toBeTruthy();
    expect(asked).toContain("io");
  });

  it("shows the header, accreditation and the four stat cards", async () => {
    serve();
    renderUi(<RegistrarPage rawId="1" />);
    expect(await screen.findByRole("heading", { level: 1, name: "Porkbun" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Registrars" }).getAttribute("href")).toBe("/registrars");
    expect(screen.getByRole("link", { name: /Visit Website/ }).getAttribute("href")).toBe("https://porkbun.com");
    expect(screen.getByText("Active")).toBeTruthy();
    expect(screen.getByText("IANA #1861")).toBeTruthy();
    expect(screen.getByRole("link", { name: /ICANN Accredited Registrar/ }).getAttribute("href")).toBe("/icann-accredited-registrars");
    await screen.findByRole("link", { name: ".io" });
    expect(stat("TLDs Offered")).toBe("3");
    // Only rows with a registration price count towards the summaries.
    expect(stat("Price Range")).toBe("$11.08 - $28.12");
    expect(stat("Average Price")).toBe("$19.60");
    expect(stat("Prices Checked")).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    // Links name the TLD, the address its page declares canonical.
    expect(screen.getByRole("link", { name: ".io" }).getAttribute("href")).toBe("/tld/io");
    const pricing = within(screen.getByRole("heading", { name: "TLD Pricing" }).closest(".app-card") as HTMLElement);
    const headers = pricing.getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["TLD", "Category", "Registration", "Renewal", "Transfer", "Actions"]);
    // A short placeholder under the "Domain name" label: the whole example fits a phone's box.
    expect(screen.getByLabelText("Domain name").getAttribute("placeholder")).toBe("e.g. example.com");
  });

  it("says when each price was checked, marks stale ones and words a promo", async () => {
    serve(PORKBUN, [
      providerPrice("com", { registrationPrice: "11.08", isStale: true, lastCheckedAt: "2024-01-07T00:00:00.000Z" }),
      providerPrice("net", { registrationPrice: "11.28", renewalPrice: "18.48", isPromo: true, regularRegistrationPrice: "14.00", lastCheckedAt: "2026-05-20T00:00:00.000Z" }),
    ]);
    renderUi(<RegistrarPage rawId="1" />);
    const com = (await screen.findByRole("link", { name: ".com" })).closest("tr")!;
    expect(com.textContent).toContain("checked Jan 7, 2024");
    expect(await within(com).findByLabelText("Stale: Not confirmed in 90 days")).toBeTruthy();
    const net = screen.getByRole("link", { name: ".net" }).closest("tr")!;
    expect(net.textContent).toContain("checked May 20, 2026");
    expect(net.textContent).toContain("$11.28 first year, renews at $18.48");
    expect(within(net).queryByText("Stale")).toBeNull();
  });

  it("says 'Mixed' across currencies and hides accreditation when not accredited", async () => {
    serve({ ...PORKBUN, ianaStatus: null, isActive: false }, [...ROWS, providerPrice("de", { currency: "EUR", registrationPrice: "5.00" })]);
    renderUi(<RegistrarPage rawId="1" />);
    await screen.findByRole("link", { name: ".de" });
    expect(stat("Price Range")).toBe("Mixed");
    expect(stat("Average Price")).toBe("Mixed");
    expect(screen.getByText("Inactive")).toBeTruthy();
    expect(screen.queryByText(/IANA #/)).toBeNull();
    expect(screen.getByText("€5.00")).toBeTruthy();
  });

  it("shows Register and Transfer only once a domain is typed and the pattern exists", async () => {
    serve({ ...PORKBUN, transferUrlPattern: null });
    const user = userEvent.setup();
    renderUi(<RegistrarPage rawId="1" />);
    const input = await screen.findByPlaceholderText("e.g. example.com");
    const ioRow = () => screen.getByRole("row", { name: /\.io/ });
    await screen.findByRole("link", { name: ".io" });
    expect(within(ioRow()).queryByRole("link", { name: /Register/ })).toBeNull();
    await user.type(input, "example.com");
    const register = within(ioRow()).getByRole("link", { name: /^Register example\.io at Porkbun/ });
    expect(register.getAttribute("href")).toBe("/api/r/register?providerId=1&domain=example.io");
    expect(register.getAttribute("target")).toBe("_blank");
    expect(within(ioRow()).queryByRole("link", { name: /Transfer/ })).toBeNull();

    await user.clear(input);
    await user.type(input, "bad_name");
    await user.click(within(ioRow()).getByRole("button", { name: /^Register/ }));
    expect((await findToast("Invalid Domain")).textContent).toContain('Domain part "bad_name" contains invalid characters');
  });

  it("says under the box why a name is refused, as the TLD page does, and disables every row's links", async () => {
    serve(PORKBUN);
    const user = userEvent.setup();
    renderUi(<RegistrarPage rawId="1" />);
    const input = await screen.findByPlaceholderText("e.g. example.com");
    const ioRow = () => screen.getByRole("row", { name: /\.io/ });
    await screen.findByRole("link", { name: ".io" });

    await user.type(input, "bad_name");
    expect(screen.getByTestId("domain-message").textContent).toBe('Domain part "bad_name" contains invalid characters. Only letters, numbers, and hyphens are allowed');
    expect(within(ioRow()).getByRole("button", { name: /^Register/ }).getAttribute("aria-disabled")).toBe("true");

    await user.clear(input);
    await user.type(input, "co.uk");
    await waitFor(() => expect(screen.getByTestId("domain-message").textContent)
      .toBe('".co.uk" is a domain extension, not a domain: add a name before it (e.g., example.co.uk)'));
    expect(within(ioRow()).getByRole("button", { name: /^Register/ }).getAttribute("aria-disabled")).toBe("true");
    await user.click(within(ioRow()).getByRole("button", { name: /^Register/ }));
    // An earlier test's toast may still be up: wait for this one's words.
    await waitFor(() => expect(document.querySelector("[data-scope=toast][data-part=root]")?.textContent).toContain('".co.uk" is a domain extension, not a domain'), { timeout: 3000 });

    await user.clear(input);
    await user.type(input, "example");
    expect(screen.queryByTestId("domain-message")).toBeNull();
    expect(within(ioRow()).getByRole("link", { name: /^Register example\.io at Porkbun/ })).toBeTruthy();
  });

  it("shows 10 skeleton rows while the prices load", async () => {
    server.use(trpcOk("providers.getById", PORKBUN), trpcPending("providers.pricesFirstPage"), trpcPending("providers.prices"));
    renderUi(<RegistrarPage rawId="1" />);
    expect(await screen.findAllByTestId("skeleton-row")).toHaveLength(10);
  });

  it("explains a registrar without prices and links to its site", async () => {
    serve(PORKBUN, []);
    renderUi(<RegistrarPage rawId="1" />);
    expect(await screen.findByText("No Pricing Data Available")).toBeTruthy();
    expect(screen.getByText("We don't currently have pricing data for Porkbun.")).toBeTruthy();
    expect(screen.getByRole("link", { name: /View Pricing on Their Site/ }).getAttribute("href")).toBe("https://porkbun.com");
    expect(stat("Price Range")).toBe("N/A");
    expect(stat("Prices Checked")).toBe("Never");
  });

  it("renders a big registrar's rows in steps of 50, with every row in the stat cards", async () => {
    const rows = Array.from({ length: 120 }, (_, i) => providerPrice(`t${i + 1}`, { registrationPrice: `${i + 1}.00` }));
    serve(PORKBUN, rows);
    renderUi(<RegistrarPage rawId="1" />);
    await screen.findByRole("link", { name: ".t50" });
    expect(screen.queryByRole("link", { name: ".t51" })).toBeNull();
    expect(stat("TLDs Offered")).toBe("120");
    expect(stat("Price Range")).toBe("$1.00 - $120.00");
    expect(screen.getByText("Showing 50 of 120 TLDs")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(await screen.findByRole("link", { name: ".t100" })).toBeTruthy();
    expect(screen.getByText("Showing 100 of 120 TLDs")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(await screen.findByRole("link", { name: ".t120" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  });

  it("shows the first rows and the summary at once, and asks for the whole list only to page on", async () => {
    const rows = Array.from({ length: 120 }, (_, i) => providerPrice(`t${i + 1}`, { registrationPrice: `${i + 1}.00` }));
    const asked: unknown[] = [];
    let release!: () => void;
    const whole = new Promise<void>((resolve) => (release = resolve));
    let wholeAsked = 0;
    server.use(
      trpcOk("providers.getById", PORKBUN),
      trpcOk("providers.pricesFirstPage", firstPage(rows), (input) => asked.push(input)),
      http.get("*/trpc/providers.prices", async () => {
        wholeAsked++;
        await whole;
        return HttpResponse.json({ result: { data: rows } });
      }),
      trpcOk("prices.historyByTld", []),
    );
    renderUi(<RegistrarPage rawId="1" />);
    await screen.findByRole("link", { name: ".t50" });
    expect(asked).toEqual([{ id: 1, currency: "USD", limit: 50 }]);
    // The cards describe all 120 rows though only 50 are here.
    expect(stat("TLDs Offered")).toBe("120");
    expect(stat("Price Range")).toBe("$1.00 - $120.00");
    expect(stat("Average Price")).toBe("$60.50");
    expect(screen.getByText("Showing 50 of 120 TLDs")).toBeTruthy();
    expect(wholeAsked).toBe(0);
    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    await vi.waitFor(() => expect(wholeAsked).toBe(1));
    // Until the whole list is here, the next rows wait and the button says it is busy.
    expect(screen.queryByRole("link", { name: ".t51" })).toBeNull();
    expect(screen.getByText("Showing 50 of 120 TLDs")).toBeTruthy();
    act(() => release());
    expect(await screen.findByRole("link", { name: ".t100" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: ".t101" })).toBeNull();
    expect(screen.getByText("Showing 100 of 120 TLDs")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(await screen.findByRole("link", { name: ".t120" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  });

  it.each(["abc", "0", "1.5", "-3"])("rejects the id %j without calling the server", async (rawId) => {
    renderUi(<RegistrarPage rawId={rawId} />);
    expect(await screen.findByRole("heading", { name: "Invalid registrar ID" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Registrars" }).getAttribute("href")).toBe("/registrars");
  });

  it("says an unknown id is not found (not invalid), and other failures are load errors", async () => {
    server.use(trpcError("providers.getById", 404), trpcError("providers.pricesFirstPage", 404), trpcError("providers.prices", 404));
    const first = renderUi(<RegistrarPage rawId="999" />);
    expect(await screen.findByRole("heading", { name: "Registrar Not Found" })).toBeTruthy();
    expect(screen.getByText("We have no registrar with the ID 999.")).toBeTruthy();
    expect(screen.queryByText("Invalid registrar ID")).toBeNull();
    first.unmount();
    server.use(trpcError("providers.getById", 500));
    const second = renderUi(<RegistrarPage rawId="1" />);
    expect(await screen.findByText("Failed to load registrar information.")).toBeTruthy();
    second.unmount();
    server.use(trpcOk("providers.getById", PORKBUN), trpcError("providers.pricesFirstPage", 500), trpcError("providers.prices", 500));
    renderUi(<RegistrarPage rawId="1" />);
    expect(await screen.findByText("Failed to load pricing data. Please try again later.")).toBeTruthy();
  });
});
