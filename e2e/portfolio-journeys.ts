/**
 * The signed-in journeys: an account made on the server's sign-in page, the portfolio from
 * empty to priced entry and back, and a non-admin turned away from /admin. Names and e-mails
 * carry a per-run stamp, since all journeys share one database.
 */
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { check, eventually, type Journey } from "./harness.ts";

const PASSWORD = "correct-horse-battery";
export const stamp = Date.now().toString(36);
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

interface PricedEntry {
  domainName: string;
  pricing: { yearlySaving: string | null; cheapestRenewal: { serviceProvider: { id: number; name: string } } | null };
}

export async function createAccount(page: Page, firstName: string, email: string): Promise<void> {
  await page.goto("/api/login");
  const form = page.getByRole("form", { name: "Create account" });
  await form.getByLabel("First name").fill(firstName);
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Create account" }).click();
  await signedInHome(page, firstName);
}

/** The greeting sits in the top bar from 768 px up and in the menu drawer below that. */
async function signedInHome(page: Page, firstName: string): Promise<void> {
  await page.getByRole("heading", { level: 1, name: "Welcome to Your Domain Dashboard" }).waitFor();
  if ((page.viewportSize()?.width ?? 0) >= 768) await page.getByText(`Welcome, ${firstName}`).first().waitFor();
}

async function signIn(page: Page, email: string, firstName: string): Promise<void> {
  await page.goto("/api/login");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Sign in" }).click();
  await signedInHome(page, firstName);
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole("link", { name: "Sign Out" }).first().click();
  await page.getByRole("link", { name: "Sign In" }).first().waitFor();
}

async function addDomain(page: Page, domain: string, registrar: string, registered: string, expires: string): Promise<void> {
  await page.getByRole("button", { name: "Add Domain", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Add Domain" });
  await dialog.getByLabel("Domain name").fill(domain);
  await dialog.getByLabel("Registrar", { exact: true }).selectOption({ label: registrar });
  await dialog.getByLabel("Registration date").fill(registered);
  await dialog.getByLabel("Expiration date").fill(expires);
  await dialog.getByRole("button", { name: "Add Domain" }).click();
  await page.getByText("Domain added to portfolio").waitFor();
  await dialog.waitFor({ state: "hidden" });
}

const card = (page: Page, domain: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: domain }) });

export const portfolioJourneys: Journey[] = [
  {
    name: "sign up → portfolio: add, price, edit, export, delete → sign out → non-admin denied /admin",
    context: { acceptDownloads: true, viewport: { width: 1280, height: 900 } },
    run: async (page) => {
      await createAccount(page, "Pat", `pat-${stamp}@example.com`);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Portfolio" }).click();
      await page.getByRole("heading", { level: 1, name: "Domain Portfolio" }).waitFor();
      await page.getByText("No domains in your portfolio yet.").waitFor();

      const domain = `e2e-${stamp}.com`;
      await addDomain(page, domain, "Namecheap", day(-345), day(20));
      const entry = card(page, domain);
      await entry.getByText("Renewal at Namecheap").waitFor();
      await entry.getByText(/^\$\d+\.\d{2}\/yr$/).first().waitFor();
      // The saving line must say exactly what the API computed.
      const [priced] = ((await (await page.request.get("/api/user-domains")).json()) as { data: PricedEntry[] }).data;
      const cheapest = priced?.pricing.cheapestRenewal?.serviceProvider;
      check(priced?.pricing.yearlySaving && cheapest, `expected a saving for a Namecheap .com: ${JSON.stringify(priced)}`);
      await entry.getByText(`Save $${priced.pricing.yearlySaving}/yr by moving to ${cheapest.name}`).waitFor();
      const transfer = entry.getByRole("link", { name: new RegExp(`^Transfer ${domain.replaceAll(".", "\\.")} at `) });
      const href = await transfer.getAttribute("href");
      check(href === `/api/r/transfer?providerId=${cheapest.id}&domain=${domain}`, `transfer href ${href}`);
      check((await transfer.getAttribute("target")) === "_blank", "transfer opens in a new tab");
      const soon = page.getByRole("region", { name: "Expiring soon" });
      await soon.getByText(domain).waitFor();
      await soon.getByText("Auto-renew is off").waitFor();

      await entry.getByRole("button", { name: `Edit ${domain}` }).click();
      const edit = page.getByRole("dialog", { name: "Edit Domain" });
      check((await edit.getByLabel("Domain name").inputValue()) === domain, "edit form starts from the entry");
      await edit.getByLabel("Notes").fill("Move before it renews");
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await page.getByText("Domain updated successfully").waitFor();
      await entry.getByText("Move before it renews").waitFor();

      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
      const csv = readFileSync(await download.path(), "utf8");
      check(csv.startsWith("domainName,") && csv.includes(domain) && csv.includes("Move before it renews"), `export: ${csv}`);

      await entry.getByRole("button", { name: `Remove ${domain}` }).click();
      const confirm = page.getByRole("alertdialog");
      await confirm.getByText("Are you sure you want to remove this domain from your portfolio?").waitFor();
      await confirm.getByRole("button", { name: "Remove" }).click();
      await page.getByText("Domain removed from portfolio").waitFor();
      await page.getByText("No domains in your portfolio yet.").waitFor();

      await signOut(page);
      // Password accounts are never admins.
      const second = `sam-${stamp}@example.com`;
      await createAccount(page, "Sam", second);
      await signOut(page);
      await signIn(page, second, "Sam");
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).click();
      await page.getByRole("heading", { name: "Access Denied" }).waitFor();
      await page.getByText("Admin privileges required to access this page.").first().waitFor();
      await eventually(async () => new URL(page.url()).pathname, (p) => p === "/", "back on / after Access Denied", 5000);
      await page.getByRole("heading", { level: 1, name: "Welcome to Your Domain Dashboard" }).waitFor();
    },
  },
  {
    name: "portfolio with two domains at 1280 and 360 px (screenshots)",
    context: { viewport: { width: 1280, height: 900 } },
    run: async (page) => {
      await createAccount(page, "Robin", `robin-${stamp}@example.com`);
      const providers = (await (await page.request.get("/api/service-providers")).json()) as { id: number; name: string }[];
      const idOf = (name: string) => providers.find((p) => p.name === name)?.id ?? null;
      const entries = [
        { domainName: `acme-${stamp}.com`, serviceProviderId: idOf("Namecheap"), registrationDate: day(-340), expirationDate: day(25), autoRenew: false, notes: "Main brand site" },
        { domainName: `acme-${stamp}.net`, serviceProviderId: idOf("Cloudflare Registrar"), registrationDate: day(-300), expirationDate: day(65), autoRenew: true },
      ];
      for (const data of entries) {
        const response = await page.request.post("/api/user-domains", { data });
        check(response.status() === 201, `POST /api/user-domains ${response.status()} ${await response.text()}`);
      }
      await page.goto("/portfolio");
      await card(page, entries[1]!.domainName).getByText(/Renewal at /).waitFor();
      await page.getByRole("region", { name: "Portfolio totals" }).getByText("2", { exact: true }).waitFor();
      const dir = process.env.E2E_SCREENSHOTS_DIR ?? "/tmp/tld-e2e-artifacts";
      await page.screenshot({ path: `${dir}/portfolio-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 360, height: 740 });
      await page.getByRole("button", { name: "Open menu" }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      check(overflow <= 0, `page scrolls sideways by ${overflow}px at 360 wide`);
      await page.screenshot({ path: `${dir}/portfolio-360.png`, fullPage: true });
      await page.getByRole("button", { name: "Add Domain", exact: true }).click();
      await page.getByRole("dialog", { name: "Add Domain" }).waitFor();
      await page.screenshot({ path: `${dir}/portfolio-360-add.png` });
    },
  },
];
