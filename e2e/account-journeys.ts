/**
 * A registrar account from start to end: added on /accounts against the loopback Porkbun fake
 * (e2e/fakes.ts), tested, synced into the portfolio, then deleted with its domains.
 */
import type { Fakes } from "./fakes.ts";
import { check, reloadUntilVisible, type Journey } from "./harness.ts";
import { createAccount, stamp } from "./portfolio-journeys.ts";

export const accountJourneys = (fakes: Fakes): Journey[] => [
  {
    name: "registrar account: add Porkbun → test → sync → portfolio → delete with its domains",
    context: { viewport: { width: 1280, height: 900 } },
    run: async (page) => {
      const account = fakes.porkbunAccount;
      const synced = account.domains.map((d) => d.name);
      await createAccount(page, "Kim", `kim-${stamp}@example.com`);
      await page.goto("/accounts");
      await page.getByRole("heading", { level: 1, name: "Registrar Accounts" }).waitFor();

      const label = "E2E Porkbun";
      await page.getByRole("button", { name: "Add Account" }).click();
      const add = page.getByRole("dialog", { name: "Add Account" });
      await add.getByLabel("Provider").selectOption({ label: "Porkbun" });
      await add.getByLabel("Account label").fill(label);
      await add.getByLabel("API Key").fill(account.apiKey);
      await add.getByLabel("Secret Key").fill(account.secretKey);
      await add.getByRole("button", { name: "Add Account" }).click();
      await page.getByText("Account added successfully").first().waitFor();
      await add.waitFor({ state: "hidden" });

      const card = () => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: label }) });
      await card().getByRole("button", { name: "Test Connection" }).click();
      await page.getByText("Connection successful").first().waitFor();
      // The address comes from the fake's /ping answer: the registrar's own words reach the user.
      await page.getByText(/request from 203\.0\.113\.7/).first().waitFor();

      await card().getByRole("button", { name: "Sync Now" }).click();
      await page.getByText("Sync has been queued. Check back in a few minutes").first().waitFor();
      await reloadUntilVisible(page, () => card().getByText(`Last sync: ${synced.length} found, ${synced.length} new, 0 updated`), "the finished sync on the card");
      const domains = card().getByText("Domains", { exact: true }).locator("xpath=following-sibling::*[1]");
      check((await domains.textContent()) === String(synced.length), `card counts ${await domains.textContent()} domains`);
      const lastSync = card().getByText("Last sync", { exact: true }).locator("xpath=following-sibling::*[1]");
      check(/^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/.test((await lastSync.textContent()) ?? ""), `last sync ${await lastSync.textContent()}`);

      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Portfolio" }).click();
      await page.getByRole("heading", { level: 1, name: "Domain Portfolio" }).waitFor();
      for (const name of synced) {
        const entry = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
        await entry.getByText(`Synced from ${label}`).waitFor();
      }

      await page.goto("/accounts");
      await card().getByRole("button", { name: `Delete ${label}` }).click();
      const confirm = page.getByRole("alertdialog", { name: `Delete ${label}?` });
      await confirm.getByText(`This also removes all associated domains from your portfolio (${synced.length} domains).`).waitFor();
      await confirm.getByRole("button", { name: "Delete", exact: true }).click();
      await page.getByText("Account deleted").first().waitFor();
      await card().waitFor({ state: "detached" });
      await page.goto("/portfolio");
      await page.getByText("No domains in your portfolio yet.").waitFor();
    },
  },
];
