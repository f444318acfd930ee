/** The public journeys, against the real server and the built client. */
import type { Page } from "playwright-core";
import { check, eventually, type Journey } from "./harness.ts";

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

export const journeys: Journey[] = [
  {
    name: "landing → TLDs → sort by price → page 2 → a TLD → register link",
    run: async (page) => {
      await page.goto("/");
      await page.getByRole("heading", { level: 1, name: "Domain Intelligence & Management" }).waitFor();
      await page.getByText(/^(System deployed|Data last updated) \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/).waitFor();
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "TLDs" }).click();
      await page.waitForURL("**/tlds");
      await page.getByRole("heading", { level: 1, name: "Top Level Domains" }).waitFor();
      await page.getByText(/^Showing 1-20 of [\d,]+ TLDs$/).waitFor();

      await page.getByLabel("Sort order").selectOption({ label: "Price: Low to High" });
      await page.waitForURL(/sortBy=%22registrationPrice%22|sortBy=registrationPrice/);
      const firstPage = await eventually(() => registrationPrices(page), (p) => p.length === 20 && ascending(p) && (p[0] ?? 99) < 5, "page 1 sorted by price");

      await page.getByRole("button", { name: "Page 2" }).click();
      await page.waitForURL(/page=2/);
      await page.getByText(/^Showing 21-40 of [\d,]+ TLDs$/).waitFor();
      const secondPage = await eventually(() => registrationPrices(page), (p) => p.length === 20 && ascending(p), "page 2 sorted");
      check((secondPage[0] ?? 0) >= (firstPage.at(-1) ?? 0), `page 2 starts below page 1's last price: ${secondPage[0]} < ${firstPage.at(-1)}`);

      const firstTld = page.locator("table tbody tr").first().getByRole("link").first();
      const label = (await firstTld.textContent())?.trim() ?? "";
      await firstTld.click();
      await page.waitForURL(/\/tld\/[^/]+$/);
      await page.getByRole("heading", { level: 1, name: label }).waitFor();
      const tld = new URL(page.url()).pathname.split("/").pop() ?? "";

      const register = page.getByRole("button", { name: /^Register at / }).first();
      check((await register.getAttribute("aria-disabled")) === "true", "Register is enabled before a domain is typed");
      await page.getByLabel("Domain name").fill(`E2E-Example.${tld}`);
      const link = page.getByRole("link", { name: /^Register e2e-example\./ }).first();
      const href = (await link.getAttribute("href")) ?? "";
      check(new RegExp(`^/api/r/register\\?providerId=\\d+&domain=e2e-example\\.${tld}$`).test(href), `register href ${href}`);
      check((await link.getAttribute("target")) === "_blank" && (await link.getAttribute("rel"))?.includes("noopener"), "opens in a new tab");
      const redirect = await page.request.get(href, { maxRedirects: 0 });
      check(redirect.status() === 302 && /^https:\/\//.test(redirect.headers().location ?? ""), `redirect ${redirect.status()}`);
      const [popup] = await Promise.all([page.waitForEvent("popup"), link.click()]);
      await popup.close();
      await page.getByText("Redirecting to Registrar").waitFor();

      await page.goBack();
      await page.getByText(/^Showing 21-40 of [\d,]+ TLDs$/).waitFor();
    },
  },
  {
    name: "registrars → a registrar page → prices in EUR, still after a reload",
    run: async (page) => {
      await page.goto("/registrars");
      await page.getByRole("heading", { level: 1, name: "Domain Registrars" }).waitFor();
      const accredited = page.getByRole("region", { name: "ICANN Accredited Registrars" });
      await accredited.getByText("ICANN Accredited domain registrar with verified quality and compliance standards.").first().waitFor();
      await accredited.getByRole("link", { name: "Porkbun" }).click();
      await page.waitForURL(/\/registrar\/\d+$/);
      await page.getByRole("heading", { level: 1, name: "Porkbun" }).waitFor();
      await page.getByRole("heading", { name: "TLD Pricing" }).waitFor();
      const offered = await eventually(
        () => page.getByText("TLDs Offered").locator("xpath=following-sibling::*[1]").textContent(),
        (text) => Number(text) > 0,
        "TLDs Offered",
      );
      check(Number(offered) > 100, `Porkbun offers ${offered} TLDs`);
      await page.getByPlaceholder("Enter your domain name (e.g., example.com)").fill("my-shop");
      const href = await page.getByRole("link", { name: /^Register my-shop\.\w+ at Porkbun/ }).first().getAttribute("href");
      check(/^\/api\/r\/register\?providerId=\d+&domain=my-shop\.[a-z0-9-]+$/.test(href ?? ""), `register href ${href}`);

      // Porkbun quotes in USD: in EUR every price is converted, marked, and says from what.
      const currency = page.getByRole("combobox", { name: "Display currency" });
      check((await currency.inputValue()) === "USD", "USD by default");
      await currency.selectOption("EUR");
      const converted = page.getByRole("note", { name: /^€\d+\.\d{2}, Converted from \$\d+\.\d{2} at the ECB rate of \w+ \d{1,2}, \d{4}$/ }).first();
      await converted.waitFor();
      await page.reload();
      await page.getByRole("heading", { name: "TLD Pricing" }).waitFor();
      await converted.waitFor();
      check((await page.getByRole("combobox", { name: "Display currency" }).inputValue()) === "EUR", "EUR remembered after a reload");
      check((await converted.textContent())?.startsWith("≈€") === true, "the converted mark reads ≈€");
    },
  },
  {
    name: "server-rendered /tld/com: names and prices in the first HTML, then hydrated and typed into",
    run: async (page) => {
      const response = await page.goto("/tld/com");
      const html = (await response?.text()) ?? "";
      check(response?.status() === 200, `status ${response?.status()}`);
      check(html.includes(">Porkbun<") && /\$\d+\.\d{2}/.test(html) && html.includes('id="ssr-state"'), "provider names, prices and the query cache in the HTML");
      check(/<title>\.com domain prices \| TLDScope<\/title>/.test(html), "the page's own title");
      // No session cookie: the top bar's signed-out actions are in the HTML, not added after hydration.
      check(html.includes(">Sign In</a>") && html.includes(">Get Started</a>"), "Sign In and Get Started in the HTML");
      await page.getByRole("heading", { level: 1, name: ".com" }).waitFor();
      // Only a hydrated page reacts to typing: each row's Register link takes the name.
      await page.getByLabel("Domain name").fill("ssr-check.com");
      const link = page.getByRole("link", { name: /^Register ssr-check\.com at / }).first();
      await link.waitFor();
      check(/domain=ssr-check\.com$/.test((await link.getAttribute("href")) ?? ""), "the link carries the typed name");
      for (const path of ["/", "/tlds", "/registrar/1", "/registrars", "/help", "/cookies", "/api-access"]) {
        const answer = await page.goto(path);
        check(answer?.status() === 200 && (await answer.text()).includes('id="ssr-state"'), `${path} is server-rendered`);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
      }
    },
  },
  {
    name: "an unknown path shows the 404 page",
    run: async (page) => {
      const response = await page.goto("/no/such/page");
      check(response?.status() === 404, `an unknown path answers 404, not ${response?.status()}`);
      await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
      await page.getByText("Did you forget to add the page to the router?").waitFor();
    },
  },
  {
    name: "a 360 px phone opens and closes the menu drawer",
    context: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
    run: async (page) => {
      await page.goto("/");
      check(!(await page.getByRole("navigation", { name: "Main" }).isVisible()), "desktop links are hidden on a phone");
      await page.getByRole("button", { name: "Open menu" }).tap();
      const drawer = page.getByRole("dialog");
      await drawer.waitFor();
      await drawer.getByRole("combobox", { name: "Display currency" }).waitFor();
      await drawer.getByRole("button", { name: "Close menu" }).tap();
      await drawer.waitFor({ state: "hidden" });
      await page.getByRole("button", { name: "Open menu" }).tap();
      await drawer.getByRole("link", { name: "Registrars" }).tap();
      await drawer.waitFor({ state: "hidden" });
      await page.waitForURL("**/registrars");
      await page.getByRole("heading", { level: 1, name: "Domain Registrars" }).waitFor();
    },
  },
  {
    name: "a shared /tlds link restores its view, and the theme toggles",
    run: async (page) => {
      await page.goto("/tlds?page=3&limit=10&category=%22country-code%22");
      await page.getByText(/^Showing 21-30 of [\d,]+ TLDs$/).waitFor();
      check((await page.getByLabel("Filter by category").inputValue()) === "country-code", "category restored");
      await page.getByRole("button", { name: "Switch to dark mode" }).click();
      await eventually(() => page.evaluate(() => document.documentElement.className), (c) => c.includes("dark"), "dark class");
    },
  },
];
