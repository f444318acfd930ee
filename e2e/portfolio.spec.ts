/**
 * The signed-in journeys: an account made on the server's sign-in page, the portfolio from
 * empty to priced entry and back, and a non-admin turned away from /admin.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { createAccount, signIn, signOut, stamp } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

interface PricedEntry {
  domainName: string;
  pricing: { yearlySaving: string | null; cheapestRenewal: { serviceProvider: { id: number; name: string } } | null };
}

async function addDomain(page: Page, domain: string, registrar: string, registered: string, expires: string): Promise<void> {
  await page.getByRole("button", { name: "Add Domain", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Add Domain" });
  await dialog.getByLabel("Domain name").fill(domain);
  await dialog.getByLabel("Registrar", { exact: true }).selectOption({ label: registrar });
  await dialog.getByLabel("Registration date").fill(registered);
  await dialog.getByLabel("Expiration date").fill(expires);
  await dialog.getByRole("button", { name: "Add Domain" }).click();
  await expect(page.getByText("Domain added to portfolio")).toBeVisible();
  await expect(dialog).toBeHidden();
}

const card = (page: Page, domain: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: domain }) });

test.use({ viewport: { width: 1280, height: 900 } });

test("sign up → portfolio: add, price, edit, export, delete → sign out → non-admin denied /admin", async ({ page }) => {
  await createAccount(page, "Pat", `pat-${stamp}@example.com`);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Portfolio" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Domain Portfolio" })).toBeVisible();
  await expect(page.getByText("No domains in your portfolio yet.")).toBeVisible();

  const domain = `e2e-${stamp}.com`;
  await addDomain(page, domain, "Namecheap", day(-345), day(20));
  const entry = card(page, domain);
  await expect(entry.getByText("Renewal at Namecheap")).toBeVisible();
  await expect(entry.getByText(/^\$\d+\.\d{2}\/yr$/).first()).toBeVisible();
  // The saving line must say exactly what the API computed.
  const [priced] = ((await (await page.request.get("/api/user-domains?page=1")).json()) as { data: PricedEntry[] }).data;
  const saving = priced?.pricing.yearlySaving;
  const cheapest = priced?.pricing.cheapestRenewal?.serviceProvider;
  expect(saving, `a saving for a Namecheap .com: ${JSON.stringify(priced)}`).toBeTruthy();
  expect(cheapest, `a cheapest renewal for a Namecheap .com: ${JSON.stringify(priced)}`).toBeTruthy();
  await expect(entry.getByText(`Save $${saving}/yr by moving to ${cheapest?.name}`)).toBeVisible();
  const transfer = entry.getByRole("link", { name: new RegExp(`^Transfer ${domain.replaceAll(".", "\\.")} at `) });
  await expect(transfer).toHaveAttribute("href", `/api/r/transfer?providerId=${cheapest?.id}&domain=${domain}`);
  await expect(transfer, "transfer opens in a new tab").toHaveAttribute("target", "_blank");
  // The 30, 60 and 90-day windows each list it (each runs from today); the open tab is the 30-day one.
  const soon = page.getByRole("region", { name: "Expiring soon" }).getByRole("tabpanel");
  await expect(soon.getByText(domain)).toBeVisible();
  // Added without saying whether it renews automatically: the panel asks.
  await expect(soon.getByText("Nobody has said whether it renews automatically")).toBeVisible();

  await entry.getByRole("button", { name: `Edit ${domain}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Domain" });
  await expect(edit.getByLabel("Domain name"), "the edit form starts from the entry").toHaveValue(domain);
  await edit.getByLabel("Notes").fill("Move before it renews");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Domain updated successfully")).toBeVisible();
  await expect(entry.getByText("Move before it renews")).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  const csv = readFileSync(await download.path(), "utf8");
  expect(csv.startsWith("domainName,"), `export starts with its header: ${csv}`).toBe(true);
  expect(csv).toContain(domain);
  expect(csv).toContain("Move before it renews");

  await entry.getByRole("button", { name: `Remove ${domain}` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByText("Are you sure you want to remove this domain from your portfolio?")).toBeVisible();
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Domain removed from portfolio")).toBeVisible();
  await expect(page.getByText("No domains in your portfolio yet.")).toBeVisible();

  await signOut(page);
  // Password accounts are never admins.
  const second = `sam-${stamp}@example.com`;
  await createAccount(page, "Sam", second);
  await signOut(page);
  await signIn(page, second, "Sam");
  // No Admin link for them; opening /admin anyway still ends in 'Access Denied'.
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Portfolio" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" })).toHaveCount(0);
  // 'Access Denied' stands for a second before the way home: watched for from before the visit,
  // in the page, so a busy machine's slower polling cannot miss it.
  const denied = page.getByRole("heading", { name: "Access Denied" }).waitFor({ state: "visible", timeout: 20_000 });
  await page.goto("/admin");
  await denied;
  await expect(page.getByText("Admin privileges required to access this page.").first()).toBeVisible();
  await expect(page, "back on / after Access Denied").toHaveURL((url) => url.pathname === "/", { timeout: 5_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Your Domain Dashboard" })).toBeVisible();
});

test("portfolio with two domains at 1280 and 360 px (screenshots)", async ({ page }, testInfo) => {
  await createAccount(page, "Robin", `robin-${stamp}@example.com`);
  const providers = (await (await page.request.get("/api/service-providers")).json()) as { id: number; name: string }[];
  const idOf = (name: string) => providers.find((p) => p.name === name)?.id ?? null;
  const entries = [
    { domainName: `acme-${stamp}.com`, serviceProviderId: idOf("Namecheap"), registrationDate: day(-340), expirationDate: day(25), autoRenew: false, notes: "Main brand site" },
    { domainName: `acme-${stamp}.net`, serviceProviderId: idOf("Cloudflare Registrar"), registrationDate: day(-300), expirationDate: day(65), autoRenew: true },
  ];
  for (const data of entries) {
    const response = await page.request.post("/api/user-domains", { data });
    expect(response.status(), `POST /api/user-domains: ${await response.text()}`).toBe(201);
  }
  // Kept with the journey's results (test-results/e2e/artifacts and the HTML report), to look at.
  const screenshot = async (name: string, fullPage: boolean) => {
    const path = testInfo.outputPath(name);
    await page.screenshot({ path, fullPage });
    await testInfo.attach(name, { path, contentType: "image/png" });
  };
  await page.goto("/portfolio");
  await expect(card(page, entries[1]!.domainName).getByText(/Renewal at /)).toBeVisible();
  await expect(page.getByRole("region", { name: "Portfolio totals" }).getByText("2", { exact: true })).toBeVisible();
  // The renewal forecast: the auto-renewing .net in its expiry month at the figure the API worked out, the .com (auto-renew off) named.
  const forecast = (await (await page.request.get("/api/user-domains/forecast?currency=USD")).json()) as {
    months: { month: string; domains: number; atRegistrar: string; atCheapest: string }[];
  };
  const renewing = forecast.months.find((m) => m.domains > 0);
  expect(renewing, `one month renews the .net: ${JSON.stringify(forecast)}`).toMatchObject({ month: entries[1]!.expirationDate.slice(0, 7), domains: 1 });
  const monthLabel = new Date(`${renewing!.month}-01T00:00:00Z`).toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
  const forecastSection = page.getByRole("region", { name: "Renewal forecast" });
  const monthRow = forecastSection.getByRole("row").filter({ has: page.getByRole("button", { name: monthLabel }) });
  await expect(monthRow).toContainText(`$${renewing!.atRegistrar}`);
  await expect(monthRow).toContainText(`$${renewing!.atCheapest}`);
  await monthRow.getByRole("button", { name: monthLabel }).click();
  await expect(forecastSection.getByRole("row").filter({ hasText: "Cloudflare Registrar" })).toContainText(`$${renewing!.atRegistrar}`);
  await expect(forecastSection.getByText(`Auto-renew is off (1): ${entries[0]!.domainName}`)).toBeVisible();
  await screenshot("portfolio-1280.png", true);
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page does not scroll sideways at 360 wide").toBeLessThanOrEqual(0);
  await screenshot("portfolio-360.png", true);
  await page.getByRole("button", { name: "Add Domain", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Add Domain" })).toBeVisible();
  await screenshot("portfolio-360-add.png", false);
});
