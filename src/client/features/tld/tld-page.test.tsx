// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { provider, quote } from "../../testing/fixtures.ts";
import { findToast, renderUi, server, useMsw } from "../../testing/render.tsx";
import { signedIn, signedOut, trpcError, trpcOk, trpcPending } from "../../testing/trpc-msw.ts";
import { TldPage } from "./tld-page.tsx";

useMsw();

const TLD = {
  id: 284, name: "com", unicodeName: null, description: "Generic top-level domain .com, operated by VeriSign.",
  category: "generic", ianaType: "generic", isActive: true, registryOperatorId: 1, registryOperator: "VeriSign Global Registry Services",
  rdapUrl: "https://rdap.verisign.com/com/v1/", dnssec: true, kind: "tld", parent: null, secondLevel: [],
};
const CO_UK = {
  ...TLD, id: 2001, name: "co.uk", category: "country-code", ianaType: "country-code", registryOperatorId: null, registryOperator: null,
  description: "Second-level domain .co.uk under the country-code top-level domain .uk, a public suffix in the ICANN section of the Public Suffix List.",
  rdapUrl: "https://rdap.nominet.uk/uk/", dnssec: null, kind: "icann-suffix", parent: { id: 1500, name: "uk", unicodeName: null }, secondLevel: [],
};
const cloudflare = provider({ id: 5, name: "Cloudflare Registrar", domain: "cloudflare.com" });
const route53 = provider({ id: 8, name: "Amazon Route 53", transferUrlPattern: null });
/** In the server's order: cheapest registration first. */
const QUOTES = [
  quote(cloudflare, { registrationPrice: "9.59" }),
  quote(route53, { registrationPrice: "12.00" }),
  quote(provider({ name: "Hover" }), { registrationPrice: "14.99", isPromo: true, regularRegistrationPrice: "16.99" }),
];

/** The server's figures for QUOTES (prices/registration-stats.ts works them out). */
const STATS = { summary: { kind: "single", currency: "USD", lowest: "9.59", highest: "14.99", average: "12.19", count: 3 }, basis: "all", providers: 3 };

/** The catalogue's answer to "which extension is this name under" (redirects.suffixOf), for a few names. */
const CATALOGUE = ["com", "org", "uk", "co.uk"];
const suffixOf = ({ domain }: { domain: string }) => {
  if (CATALOGUE.includes(domain)) return { suffix: domain, isSuffix: true };
  const labels = domain.split(".");
  const suffix = labels.slice(1).map((_, i) => labels.slice(i + 1).join(".")).find((n) => CATALOGUE.includes(n)) ?? null;
  return { suffix, isSuffix: false };
};

/** prices.byTldPage as the server answers it: the asked-for slice of the quotes (given in the server's order) and their count. */
const pagesOf = (quotes: readonly object[]) => ({ offset, limit }: { offset: number; limit: number }) =>
  ({ total: quotes.length, offset, limit, rows: quotes.slice(offset, offset + limit) });

function serve(tld: object = TLD, quotes: readonly object[] = QUOTES, history: object = [], stats: object = STATS) {
  server.use(
    trpcOk("catalogue.tld", tld), trpcOk("prices.byTldPage", pagesOf(quotes)), trpcOk("prices.byTld", quotes), trpcOk("prices.historyByTld", history), trpcOk("prices.statsByTld", stats),
    trpcOk("redirects.suffixOf", suffixOf), signedOut,
  );
}

/** The registrar comparison (the price history below it lists the same providers again). */
const comparison = () => within(screen.getByRole("heading", { name: "Compare registrars" }).closest(".app-card") as HTMLElement);
const cloudflareRow = () => comparison().getByRole("row", { name: /Cloudflare Registrar/ });

describe("TLD page", () => {
  it("says in words which quote the price checks find unusual, and why", async () => {
    const reason = "Renewal $0.30 is under a quarter of this registrar's registration price $59.96.";
    serve(TLD, [QUOTES[0]!, quote(route53, { registrationPrice: "59.96", renewalPrice: "0.30", unusual: true, unusualReason: reason })]);
    renderUi(<TldPage tldId="com" />);
    const row = await waitFor(() => comparison().getByRole("row", { name: /Amazon Route 53/ }));
    expect(within(row).getByText("Unusual")).toBeTruthy();
    expect(within(row).getByText(reason, { exact: false })).toBeTruthy();
    expect(within(cloudflareRow()).queryByText("Unusual")).toBeNull();
  });

  it("shows the header, registry information and single-currency statistics", async () => {
    serve();
    renderUi(<TldPage tldId="com" />);
    expect(await screen.findByRole("heading", { level: 1, name: ".com" })).toBeTruthy();
    expect(await screen.findByText(TLD.description)).toBeTruthy();
    expect(document.querySelector("[data-category=generic]")?.textContent).toBe("Generic");
    expect(screen.getByText("Active")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to TLDs" }).getAttribute("href")).toBe("/tlds");
    for (const text of ["VeriSign Global Registry Services", "https://rdap.verisign.com/com/v1/", "Signed", "1985"]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    const stats = within((await screen.findByText("Lowest registration")).closest("dl") as HTMLElement);
    expect(stats.getByText("$9.59")).toBeTruthy();
    expect(stats.getByText("$14.99")).toBeTruthy();
    expect(stats.getByText("$12.19")).toBeTruthy(); // (9.59 + 12.00 + 14.99) / 3, to the cent
    expect(stats.getByText("3")).toBeTruthy();
    // In the server's order (cheapest first); the provider's name links to its registrar page.
    const rows = comparison().getAllByRole("row").slice(1).map((r) => r.textContent ?? "");
    expect(rows[0]).toContain("Cloudflare Registrar");
    expect(within(cloudflareRow()).getByRole("link", { name: "Cloudflare Registrar" }).getAttribute("href")).toBe("/registrar/5");
    expect(screen.queryByRole("link", { name: "Watch the price of .com" })).toBeNull();
  });

  it("offers a signed-in visitor to watch the TLD's price, on the notification settings with the name filled in", async () => {
    serve();
    server.use(signedIn({ firstName: "Ann", email: "ann@example.com" }));
    renderUi(<TldPage tldId="com" />);
    const link = await screen.findByRole("link", { name: "Watch the price of .com" });
    expect(link.getAttribute("href")).toBe("/settings/notifications?watch=com");
  });

  it("shows registry basics for any TLD and only currencies and count when currencies differ", async () => {
    serve({ ...TLD, name: "xn--p1ai", unicodeName: "рф", category: "country-code", isActive: false, dnssec: null, rdapUrl: null },
      [quote(cloudflare), quote(provider({ name: "easyname" }), { currency: "EUR", registrationPrice: "14.90" })], [],
      { summary: { kind: "mixed", currencies: ["EUR", "USD"] }, basis: "all", providers: 2 });
    renderUi(<TldPage tldId="xn--p1ai" />);
    expect(await screen.findByRole("heading", { level: 1, name: ".рф" })).toBeTruthy();
    expect(screen.getByText("Inactive")).toBeTruthy();
    expect(screen.getByText("Unknown")).toBeTruthy();
    expect(screen.queryByText("Launched")).toBeNull();
    expect(await screen.findByText("EUR, USD")).toBeTruthy();
    expect(screen.queryByText("Lowest registration")).toBeNull();
    expect(comparison().getByText("€14.90")).toBeTruthy();
  });

  it("says when each quote was checked, marks stale ones, words the promo and leaves stale quotes out of the lowest", async () => {
    serve(TLD, [
      quote(route53, { registrationPrice: "12.00", lastCheckedAt: "2026-03-02T10:00:00.000Z" }),
      quote(cloudflare, { registrationPrice: "9.59", isStale: true, lastCheckedAt: "2024-01-07T00:00:00.000Z" }),
      quote(provider({ name: "Hover" }), { registrationPrice: "14.99", renewalPrice: "18.48", isPromo: true, regularRegistrationPrice: "16.99", transferPrice: "8.00", transferIsPromo: true }),
    ], [], { summary: { kind: "single", currency: "USD", lowest: "12.00", highest: "14.99", average: "13.50", count: 2 }, basis: "fresh-only", providers: 3 });
    renderUi(<TldPage tldId="com" />);
    const cloudflareCells = within(await waitFor(() => cloudflareRow()));
    expect(cloudflareRow().textContent).toContain("checked Jan 7, 2024");
    expect((await cloudflareCells.findByLabelText("Stale: Not confirmed in 90 days")).getAttribute("title")).toBe("Not confirmed in 90 days");
    const route = comparison().getByRole("row", { name: /Amazon Route 53/ });
    expect(route.textContent).toContain("checked Mar 2, 2026");
    expect(within(route).queryByText("Stale")).toBeNull();
    expect(comparison().getByRole("row", { name: /Hover/ }).textContent).toContain("$14.99 first year, renews at $18.48");
    expect(comparison().getByRole("row", { name: /Hover/ }).textContent).toContain("$8.00Promo sale transfer");
    expect(route.textContent).not.toContain("sale transfer");
    const stats = within((await screen.findByText("Lowest registration")).closest("dl") as HTMLElement);
    expect(stats.getByText("$12.00")).toBeTruthy(); // the fresh lowest, not the stale $9.59
    expect(stats.queryByText("$9.59")).toBeNull();
    expect(screen.getByText("From fresh quotes only; stale ones are left out.")).toBeTruthy();
  });

  it("states every quote is stale when the server's figures come from stale quotes", async () => {
    serve(TLD, [quote(cloudflare, { registrationPrice: "9.59", isStale: true, lastCheckedAt: "2024-01-07T00:00:00.000Z" })], [],
      { summary: { kind: "single", currency: "USD", lowest: "9.59", highest: "9.59", average: "9.59", count: 1 }, basis: "stale", providers: 1 });
    renderUi(<TldPage tldId="com" />);
    const stats = within((await screen.findByText("Lowest registration")).closest("dl") as HTMLElement);
    expect(stats.getAllByText("$9.59")).toHaveLength(3);
    expect(screen.getByText(/Every quote for this TLD is stale/)).toBeTruthy();
    expect(screen.queryByText("From fresh quotes only; stale ones are left out.")).toBeNull();
  });

  it("says 'TLD Not Found' with a way home for an unknown TLD", async () => {
    server.use(trpcError("catalogue.tld", 404, 'TLD "zzz" not found'), trpcError("prices.byTldPage", 404), trpcError("prices.byTld", 404), trpcError("prices.historyByTld", 404), trpcError("prices.statsByTld", 404));
    renderUi(<TldPage tldId="zzz" />);
    expect(await screen.findByRole("heading", { name: "TLD Not Found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
  });

  it("tells a load error apart from a pricing error", async () => {
    server.use(trpcError("catalogue.tld", 500), trpcPending("prices.byTldPage"), trpcPending("prices.byTld"), trpcPending("prices.historyByTld"), trpcPending("prices.statsByTld"));
    const first = renderUi(<TldPage tldId="com" />);
    expect(await screen.findByText("Error loading TLD information")).toBeTruthy();
    first.unmount();
    server.use(trpcOk("catalogue.tld", TLD), trpcError("prices.byTldPage", 500), trpcError("prices.byTld", 500), trpcOk("prices.historyByTld", []), trpcError("prices.statsByTld", 500));
    renderUi(<TldPage tldId="com" />);
    expect(await screen.findAllByText("Failed to load pricing data. Please try again later.")).toHaveLength(2);
  });

  it("keeps the register links disabled until the domain is valid, explaining why in a toast", async () => {
    serve();
    const user = userEvent.setup();
    renderUi(<TldPage tldId="com" />);
    await waitFor(() => comparison().getByText("$9.59", { selector: "td" }));
    const register = () =>
      within(cloudflareRow()).queryByRole("button", { name: /^Register/ }) ?? within(cloudflareRow()).getByRole("link", { name: /^Register/ });
    expect(register().getAttribute("aria-disabled")).toBe("true");
    expect(register().hasAttribute("href")).toBe(false);

    await user.click(register());
    expect((await findToast("Domain Required")).textContent).toContain("Please enter a domain name first.");

    await user.type(screen.getByLabelText("Domain name"), "my_site.com");
    expect(screen.getByText(/contains invalid characters/)).toBeTruthy();
    await user.click(register());
    const invalid = await findToast("Invalid Domain");
    expect(invalid.textContent).toContain('Domain part "my_site" contains invalid characters. Only letters, numbers, and hyphens are allowed');
    // One toast at a time: the newer message replaced the older one.
    await waitFor(() => expect(screen.queryByText("Domain Required")).toBeNull());

    await user.clear(screen.getByLabelText("Domain name"));
    await user.type(screen.getByLabelText("Domain name"), " My-Site.COM ");
    const link = within(cloudflareRow()).getByRole("link", { name: /^Register my-site\.com at Cloudflare Registrar/ });
    expect(link.getAttribute("href")).toBe("/api/r/register?providerId=5&domain=my-site.com");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener");
    const transfer = within(cloudflareRow()).getByRole("link", { name: /^Transfer/ });
    expect(transfer.getAttribute("href")).toBe("/api/r/transfer?providerId=5&domain=my-site.com");
    link.addEventListener("click", (e) => e.preventDefault()); // happy-dom would try to open the tab
    await user.click(link);
    expect((await findToast("Redirecting to Registrar")).textContent).toContain("Cloudflare Registrar");
  });

  it("registers a name typed without an extension on the page's TLD, and says why the buttons are greyed before", async () => {
    serve();
    const user = userEvent.setup();
    renderUi(<TldPage tldId="com" />);
    await waitFor(() => comparison().getByText("$9.59", { selector: "td" }));
    expect(comparison().getByText("Register and Transfer are greyed out until you type a domain name above.")).toBeTruthy();
    const greyed = within(cloudflareRow()).getByRole("button", { name: /^Register at Cloudflare Registrar/ });
    expect(greyed.getAttribute("title")).toBe("Please enter a domain name first.");
    await user.type(screen.getByLabelText("Domain name"), "My-Shop");
    expect(comparison().queryByText(/greyed out until you type/)).toBeNull();
    expect(screen.queryByText(/must include at least a name and extension/)).toBeNull();
    const link = within(cloudflareRow()).getByRole("link", { name: /^Register my-shop\.com at Cloudflare Registrar/ });
    expect(link.getAttribute("href")).toBe("/api/r/register?providerId=5&domain=my-shop.com");
  });

  it("sorts the comparison by renewal price from its header, asking the server from the first page", async () => {
    serve();
    const asked: object[] = [];
    server.use(trpcOk("prices.byTldPage", pagesOf(QUOTES), (input: object) => asked.push(input)));
    const user = userEvent.setup();
    renderUi(<TldPage tldId="com" />);
    await waitFor(() => comparison().getByText("$9.59", { selector: "td" }));
    await user.click(comparison().getByRole("button", { name: "Sort by Renewal" }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ tldId: "com", currency: "USD", offset: 0, limit: 25, sortBy: "renewalPrice", sortOrder: "asc" }));
    expect(comparison().getByRole("columnheader", { name: /Renewal/ }).getAttribute("aria-sort")).toBe("ascending");
    await user.click(comparison().getByRole("button", { name: "Sort by Renewal" }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ sortBy: "renewalPrice", sortOrder: "desc", offset: 0 }));
    expect(comparison().getByRole("columnheader", { name: /Renewal/ }).getAttribute("aria-sort")).toBe("descending");
  });

  it("takes only .com names on .com's page: another extension's name links to its prices, a bare extension is refused", async () => {
    serve();
    const user = userEvent.setup();
    renderUi(<TldPage tldId="com" />);
    await waitFor(() => comparison().getByText("$9.59", { selector: "td" }));
    const box = screen.getByLabelText("Domain name");
    const register = () => within(cloudflareRow()).getByRole("button", { name: /^Register/ });
    const message = () => screen.getByTestId("domain-message");

    // The box is described by the helper text, then by the verdict, which marks it invalid.
    expect(box.getAttribute("aria-invalid")).toBeNull();
    expect(document.getElementById(box.getAttribute("aria-describedby")!)?.textContent).toMatch(/^Type the domain you want/);
    await user.type(box, "example.org");
    await waitFor(() => expect(message().textContent).toBe("example.org is a .org name — see .org prices"));
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(box.getAttribute("aria-describedby")).toBe(message().id);
    expect(within(message()).getByRole("link", { name: "see .org prices" }).getAttribute("href")).toBe("/tld/org");
    expect(register().getAttribute("aria-disabled")).toBe("true");
    expect(within(cloudflareRow()).queryByRole("link", { name: /^(Register|Transfer)/ })).toBeNull();
    await user.click(register());
    expect((await findToast("Invalid Domain")).textContent).toContain("example.org is a .org name — see .org prices");

    await user.clear(box);
    await user.type(box, "shop.co.uk");
    await waitFor(() => expect(message().textContent).toBe("shop.co.uk is a .co.uk name — see .co.uk prices"));
    expect(within(message()).getByRole("link", { name: "see .co.uk prices" }).getAttribute("href")).toBe("/tld/co.uk");
    expect(register().getAttribute("aria-disabled")).toBe("true");

    await user.clear(box);
    await user.type(box, "co.uk");
    await waitFor(() => expect(message().textContent).toBe('".co.uk" is a domain extension, not a domain: add a name before it (e.g., example.co.uk)'));
    expect(register().getAttribute("aria-disabled")).toBe("true");

    await user.clear(box);
    await user.type(box, "example.com");
    expect(screen.queryByTestId("domain-message")).toBeNull();
    expect(within(cloudflareRow()).getByRole("link", { name: /^Register example\.com/ }).getAttribute("href")).toBe("/api/r/register?providerId=5&domain=example.com");
  });

  it("on a TLD's page, sends a name under one of its second-level suffixes to that suffix's page", async () => {
    serve({ ...TLD, id: 1500, name: "uk", secondLevel: [{ id: 2001, name: "co.uk", unicodeName: null }] });
    const user = userEvent.setup();
    renderUi(<TldPage tldId="uk" />);
    await waitFor(() => comparison().getByText("$9.59", { selector: "td" }));
    await user.type(screen.getByLabelText("Domain name"), "shop.co.uk");
    const message = screen.getByTestId("domain-message");
    expect(message.textContent).toBe("shop.co.uk is a .co.uk name — see .co.uk prices");
    expect(within(cloudflareRow()).getByRole("button", { name: /^Register/ }).getAttribute("aria-disabled")).toBe("true");
    await user.clear(screen.getByLabelText("Domain name"));
    await user.type(screen.getByLabelText("Domain name"), "shop.uk");
    expect(within(cloudflareRow()).getByRole("link", { name: /^Register shop\.uk/ })).toBeTruthy();
  });

  it("shows a second-level suffix under its parent TLD, linked, and refuses the bare suffix as a domain", async () => {
    serve(CO_UK);
    const user = userEvent.setup();
    renderUi(<TldPage tldId="co.uk" />);
    expect(await screen.findByRole("heading", { level: 1, name: ".co.uk" })).toBeTruthy();
    const parent = await screen.findByRole("link", { name: ".uk" });
    expect(parent.getAttribute("href")).toBe("/tld/uk");
    expect(parent.parentElement?.textContent).toBe("Second-level domain under .uk");
    expect(screen.getByText("IANA type of .uk")).toBeTruthy();
    expect(screen.getByText("Public Suffix List, ICANN section")).toBeTruthy();
    expect(screen.getByLabelText("Domain name").getAttribute("placeholder")).toBe("example.co.uk");

    await user.type(screen.getByLabelText("Domain name"), "co.uk");
    expect(screen.getByText('".co.uk" is a domain extension, not a domain: add a name before it (e.g., example.co.uk)')).toBeTruthy();
    await user.type(screen.getByLabelText("Domain name"), "{Home}shop.");
    const link = await waitFor(() => within(cloudflareRow()).getByRole("link", { name: /^Register shop\.co\.uk/ }));
    expect(link.getAttribute("href")).toBe("/api/r/register?providerId=5&domain=shop.co.uk");
  });

  it("lists a TLD's second-level suffixes as links to their pages", async () => {
    serve({ ...TLD, name: "uk", secondLevel: [{ id: 2001, name: "co.uk", unicodeName: null }, { id: 2002, name: "org.uk", unicodeName: null }] });
    renderUi(<TldPage tldId="uk" />);
    const section = within((await screen.findByRole("heading", { name: "Second-level domains under .uk" })).closest(".app-card") as HTMLElement);
    expect(section.getByRole("link", { name: ".co.uk" }).getAttribute("href")).toBe("/tld/co.uk");
    expect(section.getByRole("link", { name: ".org.uk" }).getAttribute("href")).toBe("/tld/org.uk");
  });

  it("offers only the actions a provider has a link pattern for", async () => {
    serve();
    renderUi(<TldPage tldId="com" />);
    const row = await waitFor(() => comparison().getByRole("row", { name: /Amazon Route 53/ }));
    expect(within(row).getByRole("button", { name: /^Register/ })).toBeTruthy();
    expect(within(row).queryByRole("button", { name: /^Transfer/ })).toBeNull();
  });

  it("shows the first page of providers, then one more page each time 'Show more' is pressed, each row with working buttons", async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      quote(provider({ name: `Provider ${String(i).padStart(2, "0")}`, domain: `p${i}.example` }), { registrationPrice: (5 + i / 10).toFixed(2) }));
    const asked: Array<{ offset: number; limit: number }> = [];
    server.use(
      trpcOk("catalogue.tld", TLD), trpcOk("prices.byTldPage", pagesOf(many), (input: { offset: number; limit: number }) => asked.push(input)),
      trpcOk("prices.statsByTld", { ...STATS, providers: 60 }), trpcOk("redirects.suffixOf", suffixOf),
    );
    const user = userEvent.setup();
    renderUi(<TldPage tldId="com" />);
    const names = () => comparison().getAllByRole("row").slice(1).map((r) => within(r).getAllByRole("link")[0]!.textContent);
    await waitFor(() => expect(names()).toHaveLength(25));
    expect(names()).toEqual(many.slice(0, 25).map((q) => q.serviceProvider.name));
    expect(asked).toEqual([{ tldId: "com", currency: "USD", offset: 0, limit: 25 }]);
    expect(comparison().getByText("Showing 25 of 60 providers")).toBeTruthy();

    await user.click(comparison().getByRole("button", { name: "Show more" }));
    await waitFor(() => expect(names()).toHaveLength(50));
    expect(names()).toEqual(many.slice(0, 50).map((q) => q.serviceProvider.name));
    expect(asked.at(-1)).toEqual({ tldId: "com", currency: "USD", offset: 25, limit: 25 });
    expect(comparison().getByText("Showing 50 of 60 providers")).toBeTruthy();

    await user.click(comparison().getByRole("button", { name: "Show more" }));
    await waitFor(() => expect(names()).toHaveLength(60));
    expect(asked.at(-1)).toEqual({ tldId: "com", currency: "USD", offset: 50, limit: 25 });
    // Everything is shown: no pager.
    expect(comparison().queryByRole("button", { name: "Show more" })).toBeNull();
    expect(comparison().queryByText(/^Showing/)).toBeNull();

    // A row from a later page reads the domain box like the first ones.
    await user.type(screen.getByLabelText("Domain name"), "my-site.com");
    const last = comparison().getByRole("row", { name: /Provider 59/ });
    expect(within(last).getByRole("link", { name: /^Register my-site\.com at Provider 59/ }).getAttribute("href"))
      .toBe(`/api/r/register?providerId=${many[59]!.serviceProvider.id}&domain=my-site.com`);
    // Typing into the box re-renders 60 rows per keystroke: slow in happy-dom on a busy machine.
  }, 60_000);
});
