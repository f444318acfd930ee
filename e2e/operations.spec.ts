/**
 * An administrator runs a scheduled job by hand from the Operations page and watches it run: the
 * exchange rates update (its ECB answer comes from the worker's loopback fake, e2e/fakes.ts) goes
 * from never run to completed, and its button is usable again afterwards.
 */
import { createAccount, stamp } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";

test("admin: Run now on a scheduled job, which then shows its completed run", async ({ page, app }) => {
  const email = `olga-${stamp}@example.com`;
  await createAccount(page, "Olga", email);
  await app.grantAdmin(email);
  await page.goto("/admin/operations");
  const table = page.getByRole("table", { name: "Scheduled jobs" });
  const rates = table.getByRole("row").filter({ hasText: "Exchange rates update" });
  await expect(rates).toContainText("15 16 * * *");
  // The Last run cell (fourth column) before and after.
  const lastRun = rates.getByRole("cell").nth(3);
  await expect(lastRun).toHaveText("Never");

  const run = rates.getByRole("button", { name: "Run Exchange rates update now" });
  await expect(run).toHaveText("Run now");
  await run.click();
  await expect(page.getByText(/^Exchange rates update queued \(job .+\)\.$/).first()).toBeVisible();
  // The page polls the list: the run is queued or running, then completed with its time.
  await expect(lastRun).toHaveText(/^Completed · .+/, { timeout: 30_000 });
  await expect(run).toHaveText("Run now");
  await expect(run).toBeEnabled();
});
