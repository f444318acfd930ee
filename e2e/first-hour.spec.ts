/**
 * The first hour on a fresh install, at a 360 px phone and at 1366 px: the API reference and a
 * registrar's page read on a phone, /tlds opens on the popular TLDs and a search puts the name
 * searched for first, an unknown TLD is a page not found that asks nothing again, and a signed-in
 * visitor gets the signed-in page (and each page's own title) in the server's first answer.
 */
import type { Page } from "@playwright/test";
import { createAccount, stamp } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";

const WIDTHS = [360, 1366] as const;

/** The placeholder's width in the input's font, and the room the input leaves for it. */
function placeholderFit(el: HTMLInputElement): { text: number; room: number } {
  const style = getComputedStyle(el);
  const context = document.createElement("canvas").getContext("2d")!;
  context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  return { text: context.measureText(el.placeholder).width, room: el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight) };
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test(`the API reference has the site's top bar and readable parameter tables (${width} px)`, async ({ page }) => {
      await page.goto("/api/reference");
      await expect(page.getByRole("link", { name: "TLDScope", exact: true })).toBeVisible();
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
      // No header or short cell broken a letter to a line: each one's words take one line.
      const cells = page.locator("table.params").first().locator("th, td[data-label=Parameter], td[data-label=In]");
      for (const cell of await cells.all()) {
        if (!(await cell.isVisible())) continue;
        const lines = await cell.evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom))).size;
        });
        expect(lines, await cell.textContent() ?? "").toBeLessThanOrEqual(1);
      }
    });

    test(`a registrar's page: the whole placeholder, a prices-checked date, no currency column (${width} px)`, async ({ page }) => {
      await page.goto("/registrar/1");
      const input = page.getByLabel("Domain name");
      await expect(input).toHaveAttribute("placeholder", "e.g. example.com");
      const fit = await input.evaluate(placeholderFit);
      expect(fit.text, `the placeholder takes ${fit.text} px of ${fit.room}`).toBeLessThanOrEqual(fit.room);
      await expect(page.getByText("Prices Checked")).toBeVisible();
      await expect(page.getByText("Data Available")).toHaveCount(0);
      await expect(page.getByRole("columnheader", { name: "Currency" })).toHaveCount(0);
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    });

    test(`/tlds opens on the popular TLDs and a search puts the name searched for first (${width} px)`, async ({ page }) => {
      await page.goto("/tlds");
      const table = page.getByRole("table", { name: /^Top Level Domains/ });
      await expect(table.locator("tbody tr").first().getByRole("link").first()).toHaveText(".com");
      await expect(page.getByTestId("sort-order-note")).toHaveText(/^Popular first/);
      const sorts = await page.getByLabel("Sort order").locator("option").allTextContents();
      expect(sorts).toEqual(["Popular first", "Name: A to Z", "Price: Low to High", "Price: High to Low"]);
      await page.goto("/tlds?search=io");
      await expect(table.locator("tbody tr").first().getByRole("link").first()).toHaveText(".io");
    });

    test(`an unknown TLD is 'TLD Not Found' under its own title, with nothing asked again (${width} px)`, async ({ page }) => {
      const calls: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.startsWith("/trpc/")) calls.push(new URL(request.url()).pathname);
      });
      const response = await page.goto("/tld/notatld");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "TLD Not Found" })).toBeVisible();
      await expect(page).toHaveTitle("TLD Not Found | TLDScope");
      await page.waitForTimeout(500);
      expect(calls.filter((path) => /catalogue\.tld|byTldPage|statsByTld/.test(path))).toEqual([]);
    });

    test(`a signed-in visitor gets the signed-in page and each page's title from the server (${width} px)`, async ({ page }) => {
      await createAccount(page, "Hour", `hour-${width}-${stamp}@example.com`);
      // The server's first answer, before any script ran: the dashboard, not the visitor's landing page.
      const home = await (await page.request.get("/")).text();
      expect(home).toContain("Welcome to Your Domain Dashboard");
      expect(home).not.toContain("Get Started for Free");
      for (const [path, title] of [["/settings/account", "Account Settings"], ["/api-keys", "API Keys"], ["/portfolio", "Domain Portfolio"]] as const) {
        expect(await (await page.request.get(path)).text(), path).toContain(`<title>${title} | TLDScope</title>`);
        await page.goto(path);
        await expect(page, path).toHaveTitle(`${title} | TLDScope`);
      }
    });
  });
}
