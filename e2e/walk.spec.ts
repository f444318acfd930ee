/**
 * What a newcomer's walk through the site at 1366 and 360 px found wrong, checked where only a
 * real browser can tell: colours under the pointer and the focus ring's contrast, a chart's size
 * and time axis, where the first search box and the first price sit on a phone, a select's words
 * fitting it, a field's height, and where a page brings the reader after a link or a failure.
 */
import type { Locator, Page } from "@playwright/test";
import { createAccount, stamp } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";

/** WCAG's contrast ratio of two CSS colours as computed styles give them ("rgb(…)", "rgba(…)"); alpha over white. */
function contrastOf(page: Page, a: string, b: string): Promise<number> {
  return page.evaluate(([first, second]) => {
    const rgb = (css: string) => {
      const [r = 0, g = 0, bl = 0, alpha = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      return [r, g, bl].map((c) => c * alpha + 255 * (1 - alpha));
    };
    const luminance = (css: string) => {
      const [r, g, bl] = rgb(css).map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
    };
    const [x, y] = [luminance(first), luminance(second)].sort((p, q) => q - p);
    return (x! + 0.05) / (y! + 0.05);
  }, [a, b] as const);
}

/**
 * The price history of /tld/com, drawn: the section is asked for when the page nears it and the
 * chart drawn when it is in view, so the page is scrolled down until both are there.
 */
async function openHistory(page: Page): Promise<Locator> {
  await page.goto("/tld/com");
  const history = page.locator(".app-card", { has: page.getByRole("heading", { name: "Price history of .com" }) });
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(history.getByRole("img", { name: /Price history of \.com/ })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await history.getByRole("img", { name: /Price history of \.com/ }).scrollIntoViewIfNeeded();
  await expect(history.locator(".recharts-surface").first()).toBeVisible({ timeout: 20_000 });
  return history;
}

const styleOf = (locator: Locator, ...properties: string[]) =>
  locator.evaluate((el, props) => Object.fromEntries(props.map((p) => [p, getComputedStyle(el).getPropertyValue(p)])), properties);

test.describe("at 1366 px", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("a greyed Register button keeps its colours under the pointer, and says why it is greyed", async ({ page }) => {
    await page.goto("/tld/com");
    const comparison = page.locator("table", { has: page.locator("caption", { hasText: "Prices for .com by registrar" }) });
    const register = comparison.getByRole("button", { name: /^Register at / }).first();
    await expect(register).toBeVisible();
    await expect(page.getByText("Register and Transfer are greyed out until you type a domain name above.")).toBeVisible();
    await expect(register).toHaveAttribute("title", "Please enter a domain name first.");
    const before = await styleOf(register, "background-color", "color");
    await register.hover();
    const hovered = await styleOf(register, "background-color", "color");
    expect(hovered["background-color"], "the solid button keeps its background under the pointer").toBe(before["background-color"]);
    expect(await contrastOf(page, hovered.color!, hovered["background-color"]!), "its label stays readable").toBeGreaterThan(3);

    // A name without an extension is the page's own.
    await page.getByLabel("Domain name").fill("My-Shop");
    const link = comparison.getByRole("link", { name: /^Register my-shop\.com at / }).first();
    await expect(link).toHaveAttribute("href", /domain=my-shop\.com$/);

    // The comparison sorts by renewal from its header.
    await comparison.getByRole("button", { name: "Sort by Renewal" }).click();
    await expect(comparison.getByRole("columnheader", { name: /Renewal/ })).toHaveAttribute("aria-sort", "ascending");
    await expect(async () => {
      const renewals = await comparison.locator("tbody tr td[data-label=Renewal]").evaluateAll((cells) =>
        cells.map((c) => Number(/[\d,]+\.\d{2}/.exec(c.textContent ?? "")?.[0].replace(/,/g, "") ?? NaN)).filter((n) => !Number.isNaN(n)));
      expect(renewals.length).toBeGreaterThan(3);
      expect(renewals).toEqual([...renewals].sort((a, b) => a - b));
    }).toPass();
  });

  test("inputs and selects show a focus ring as visible as the buttons' (2 px, 3:1)", async ({ page }) => {
    await page.goto("/tlds");
    const search = page.getByRole("searchbox", { name: "Search TLDs" }).last();
    for (const field of [search, page.getByLabel("Filter by category")]) {
      // Reached with the keyboard (:focus-visible), as a keyboard user reaches it.
      await field.focus();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Tab");
      await expect(field).toBeFocused();
      const ring = await styleOf(field, "outline-width", "outline-style", "outline-color");
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(Number.parseFloat(ring["outline-width"]!), "ring width").toBeGreaterThanOrEqual(2);
      expect(ring["outline-style"]).toBe("solid");
      expect(await contrastOf(page, ring["outline-color"]!, background), "ring contrast").toBeGreaterThanOrEqual(3);
    }
  });

  test("the sort menu's words for a column header's order fit it", async ({ page }) => {
    await page.goto("/tlds");
    // The longest words an order picked from a column header takes.
    await page.getByRole("button", { name: "Sort by 3-Year Cost" }).first().click();
    await page.getByRole("button", { name: "Sort by 3-Year Cost" }).first().click();
    const select = page.getByLabel("Sort order");
    await expect(select.locator("option:checked")).toHaveText("3-Year Cost: High to Low");
    const fit = await select.evaluate((el: HTMLSelectElement) => {
      const style = getComputedStyle(el);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText(el.selectedOptions[0]!.text).width;
      const room = el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return { text, room };
    });
    expect(fit.text, `the words take ${fit.text} px of ${fit.room}`).toBeLessThanOrEqual(fit.room);
  });

  test("the price history plots time to scale, starts at $0 not N/A, and dates a quote as the comparison does", async ({ page }) => {
    const history = await openHistory(page);
    // Recharts draws the tick labels in a layer of their own, named after their axis.
    const ticks = history.locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value");
    await expect(ticks.first()).toBeVisible();
    expect(await ticks.allTextContents()).not.toContain("N/A");
    // Time to scale: the same number of days takes the same width wherever it falls.
    const xTicks = await history.locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value").evaluateAll((nodes) => nodes.map((n) => ({
      x: n.getBoundingClientRect().x + n.getBoundingClientRect().width / 2, day: Date.parse(`${n.textContent ?? ""} UTC`),
    })));
    expect(xTicks.length).toBeGreaterThanOrEqual(4);
    // The first and last labels may be moved inward to stay inside the chart: the inner ones are measured.
    const inner = xTicks.slice(1, -1);
    const perDay = inner.slice(1).map((t, i) => (t.x - inner[i]!.x) / ((t.day - inner[i]!.day) / 86_400_000));
    expect(Math.max(...perDay) / Math.min(...perDay), `pixels per day between ticks: ${perDay.join(", ")}`).toBeLessThan(1.15);

    // Cloudflare: the comparison's "checked" day is the history's.
    const row = page.locator("table", { has: page.locator("caption", { hasText: "Prices for .com by registrar" }) }).locator("tr", { hasText: "Cloudflare Registrar" });
    const checked = /checked (\w{3} \d{1,2}, \d{4})/.exec((await row.textContent()) ?? "")?.[1];
    expect(checked, "the comparison says when Cloudflare's quote was checked").toBeTruthy();
    const current = history.locator("tbody tr", { hasText: "Cloudflare Registrar" }).filter({ hasText: "Current" });
    await expect(current).toContainText(`checked ${checked}`);
  });
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("the landing page's first search box and /tld/com's first price are on the first screen", async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("searchbox").first();
    await expect(search).toBeVisible();
    const searchBox = (await search.boundingBox())!;
    expect(searchBox.y + searchBox.height, "the first search box ends within the first screen").toBeLessThanOrEqual(740);

    await page.goto("/tld/com");
    const price = page.locator("table", { has: page.locator("caption", { hasText: "Prices for .com by registrar" }) })
      .locator("tbody tr td[data-label=Registration]").first();
    await expect(price).toBeVisible();
    const priceBox = (await price.boundingBox())!;
    expect(priceBox.y + priceBox.height, "the first registration price ends within the first screen").toBeLessThanOrEqual(740);
  });

  test("the price history fits the phone: a chart tall enough to read and its table as cards", async ({ page }) => {
    const history = await openHistory(page);
    const plot = (await history.locator(".recharts-cartesian-grid").first().boundingBox())!;
    expect(plot.height, "the plotted area's height").toBeGreaterThanOrEqual(150);
    const table = history.locator("table");
    const widths = await table.evaluate((el) => ({ table: el.scrollWidth, box: el.parentElement!.clientWidth }));
    expect(widths.table, "the history table is no wider than its box").toBeLessThanOrEqual(widths.box);
  });

  test("signed in: the add-domain failure's reason is in view, Watch this TLD lands on the form, the webhook field is full height, the import report shows its reasons", async ({ page }) => {
    await createAccount(page, "Wally", `walk-${stamp}@example.com`);
    await page.goto("/portfolio");
    await page.getByRole("button", { name: "Add Domain", exact: true }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Domain" });
    await dialog.getByLabel(/Domain name/).fill(`walk-${stamp}.zz`);
    await dialog.getByRole("button", { name: "Add Domain" }).click();
    await expect(page.getByText(/^Failed to add domain\. .+\.$/)).toBeVisible();
    const blamed = dialog.locator("[aria-invalid=true]").first();
    await expect(blamed).toBeInViewport();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // The import dialog says the columns first; its report shows each row's reason on the phone.
    await page.getByRole("button", { name: "Import CSV" }).click();
    const format = page.getByRole("dialog", { name: "Import domains from a CSV file" });
    await expect(format.getByText("domainName", { exact: true })).toBeVisible();
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), format.getByRole("button", { name: "Choose a CSV file" }).click()]);
    await chooser.setFiles({ name: "domains.csv", mimeType: "text/csv", buffer: Buffer.from(`domainName\nimported-${stamp}.com\nnot_a_domain.com\n`) });
    const report = page.getByRole("dialog", { name: "Import results" });
    const reason = report.locator("td[data-label=Reason]").filter({ hasText: /invalid characters/ });
    await expect(reason).toBeVisible();
    const cell = (await reason.boundingBox())!;
    expect(cell.x + cell.width, "the reason ends within the screen").toBeLessThanOrEqual(360);
    await report.getByRole("button", { name: "Done" }).click();

    await page.goto("/tld/com");
    await page.getByRole("link", { name: "Watch the price of .com" }).click();
    await expect(page).toHaveURL(/\/settings\/notifications\?watch=com/);
    const form = page.getByRole("form", { name: "Watch a TLD" });
    await expect(form.getByLabel("Target price")).toBeFocused();
    await expect(form.getByLabel("TLD")).toHaveValue(".com");
    await expect(form.getByLabel("Target price")).toBeInViewport();

    const url = page.getByRole("form", { name: "Add webhook" }).getByLabel("Webhook URL");
    await url.scrollIntoViewIfNeeded();
    expect((await url.boundingBox())!.height, "the webhook URL field's height").toBeGreaterThanOrEqual(36);
  });
});
