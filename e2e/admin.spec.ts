/**
 * The administrator's journeys: an account made admin with the admin command, a manual Porkbun
 * fetch that brings a changed .com price, fetch schedules, and an incident opened by two failed
 * fetches and moved to resolved. The price fetches go to the worker's loopback fakes
 * (e2e/fakes.ts), so these journeys run in order in one worker.
 */
import type { Locator, Page } from "@playwright/test";
import { createAccount, stamp } from "./accounts.ts";
import { CHANGED_COM_REGISTRATION } from "./fakes.ts";
import { expect, reloadUntilVisible, test, type App } from "./fixtures.ts";

async function signUpAdmin(page: Page, app: App, firstName: string): Promise<void> {
  const email = `${firstName.toLowerCase()}-${stamp}@example.com`;
  await createAccount(page, firstName, email);
  await app.grantAdmin(email);
}

async function fetchPorkbun(page: Page): Promise<void> {
  await page.goto("/admin/operations");
  await expect(page.getByRole("heading", { name: "Manual Operations" })).toBeVisible();
  await page.getByRole("button", { name: "Fetch Porkbun", exact: true }).click();
  await expect(page.getByText("Manual fetch initiated successfully").first()).toBeVisible();
}

const logRows = (page: Page, status: "Success" | "Error") =>
  page.getByRole("table", { name: "Price retrieval logs" }).getByRole("row")
    .filter({ hasText: "porkbun.com" }).filter({ has: page.getByText(status, { exact: true }) });

/** Waits on /admin/logs until Porkbun has `count` runs with this status. */
async function porkbunRuns(page: Page, status: "Success" | "Error", count: number): Promise<Locator> {
  await page.goto("/admin/logs");
  await reloadUntilVisible(page, logRows(page, status).nth(count - 1));
  return logRows(page, status);
}

test("a visitor's contact message reaches the admin's Messages page, shown as text", async ({ page, app }) => {
  const subject = `Journey question ${stamp}`;
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Vera Visitor");
  await page.getByLabel("Email").fill("vera@example.com");
  await page.getByLabel("Category").selectOption("data-inquiry");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message").fill("Is <b>.dev</b> priced by every registrar?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message sent successfully!")).toBeVisible();
  await signUpAdmin(page, app, "Mira");
  await page.goto("/admin/messages");
  const row = page.getByRole("table", { name: "Contact messages" }).getByRole("row").filter({ hasText: subject });
  await expect(row).toBeVisible();
  await expect(row, "the message is shown as typed, HTML as text").toContainText("Is <b>.dev</b> priced by every registrar?");
  await expect(row, "the sender's address is shown").toContainText("vera@example.com");
});

test("a signed-in non-admin opening an /admin link sees Access Denied and lands on /", async ({ page }) => {
  await createAccount(page, "Noel", `noel-${stamp}@example.com`);
  await page.goto("/admin/operations");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("Admin privileges required to access this page.").first()).toBeVisible();
  await expect(page, "back on / after Access Denied").toHaveURL((url) => url.pathname === "/", { timeout: 5_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Your Domain Dashboard" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Fetch Porkbun", exact: true }), "no admin controls shown").toBeHidden();
});

test.describe("at 1280 × 900", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("admin: manual Porkbun fetch → logs → the changed .com price and its history", async ({ page, app }) => {
    await signUpAdmin(page, app, "Ada");
    await fetchPorkbun(page);
    const [run] = await (await porkbunRuns(page, "Success", 1)).all();
    const results = (await run!.getByRole("cell").nth(4).textContent())?.replace(/,/g, "") ?? "";
    expect(Number(results), `Porkbun's run lists ${results} results`).toBeGreaterThan(100);

    await page.goto("/tld/com");
    await expect(page.getByRole("heading", { level: 1, name: ".com" })).toBeVisible();
    const price = `$${CHANGED_COM_REGISTRATION}`;
    await reloadUntilVisible(page, page.getByRole("row").filter({ hasText: "Porkbun" }).filter({ hasText: price }));
    // The history section (table and chart) loads once it is near the viewport (RenderWhenNear,
    // decision 033), like a visitor scrolling down to it.
    const historyHeading = page.getByRole("heading", { name: "Price history of .com" });
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect(historyHeading).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await historyHeading.scrollIntoViewIfNeeded();
    const history = page.getByRole("table").filter({ has: page.getByText(/^Price history of \.com: every period/) });
    const porkbun = history.getByRole("row").filter({ has: page.getByRole("cell", { name: "Porkbun", exact: true }) });
    await expect(porkbun.filter({ hasText: price }).filter({ hasText: "Current" })).toBeVisible();
    await expect(porkbun.filter({ hasText: "$11.08" }).filter({ hasText: "Replaced" })).toBeVisible();
    // The chart is drawn once it is itself in view (the sections above it change the page's height).
    const chart = page.getByRole("img", { name: /^Price history of \.com: registration prices in USD/ });
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator("svg").first()).toBeVisible();
  });

  test("admin: create, edit and delete a fetch schedule", async ({ page, app }) => {
    await signUpAdmin(page, app, "Grace");
    await page.goto("/admin/settings");
    const name = `E2E nightly ${stamp}`;
    await page.getByRole("button", { name: "Create Schedule" }).click();
    const create = page.getByRole("dialog", { name: "Create Schedule" });
    await create.getByLabel("Name").fill(name);
    const cron = create.getByLabel(/Cron expression/);
    await cron.pressSequentially("0 3 *");
    await expect(create.getByText("Cron expression must have five fields: minute, hour, day of month, month, day of week")).toBeVisible();
    await cron.pressSequentially(" * *");
    await expect(create.getByText("Next runs:")).toBeVisible();
    await expect(create.getByRole("listitem"), "three next runs, each at 3:00 AM UTC").toHaveText([/at 3:00 AM UTC$/, /at 3:00 AM UTC$/, /at 3:00 AM UTC$/]);
    await create.getByRole("button", { name: "Create Schedule" }).click();
    await expect(page.getByText("Schedule created successfully").first()).toBeVisible();
    await expect(create).toBeHidden();
    const table = page.getByRole("table", { name: "Fetch schedules" });
    const row = table.getByRole("row").filter({ hasText: name });
    await expect(row.getByText("0 3 * * *")).toBeVisible();

    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: `Edit ${name}` });
    await edit.getByLabel(/Cron expression/).fill("30 4 * * 1");
    await expect(edit.getByRole("listitem").first(), "the next run is on a Monday at 4:30").toHaveText(/^Monday, .* at 4:30 AM UTC$/);
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Schedule updated successfully").first()).toBeVisible();
    await expect(row.getByText("30 4 * * 1")).toBeVisible();

    await page.getByRole("button", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Delete ${name}?` });
    await expect(confirm.getByText("This schedule will stop running and be deleted. This action cannot be undone.")).toBeVisible();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Schedule deleted successfully").first()).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(table.getByText("Daily price refresh")).toBeVisible();
  });

  test("admin: General Settings are saved, kept after a reload, and set the price log's refresh interval", async ({ page, app }) => {
    await signUpAdmin(page, app, "Edsger");
    await page.goto("/admin/settings");
    const openTab = async () => {
      await page.getByRole("tab", { name: "General Settings" }).click();
      await expect(page.getByRole("button", { name: "Save Settings" })).toBeVisible();
    };
    const refresh = page.getByLabel("Default auto-refresh interval");
    const perPage = page.getByLabel("Default items per page");
    const healthAlerts = page.getByRole("checkbox", { name: "System Health Alerts" });
    await openTab();
    await expect(refresh).toHaveValue("15");
    await expect(perPage).toHaveValue("20");
    await expect(healthAlerts).toBeChecked();
    await refresh.selectOption("30");
    await perPage.selectOption("50");
    await page.getByText("System Health Alerts", { exact: true }).click();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings saved successfully").first()).toBeVisible();

    await page.reload();
    await openTab();
    await expect(refresh).toHaveValue("30");
    await expect(perPage).toHaveValue("50");
    await expect(healthAlerts).not.toBeChecked();
    await page.goto("/admin/logs");
    await expect(page.getByText("Auto-refresh (30 s)")).toBeVisible();

    // Back to the defaults, for the journeys after this one on the same server.
    await page.goto("/admin/settings");
    await openTab();
    await refresh.selectOption("15");
    await perPage.selectOption("20");
    await page.getByText("System Health Alerts", { exact: true }).click();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings saved successfully").first()).toBeVisible();
  });

  test("admin: two failed Porkbun fetches open an incident, moved to investigating then resolved", async ({ page, app }) => {
    await signUpAdmin(page, app, "Linus");
    const pricing = app.fakes.porkbunPricing;
    pricing.behaviour = "server-error";
    try {
      await fetchPorkbun(page);
      await porkbunRuns(page, "Error", 1);
      await fetchPorkbun(page);
      await porkbunRuns(page, "Error", 2);
    } finally {
      pricing.behaviour = "success";
    }
    const title = "Provider fetch failing: Porkbun";
    await page.goto("/admin/alerts");
    const incidents = page.getByRole("table", { name: "Incidents" });
    const row = incidents.getByRole("row").filter({ hasText: title });
    await reloadUntilVisible(page, row);
    await expect(row.getByText("Open", { exact: true })).toBeVisible();
    await expect(row.getByText("High", { exact: true })).toBeVisible();

    await page.getByRole("button", { name: `Investigate incident: ${title}` }).click();
    await expect(page.getByText(`"${title}" is now investigating.`).first()).toBeVisible();
    await expect(row.getByText("Investigating", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: `Resolve incident: ${title}` }).click();
    await expect(page.getByText(`"${title}" is now resolved.`).first()).toBeVisible();
    await expect(row.getByText("Resolved", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: `Investigate incident: ${title}` }), "a resolved incident cannot go back to investigating").toBeHidden();
  });
});
