/**
 * Watched TLDs from the settings page to the inbox: a signed-in user with a confirmed address
 * follows "Watch this TLD" from .com's page to the settings page's form, watches .com's
 * registration for a target, sees the watch listed with its best fresh price,
 * and when a Porkbun fetch brings .com under the target (the loopback fake charges 9.73) the
 * mail names the name, price, provider and target, and the page shows the same price.
 */
import type { Page } from "@playwright/test";
import { createAccount, stamp } from "./accounts.ts";
import { expect, reloadUntilVisible, test } from "./fixtures.ts";

test.use({ viewport: { width: 1280, height: 900 } });

async function confirmAddress(page: Page, fakes: { mail: { mailsTo(to: string): { text?: string | false }[] } }, inbox: string) {
  await page.getByLabel("Add an address").fill(inbox);
  await page.getByRole("button", { name: "Add address" }).click();
  await expect.poll(() => fakes.mail.mailsTo(inbox).length).toBe(1);
  const link = /https?:\/\/\S+\/api\/notifications\/confirm\?token=[a-z2-7]+/.exec(String(fakes.mail.mailsTo(inbox)[0]!.text ?? ""))![0];
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { name: "Address confirmed" })).toBeVisible();
  await page.getByRole("link", { name: "Notification settings" }).click();
}

test("settings → .com page's Watch this TLD → watch .com under $10 → listed with its best fresh price → a Porkbun fetch at $9.73 → mailed once, and the page shows it", async ({ page, app }) => {
  const email = `wanda-${stamp}@example.com`;
  const inbox = `watch-inbox-${stamp}@example.com`;
  await createAccount(page, "Wanda", email);
  await app.grantAdmin(email);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Notifications" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await confirmAddress(page, app.fakes, inbox);

  await expect(page.getByRole("heading", { name: "Watched TLDs" })).toBeVisible();
  await expect(page.getByText("No watched TLDs yet.")).toBeVisible();
  const form = page.getByRole("form", { name: "Watch a TLD" });
  await form.getByLabel("TLD", { exact: true }).fill(".nosuchname");
  await form.getByLabel("Target price").fill("10");
  await form.getByRole("button", { name: "Watch" }).click();
  await expect(form.getByText('No TLD named ".nosuchname" is in the catalogue')).toBeVisible();

  // From the TLD's page: "Watch this TLD" opens this form with the name filled in.
  await page.goto("/tld/com");
  await page.getByRole("link", { name: "Watch the price of .com" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expect(form.getByLabel("TLD", { exact: true })).toHaveValue(".com");
  await form.getByLabel("Price", { exact: true }).selectOption("registration");
  await form.getByLabel("Target price").fill("10");
  await expect(form.getByLabel("Currency")).toHaveValue("USD");
  await form.getByRole("button", { name: "Watch" }).click();
  await expect(page.getByText("Watching .com: you are told when its registration reaches your target")).toBeVisible();
  const watches = page.getByRole("list", { name: "Your watched TLDs" });
  const row = watches.getByRole("listitem").filter({ hasText: ".com registration at or under $10.00" });
  await expect(row).toBeVisible();
  await expect(row.getByText(/^(Best fresh price now: \$\d+\.\d\d at .+, checked [A-Z][a-z]{2} \d{1,2}, \d{4}|No fresh price of it now)$/)).toBeVisible();

  await page.goto("/admin/operations");
  await page.getByRole("button", { name: "Fetch Porkbun", exact: true }).click();
  await expect(page.getByText("Manual fetch initiated successfully").first()).toBeVisible();

  const told = () => app.fakes.mail.mailsTo(inbox).filter((m) => m.subject?.startsWith(".com registration is"));
  await expect.poll(() => told().length, { timeout: 60_000 }).toBe(1);
  const mail = told()[0]!;
  const [, price, provider] = /^\.com registration is \$(\d+\.\d\d) at (.+), at or under your \$10\.00 target$/.exec(mail.subject ?? "") ?? [];
  expect(price, mail.subject).toBeDefined();
  expect(Number(price)).toBeLessThanOrEqual(9.73);
  expect(mail.text).toContain("/tld/com");

  await page.goto("/settings/notifications");
  await reloadUntilVisible(page, row.getByText("Target met"));
  await expect(row.getByText(new RegExp(`^Best fresh price now: \\$${price!.replace(".", "\\.")} at ${provider}, checked `))).toBeVisible();
  // Still under at the next look: nothing more is sent.
  await page.waitForTimeout(1000);
  expect(told()).toHaveLength(1);
});
