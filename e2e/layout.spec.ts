/**
 * The tables fit their screens: on a 360 px phone each price table shows every row's registration
 * price without sideways scrolling (rows become cards there), and sorts from its sort buttons; at
 * 1366 px the admin tables (the Operations page's delivery failures too) show their last columns, actions included, without scrolling sideways.
 */
import type { Locator, Page } from "@playwright/test";
import { createAccount, stamp } from "./accounts.ts";
import { expect, reloadUntilVisible, test } from "./fixtures.ts";

/** The page itself does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.page, `${what}: page width ${widths.page} within the ${widths.viewport} px viewport`).toBeLessThanOrEqual(widths.viewport);
}

/** A table by its caption (a phone lays tables out as blocks, so their role is not relied on). */
const tableCaptioned = (page: Page, caption: string | RegExp) => page.locator("table", { has: page.locator("caption", { hasText: caption }) });

/**
 * For each body row, the text of the cells `pick` selects and whether each lies wholly inside
 * the viewport's width and its table's scroll box, as things stand: nothing is scrolled sideways
 * to look. Also how far the table's scroll box overflows sideways.
 */
function cellsInView(table: Locator, pick: string) {
  return table.evaluate((element, selector) => {
    const box = element.parentElement!;
    const frame = box.getBoundingClientRect();
    const cells = Array.from(element.querySelectorAll<HTMLElement>(`tbody tr ${selector}`), (cell) => {
      const r = cell.getBoundingClientRect();
      const inside = r.width > 0 && r.left >= Math.max(0, frame.left) - 1 && r.right <= Math.min(window.innerWidth, frame.right) + 1;
      return { text: cell.textContent?.trim() ?? "", inside };
    });
    return { cells, overflow: box.scrollWidth - box.clientWidth };
  }, pick);
}

const PRICE = /\$[\d,]+\.\d{2}/;

async function expectRegistrationPricesShown(table: Locator, what: string, minRows: number): Promise<string> {
  await expect(table.locator("tbody tr td[data-label=Registration]").first()).toBeVisible();
  const { cells, overflow } = await cellsInView(table, "td[data-label=Registration]");
  expect(cells.length, `${what}: rows`).toBeGreaterThanOrEqual(minRows);
  expect(cells.filter((c) => !c.inside).map((c) => c.text), `${what}: registration prices off screen`).toEqual([]);
  expect(overflow, `${what}: the table scrolls sideways`).toBeLessThanOrEqual(0);
  const first = cells[0]?.text ?? "";
  expect(first, `${what}: the first row's registration price`).toMatch(PRICE);
  return first;
}

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("each price table shows every row's registration price without sideways scrolling", async ({ page }) => {
    await page.goto("/");
    // The landing page's tables render as they near the viewport.
    const common = tableCaptioned(page, "Best Prices for Common TLDs");
    await expect(async () => {
      await page.evaluate(() => window.scrollBy(0, 1500));
      await expect(common.locator("tbody tr td[data-label=Registration]").first()).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expectRegistrationPricesShown(common, "/ common TLDs", 5);
    await expectRegistrationPricesShown(tableCaptioned(page, "All TLD Prices"), "/ all TLDs", 20);
    await expectNoSidewaysScroll(page, "/");

    await page.goto("/tlds");
    const tlds = tableCaptioned(page, "Top Level Domains");
    await expectRegistrationPricesShown(tlds, "/tlds", 20);
    await expectNoSidewaysScroll(page, "/tlds");
    // The column headers are sort buttons above the cards: the same URL state as on a wide screen.
    await tlds.getByRole("button", { name: "Sort by Registration" }).tap();
    await expect(page).toHaveURL(/sortBy=%22registrationPrice%22|sortBy=registrationPrice/);
    await expect(async () => {
      const prices = (await cellsInView(tlds, "td[data-label=Registration]")).cells.map((c) => Number(PRICE.exec(c.text)?.[0].replace(/[$,]/g, "")));
      expect(prices.length).toBe(20);
      expect(prices.every((p, i) => i === 0 || (prices[i - 1] ?? 0) <= p), `ascending: ${prices.join(", ")}`).toBe(true);
    }).toPass();
    await expectNoSidewaysScroll(page, "/tlds sorted by price");

    await page.goto("/tld/com");
    await expectRegistrationPricesShown(tableCaptioned(page, "Prices for .com by registrar"), "/tld/com", 3);
    await expectNoSidewaysScroll(page, "/tld/com");

    await page.goto("/registrar/1");
    await expectRegistrationPricesShown(tableCaptioned(page, /^TLD prices at /), "/registrar/1", 20);
    await expectNoSidewaysScroll(page, "/registrar/1");
  });
});

/** Every cell of the table's last column lies inside the viewport and the table's scroll box. */
async function expectLastColumnShown(table: Locator, what: string, minRows: number): Promise<void> {
  const { cells, overflow } = await cellsInView(table, "td:last-child");
  expect(cells.length, `${what}: rows`).toBeGreaterThanOrEqual(minRows);
  expect(cells.filter((c) => !c.inside).map((c) => c.text), `${what}: last-column cells off screen`).toEqual([]);
  expect(overflow, `${what}: the table scrolls sideways`).toBeLessThanOrEqual(0);
}

test.describe("at 1366 × 768", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("the admin tables show their last columns, actions included, without sideways scrolling", async ({ page, app }) => {
    const email = `layout-${stamp}@example.com`;
    await createAccount(page, "Lena", email);
    await app.grantAdmin(email);
    // A fetch run checks every provider's data age: the bundled lists are old, so incidents open.
    await page.goto("/admin/operations");
    await page.getByRole("button", { name: "Fetch Porkbun", exact: true }).click();
    await expect(page.getByText("Manual fetch initiated successfully").first()).toBeVisible();

    await page.goto("/admin/alerts");
    const incidents = page.getByRole("table", { name: "Incidents" });
    const action = incidents.getByRole("button", { name: /^(Investigate|Resolve|Close|Reopen) incident: / });
    await reloadUntilVisible(page, action);
    await expectLastColumnShown(incidents, "Incidents", 1);
    await expect(action.first()).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page, "/admin/alerts");

    await page.getByRole("tab", { name: "Alert Rules" }).click();
    const rules = page.getByRole("table", { name: "Alert rules" });
    await expect(rules.getByRole("button", { name: /^Edit / }).first()).toBeVisible();
    await expectLastColumnShown(rules, "Alert rules", 3);

    for (const [path, caption] of [["/admin/logs", "Price retrieval logs"], ["/admin/data", "Service providers"], ["/admin/settings", "Fetch schedules"]] as const) {
      await page.goto(path);
      const table = page.getByRole("table", { name: caption });
      await expect(table.locator("tbody tr td:last-child").first()).toBeVisible();
      await expectLastColumnShown(table, caption, 1);
      await expectNoSidewaysScroll(page, path);
    }

    // A webhook to a closed loopback port fails its test delivery, which the Operations page lists.
    await page.goto("/settings/notifications");
    const webhook = await page.evaluate(async () => {
      const res = await fetch("/api/notifications/webhooks", {
        method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ url: "http://127.0.0.1:9/hooks/layout-token", format: "slack" }),
      });
      const { channel } = await res.json() as { channel: { id: number } };
      return (await fetch(`/api/notifications/channels/${channel.id}/test`, { method: "POST" })).status;
    });
    expect(webhook).toBe(202);
    await page.goto("/admin/operations");
    const failures = page.getByRole("table", { name: "Notification delivery failures" });
    await reloadUntilVisible(page, failures.getByText("127.0.0.1:9", { exact: true }));
    await expectLastColumnShown(failures, "Notification delivery failures", 1);
    await expect(failures.getByText(/layout-token/)).toHaveCount(0);
    await expectNoSidewaysScroll(page, "/admin/operations");

    await page.goto("/api-access");
    const endpoints = page.locator("table", { has: page.getByRole("columnheader", { name: "Parameters" }) });
    await expect(endpoints.locator("tbody tr").first()).toBeVisible();
    await expectLastColumnShown(endpoints, "API endpoints' parameters", 5);
  });
});
