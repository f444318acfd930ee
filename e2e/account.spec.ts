/**
 * A registrar account from start to end: added on /accounts against the worker's loopback Porkbun
 * fake (e2e/fakes.ts), tested, synced into the portfolio, then deleted with its domains.
 */
import { createAccount, stamp } from "./accounts.ts";
import { expect, reloadUntilVisible, test } from "./fixtures.ts";

test.use({ viewport: { width: 1280, height: 900 } });

test("registrar account: add Porkbun → test → sync → portfolio → delete with its domains", async ({ page, app }) => {
  const account = app.fakes.porkbunAccount;
  const synced = account.domains.map((d) => d.name);
  await createAccount(page, "Kim", `kim-${stamp}@example.com`);
  await page.goto("/accounts");
  await expect(page.getByRole("heading", { level: 1, name: "Registrar Accounts" })).toBeVisible();

  const label = "E2E Porkbun";
  await page.getByRole("button", { name: "Add Account" }).click();
  const add = page.getByRole("dialog", { name: "Add Account" });
  await add.getByLabel("Provider").selectOption({ label: "Porkbun" });
  await add.getByLabel("Account label").fill(label);
  await add.getByLabel("API Key").fill(account.apiKey);
  await add.getByLabel("Secret Key").fill(account.secretKey);
  await add.getByRole("button", { name: "Add Account" }).click();
  await expect(page.getByText("Account added successfully").first()).toBeVisible();
  await expect(add).toBeHidden();

  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: label }) });
  await card.getByRole("button", { name: "Test Connection" }).click();
  await expect(page.getByText("Connection successful").first()).toBeVisible();
  // The address comes from the fake's /ping answer: the registrar's own words reach the user.
  await expect(page.getByText(/request from 203\.0\.113\.7/).first()).toBeVisible();

  await card.getByRole("button", { name: "Sync Now" }).click();
  await expect(page.getByText("Sync has been queued. Check back in a few minutes").first()).toBeVisible();
  await reloadUntilVisible(page, card.getByText(`Last sync: ${synced.length} found, ${synced.length} new, 0 updated`));
  await expect(card.getByText("Domains", { exact: true }).locator("xpath=following-sibling::*[1]"), "the card counts the synced domains")
    .toHaveText(String(synced.length));
  await expect(card.getByText("Last sync", { exact: true }).locator("xpath=following-sibling::*[1]"), "the card says when it last synced")
    .toHaveText(/^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Portfolio" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Domain Portfolio" })).toBeVisible();
  for (const name of synced) {
    const entry = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    await expect(entry.getByText(`Synced from ${label}`)).toBeVisible();
  }

  await page.goto("/accounts");
  await card.getByRole("button", { name: `Delete ${label}` }).click();
  const confirm = page.getByRole("alertdialog", { name: `Delete ${label}?` });
  await expect(confirm.getByText(`This also removes all associated domains from your portfolio (${synced.length} domains).`)).toBeVisible();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("Account deleted").first()).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.goto("/portfolio");
  await expect(page.getByText("No domains in your portfolio yet.")).toBeVisible();
});
