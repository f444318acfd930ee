/** Steps on the portfolio page that several journeys take the way a person takes them. */
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/**
 * Adds `domain` by its name alone through the Add Domain dialog on the portfolio page (which the
 * page must show) and returns its card.
 */
export async function addDomainByName(page: Page, domain: string): Promise<Locator> {
  await page.getByRole("button", { name: "Add Domain", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Add Domain" });
  await dialog.getByLabel("Domain name").fill(domain);
  await dialog.getByRole("button", { name: "Add Domain" }).click();
  await expect(page.getByText("Domain added to portfolio")).toBeVisible();
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: domain }) });
}
