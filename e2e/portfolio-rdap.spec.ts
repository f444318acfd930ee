/**
 * Registry dates: a domain added by its name alone gets its dates from the registry over RDAP
 * (the loopback fake in fakes.ts), and its card says where they came from.
 */
import { createAccount, stamp } from "./accounts.ts";
import { RDAP_REGISTERED_PREFIX } from "./fakes.ts";
import { expect, reloadUntilVisible, test } from "./fixtures.ts";
import { addDomainByName } from "./portfolio-steps.ts";

test.use({ viewport: { width: 1280, height: 900 } });

test("add a domain by name alone → the registry's dates fill in, with their source and status", async ({ page }) => {
  await createAccount(page, "Rae", `rae-${stamp}@example.com`);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Portfolio" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Domain Portfolio" })).toBeVisible();

  const domain = `${RDAP_REGISTERED_PREFIX}${stamp}.com`;
  const entry = await addDomainByName(page, domain);

  await reloadUntilVisible(page, entry.getByText(/Checked with the registry on/));
  await expect(entry.getByText("May 4, 2032")).toBeVisible();
  await expect(entry.getByText("May 4, 2018")).toBeVisible();
  // Both dates and the registrar (Porkbun, by the IANA id the registry names) come from the registry.
  // The card's registrar field comes first; Porkbun may be named again in the renewal prices
  // when an earlier journey has fetched its price list.
  await expect(entry.getByText("from the registry")).toHaveCount(3);
  await expect(entry.getByRole("link", { name: "Porkbun" }).first()).toBeVisible();
  await expect(entry.getByText(/Status: .*clientTransferProhibited/)).toBeVisible();
});

test("a name the registry does not hold says so", async ({ page }) => {
  await createAccount(page, "Uma", `uma-${stamp}@example.com`);
  await page.goto("/portfolio");
  const domain = `e2e-unregistered-${stamp}.com`;
  const entry = await addDomainByName(page, domain);
  await reloadUntilVisible(page, entry.getByText("The registry does not hold this name: it is not registered, or it was deleted"));
});
