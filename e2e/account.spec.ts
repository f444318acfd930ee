/**
 * A registrar account from start to end: added on /accounts against the worker's loopback Porkbun
 * fake (e2e/fakes.ts), tested, synced into the portfolio; one domain leaves the account and is kept
 * as hand-added; then the account is deleted with the domains it brought in.
 */
import { createAccount, stamp } from "./accounts.ts";
import { expect, reloadUntilVisible, test } from "./fixtures.ts";

test.use({ viewport: { width: 1280, height: 900 } });

test("registrar account: add Porkbun → test → sync → portfolio → a domain leaves, kept by hand → delete with its domains", async ({ page, app }) => {
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

  // The registrar stops listing one of them: the next sync marks it and counts it.
  const departed = synced[0]!;
  const stayed = synced.slice(1);
  const listing = account.domains;
  account.domains = listing.filter((d) => d.name !== departed);
  try {
    await page.goto("/accounts");
    await card.getByRole("button", { name: "Sync Now" }).click();
    await reloadUntilVisible(page, card.getByText(`Last sync: ${stayed.length} found, 0 new, 0 updated, 1 domain no longer in this account`));
  } finally {
    account.domains = listing;
  }
  await page.goto("/portfolio");
  const gone = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: departed }) });
  await expect(gone.getByText(new RegExp(`^No longer in ${label} since \\w{3} \\d{1,2}, \\d{4}$`))).toBeVisible();
  await gone.getByRole("button", { name: "Keep as hand-added" }).click();
  await expect(page.getByText("Domain kept as hand-added").first()).toBeVisible();
  await expect(gone.getByText(/No longer in|Synced from/)).toHaveCount(0);

  await page.goto("/accounts");
  await card.getByRole("button", { name: `Delete ${label}` }).click();
  const confirm = page.getByRole("alertdialog", { name: `Delete ${label}?` });
  await expect(confirm.getByText(`This also removes all associated domains from your portfolio (${stayed.length} domain${stayed.length === 1 ? "" : "s"}).`)).toBeVisible();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("Account deleted").first()).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.goto("/portfolio");
  // The kept domain stays; the ones the account brought in went with it.
  await expect(page.getByRole("heading", { name: departed })).toBeVisible();
  for (const name of stayed) await expect(page.getByRole("heading", { name })).toHaveCount(0);
});
