/**
 * A portfolio right from a domain's name alone: müller.eu typed as a person types it is stored as
 * its A-label and shown in Unicode; its registrar and dates come from the registry (over WHOIS,
 * .eu having no RDAP in the bundled bootstrap or its supplement; the loopback fake in fakes.ts), the card asks
 * whether it renews automatically, and once answered the renewal forecast counts it.
 */
import { createAccount, stamp } from "./accounts.ts";
import { WHOIS_DOMAIN } from "./fakes.ts";
import { expect, test } from "./fixtures.ts";

test.use({ viewport: { width: 1280, height: 900 } });

test("add müller.eu by name → registrar and dates from the registry → answer the auto-renew question → the forecast counts it", async ({ page }) => {
  await createAccount(page, "Mia", `mia-${stamp}@example.com`);
  await page.goto("/portfolio");
  await page.getByRole("button", { name: "Add Your First Domain" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Domain" });
  await dialog.getByLabel("Domain name").fill(WHOIS_DOMAIN.typed);
  await dialog.getByRole("button", { name: "Add Domain" }).click();
  await expect(page.getByText("Domain added to portfolio")).toBeVisible();

  // Stored as its A-label, shown as people write it.
  const entry = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: new RegExp(`^${WHOIS_DOMAIN.unicode}`) }) });
  await expect(entry.getByRole("heading")).toHaveText(`${WHOIS_DOMAIN.unicode}${WHOIS_DOMAIN.ace}`);
  // The page asks again while the registry check is under way: no reload needed.
  await expect(entry.getByText(/Checked with the registry over WHOIS on/)).toBeVisible({ timeout: 30_000 });
  await expect(entry.getByRole("link", { name: "Namecheap" })).toBeVisible();
  await expect(entry.getByText("from the registry")).toBeVisible();
  await expect(entry.getByText("from WHOIS (lower confidence)")).toHaveCount(2);
  await expect(entry.getByText("Auto-renew unknown", { exact: true })).toBeVisible();

  // Before the answer, the forecast counts it only as expected if it renews.
  const forecast = page.getByRole("region", { name: "Renewal forecast" });
  await expect(forecast.getByTestId("forecast-if-renews")).toContainText("1 domain whose auto-renew is unknown is expected to cost");
  await expect(forecast.getByText(/renews? automatically:/)).toHaveCount(0);

  const question = entry.getByRole("group", { name: "Does this renew automatically?" });
  await question.getByRole("button", { name: "Yes" }).click();
  await expect(page.getByText(`${WHOIS_DOMAIN.unicode} renews automatically`)).toBeVisible();
  await expect(entry.getByText("Auto-renew on")).toBeVisible();
  await expect(question).toBeHidden();

  await expect(forecast.getByText(/1 domain renews automatically: \$\d+\.\d\d at your registrars/)).toBeVisible();
  await expect(forecast.getByTestId("forecast-if-renews")).toHaveCount(0);
  const api = (await (await page.request.get("/api/user-domains/forecast")).json()) as { total: { domains: number }; ifRenews: { domains: number } };
  expect(api).toMatchObject({ total: { domains: 1 }, ifRenews: { domains: 0 } });
});
