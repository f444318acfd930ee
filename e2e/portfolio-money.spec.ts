/**
 * One truth for what a domain costs: on a phone (360 px) and a desktop (1366 px), the same
 * domain's renewal price reads the same on its card, on its own page, in the summary's and the
 * forecast's twelve months, and in the calendar feed, and the summary reconciles its year of
 * every domain with the twelve months in one sentence.
 */
import { createAccount, stamp } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

interface Item {
  id: number;
  money: { currency: string; renewal: { amount: string | null; serviceProvider: { name: string } | null } | null };
}

for (const width of [360, 1366]) {
  test(`a domain's cost reads the same on its card, its page, the forecast and the calendar feed at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await createAccount(page, "Mo", `money-${width}-${stamp}@example.com`);
    const providers = (await (await page.request.get("/api/service-providers")).json()) as { id: number; name: string }[];
    const namecheap = providers.find((p) => p.name === "Namecheap")!;
    const domainName = `money-${width}-${stamp}.com`;
    const added = await page.request.post("/api/user-domains", {
      data: { domainName, serviceProviderId: namecheap.id, expirationDate: day(40), autoRenewState: "on", notes: "The shop" },
    });
    expect(added.status(), await added.text()).toBe(201);
    const { id } = (await added.json()) as Item;
    const item = (await (await page.request.get(`/api/user-domains/${id}?currency=USD`)).json()) as Item;
    const amount = item.money.renewal?.amount;
    expect(amount, JSON.stringify(item.money)).toMatch(/^\d+\.\d\d$/);
    const price = `$${amount}`;

    // The card.
    await page.goto("/portfolio");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: domainName }) });
    await expect(card.getByText("Renewal at Namecheap")).toBeVisible();
    await expect(card.getByText(`${price}/yr`, { exact: true })).toBeVisible();

    // The summary's twelve months and its year of every domain, reconciled in one sentence.
    const totals = page.getByRole("region", { name: "Portfolio totals" });
    await expect(totals.getByText(/^1 domain renewing automatically from /)).toBeVisible();
    await expect(totals.getByTestId("totals-reconciliation")).toHaveText(new RegExp(`^The yearly cost, \\${price}, is one year's renewal of the 1 domain with a price, whenever it falls due; the next 12 months \\(.*\\) count only the renewals due in them: \\${price} for the 1 domain that renews automatically\\.$`));

    // The forecast.
    const forecast = page.getByRole("region", { name: "Renewal forecast", exact: true });
    await expect(forecast.getByText(new RegExp(`1 domain renews automatically: \\${price} at your registrars`))).toBeVisible();

    // Its own page: the same price, with Edit and Remove and its notes.
    await card.getByRole("link", { name: domainName, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: domainName })).toBeVisible();
    const renewal = page.getByRole("region", { name: "Renewal", exact: true });
    await expect(renewal.getByText(`${price}/yr`, { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: `Edit ${domainName}` })).toBeVisible();
    await expect(page.getByRole("button", { name: `Remove ${domainName}` })).toBeVisible();
    await expect(page.getByRole("region", { name: "Notes", exact: true }).getByText("The shop")).toBeVisible();
    await expect(page.getByLabel("Time zone")).toBeVisible();

    // The calendar feed, made on the portfolio page in the display currency.
    await page.goto("/portfolio");
    await page.getByRole("button", { name: "Calendar feed" }).click();
    const dialog = page.getByRole("dialog", { name: "Calendar feed" });
    await dialog.getByRole("button", { name: "Create link" }).click();
    const url = await dialog.getByLabel("Private feed URL").inputValue();
    expect(url).toMatch(/\/api\/calendar\/[a-z2-7]{32}\.ics\?currency=USD$/);
    const ics = (await (await page.request.get(url)).text()).replace(/\r\n /g, "");
    expect(ics).toContain(`SUMMARY:${domainName} expires`);
    expect(ics).toContain(`DESCRIPTION:Auto-renew: on\\nRenewal price: ${price} at Namecheap (renews automatically`);
  });
}
