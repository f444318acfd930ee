/** The public journeys, against the real server and the built client. */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/**
 * Registration prices (the third column) of the visible rows; null for N/A. Empty while the table
 * is busy: during a page change it still shows the previous request's rows.
 */
const registrationPrices = (page: Page) =>
  page.locator("table").first().evaluate((table) => {
    if (table.getAttribute("aria-busy") === "true") return [];
    return Array.from(table.querySelectorAll("tbody tr"), (row) => {
      const match = /\$(\d+\.\d{2})/.exec(row.querySelectorAll("td")[2]?.textContent ?? "");
      return match ? Number(match[1]) : null;
    });
  });

const ascending = (values: Array<number | null>) => {
  const priced = values.filter((v): v is number => v !== null);
  return priced.every((v, i) => i === 0 || (priced[i - 1] ?? 0) <= v);
};

/** Waits until the table shows 20 rows sorted by registration price, and returns their prices. */
async function sortedPage(page: Page): Promise<Array<number | null>> {
  let prices: Array<number | null> = [];
  await expect(async () => {
    prices = await registrationPrices(page);
    expect(prices).toHaveLength(20);
    expect(ascending(prices), `prices ascend: ${JSON.stringify(prices)}`).toBe(true);
  }).toPass();
  return prices;
}

test("landing → TLDs → sort by price → page 2 → a TLD → register link", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Domain Intelligence & Management" })).toBeVisible();
  // Until a live price fetch succeeds (an admin journey in the same worker may have run one), the
  // prices are the bundled lists', installed when the system was deployed.
  await expect(page.getByText(
    /^(System deployed \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M \(prices from the bundled price lists\)|Data last updated \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M( \(live prices from [^)]+\))?)$/,
  )).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "TLDs" }).click();
  await expect(page).toHaveURL(/\/tlds$/);
  await expect(page.getByRole("heading", { level: 1, name: "Top Level Domains" })).toBeVisible();
  await expect(page.getByText(/^Showing 1-20 of [\d,]+ priced names$/)).toBeVisible();

  await page.getByLabel("Sort order").selectOption({ label: "Price: Low to High" });
  await expect(page).toHaveURL(/sortBy=%22registrationPrice%22|sortBy=registrationPrice/);
  const firstPage = await sortedPage(page);
  expect(firstPage[0] ?? 99, "the cheapest TLD costs under $5").toBeLessThan(5);

  await page.getByRole("button", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/^Showing 21-40 of [\d,]+ priced names$/)).toBeVisible();
  const secondPage = await sortedPage(page);
  expect(secondPage[0] ?? 0, "page 2 starts at or above page 1's last price").toBeGreaterThanOrEqual(firstPage.at(-1) ?? 0);

  const firstTld = page.locator("table tbody tr").first().getByRole("link").first();
  const label = (await firstTld.textContent())?.trim() ?? "";
  await firstTld.click();
  await expect(page).toHaveURL(/\/tld\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name: label })).toBeVisible();
  const tld = new URL(page.url()).pathname.split("/").pop() ?? "";

  const register = page.getByRole("button", { name: /^Register at / }).first();
  await expect(register, "Register is disabled before a domain is typed").toHaveAttribute("aria-disabled", "true");
  await page.getByLabel("Domain name").fill(`E2E-Example.${tld}`);
  const link = page.getByRole("link", { name: /^Register e2e-example\./ }).first();
  await expect(link).toHaveAttribute("href", new RegExp(`^/api/r/register\\?providerId=\\d+&domain=e2e-example\\.${tld}$`));
  await expect(link, "opens in a new tab").toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);
  const redirect = await page.request.get((await link.getAttribute("href")) ?? "", { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  expect(redirect.headers().location).toMatch(/^https:\/\//);
  const [popup] = await Promise.all([page.waitForEvent("popup"), link.click()]);
  await popup.close();
  await expect(page.getByText("Redirecting to Registrar")).toBeVisible();

  await page.goBack();
  await expect(page.getByText(/^Showing 21-40 of [\d,]+ priced names$/)).toBeVisible();
});

test("registrars → a registrar page → prices in EUR, still after a reload", async ({ page }) => {
  await page.goto("/registrars");
  await expect(page.getByRole("heading", { level: 1, name: "Domain Registrars" })).toBeVisible();
  const accredited = page.getByRole("region", { name: "ICANN Accredited Registrars" });
  await expect(accredited.getByText("ICANN Accredited domain registrar with verified quality and compliance standards.").first()).toBeVisible();
  await accredited.getByRole("link", { name: "Porkbun" }).click();
  await expect(page).toHaveURL(/\/registrar\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Porkbun" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "TLD Pricing" })).toBeVisible();
  const offered = page.getByText("TLDs Offered").locator("xpath=following-sibling::*[1]");
  await expect.poll(async () => Number(await offered.textContent()), { message: "TLDs Porkbun offers" }).toBeGreaterThan(100);
  await page.getByPlaceholder("e.g. example.com").fill("my-shop");
  await expect(page.getByRole("link", { name: /^Register my-shop\.\w+ at Porkbun/ }).first())
    .toHaveAttribute("href", /^\/api\/r\/register\?providerId=\d+&domain=my-shop\.[a-z0-9-]+$/);

  // Porkbun quotes in USD: in EUR every price is converted, marked, and says from what.
  const currency = page.getByRole("combobox", { name: "Display currency" });
  await expect(currency, "USD by default").toHaveValue("USD");
  await currency.selectOption("EUR");
  const converted = page.getByRole("note", { name: /^€\d+\.\d{2}, Converted from \$\d+\.\d{2} at the ECB rate of \w+ \d{1,2}, \d{4}$/ }).first();
  await expect(converted).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "TLD Pricing" })).toBeVisible();
  await expect(converted).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Display currency" }), "EUR remembered after a reload").toHaveValue("EUR");
  await expect(converted, "the converted mark reads ≈€").toHaveText(/^≈€/);
});

test("server-rendered /tld/com: names and prices in the first HTML, then hydrated and typed into", async ({ page }) => {
  const response = await page.goto("/tld/com");
  const html = (await response?.text()) ?? "";
  expect(response?.status()).toBe(200);
  expect(html, "provider names in the HTML").toContain(">Porkbun<");
  expect(html, "prices in the HTML").toMatch(/\$\d+\.\d{2}/);
  expect(html, "the query cache in the HTML").toContain('id="ssr-state"');
  expect(html, "the page's own title").toMatch(/<title>\.com domain prices \| TLDScope<\/title>/);
  // No session cookie: the top bar's signed-out actions are in the HTML, not added after hydration.
  expect(html, "Sign In in the HTML").toContain(">Sign In</a>");
  expect(html, "Get Started in the HTML").toContain(">Get Started</a>");
  await expect(page.getByRole("heading", { level: 1, name: ".com" })).toBeVisible();
  // Only a hydrated page reacts to typing: each row's Register link takes the name.
  await page.getByLabel("Domain name").fill("ssr-check.com");
  const link = page.getByRole("link", { name: /^Register ssr-check\.com at / }).first();
  await expect(link, "the link carries the typed name").toHaveAttribute("href", /domain=ssr-check\.com$/);
  for (const path of ["/", "/tlds", "/registrar/1", "/registrars", "/help", "/cookies", "/api-access"]) {
    const answer = await page.goto(path);
    expect(answer?.status(), `${path} answers 200`).toBe(200);
    expect(await answer?.text(), `${path} is server-rendered`).toContain('id="ssr-state"');
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  }
});

test("/tld/com refuses example.org and links to .org's prices; a refused register link opens a page, not JSON", async ({ page }) => {
  await page.goto("/tld/com");
  await expect(page.getByRole("heading", { level: 1, name: ".com" })).toBeVisible();
  await page.getByLabel("Domain name").fill("example.org");
  await expect(page.getByText("example.org is a .org name — see .org prices")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Register example\.org/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Register at / }).first()).toHaveAttribute("aria-disabled", "true");
  await page.getByRole("link", { name: "see .org prices" }).click();
  await expect(page).toHaveURL(/\/tld\/org$/);
  await expect(page.getByRole("heading", { level: 1, name: ".org" })).toBeVisible();

  // The link as it would be opened in a tab, with a name the server refuses.
  const answer = await page.goto("/api/r/register?providerId=1&domain=co.uk");
  expect(answer?.status()).toBe(400);
  expect(answer?.headers()["content-type"]).toMatch(/^text\/html/);
  await expect(page.getByRole("heading", { level: 1, name: "This link cannot be opened" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText('".co.uk" is a domain extension, not a domain: add a name before it (e.g., example.co.uk)');
  await page.getByRole("link", { name: "See .co.uk prices" }).click();
  await expect(page.getByRole("heading", { level: 1, name: ".co.uk" })).toBeVisible();
});

test("an unknown path shows the 404 page", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status(), "an unknown path answers 404").toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("There is no page at /no/such/page. The address may be mistyped, or the page may have moved.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse TLD prices" })).toBeVisible();

  // The server's own error page (an unknown API path opened in a tab) draws the site's top bar:
  // the logo tile and the name side by side, not underlined.
  const api = await page.goto("/api/no-such-call");
  expect(api?.status()).toBe(404);
  const brand = page.locator("header.boot-bar > a");
  await expect(brand).toHaveCSS("display", "flex");
  await expect(brand).toHaveCSS("text-decoration-line", "none");
  await expect(brand.locator("span")).toHaveCSS("display", "grid");
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("a 360 px phone opens and closes the menu drawer", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" }), "desktop links are hidden on a phone").toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).tap();
    const drawer = page.getByRole("dialog");
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("combobox", { name: "Display currency" })).toBeVisible();
    await drawer.getByRole("button", { name: "Close menu" }).tap();
    await expect(drawer).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).tap();
    await drawer.getByRole("link", { name: "Registrars" }).tap();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/registrars$/);
    await expect(page.getByRole("heading", { level: 1, name: "Domain Registrars" })).toBeVisible();
  });
});

test("a shared /tlds link restores its view, and the theme toggles", async ({ page }) => {
  await page.goto("/tlds?page=3&limit=10&category=%22country-code%22");
  await expect(page.getByText(/^Showing 21-30 of [\d,]+ priced names$/)).toBeVisible();
  await expect(page.getByLabel("Filter by category"), "category restored").toHaveValue("country-code");
  await page.getByRole("button", { name: "Switch to dark mode" }).click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
});
