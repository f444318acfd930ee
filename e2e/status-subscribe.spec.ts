/**
 * E-mail updates from /status: a signed-out visitor is asked to sign in; a signed-in one is led
 * to the notification settings, where the status incident switch is (off until switched on).
 */
import { createAccount, stamp } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";

test.use({ viewport: { width: 1280, height: 900 } });

const STATUS_SWITCH = "Tell me when the status page reports an incident, and when it is resolved";

test("status: e-mail updates ask a visitor to sign in, and lead a signed-in user to the switch that turns them on", async ({ page }) => {
  await page.goto("/status");
  const signIn = page.getByRole("link", { name: "Sign in for e-mail updates" });
  await expect(signIn).toBeVisible();
  await expect(signIn).toHaveAttribute("href", "/api/login");

  await createAccount(page, "Sol", `status-${stamp}@example.com`);
  await page.goto("/status");
  await page.getByRole("link", { name: "E-mail updates" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  const statusSwitch = page.getByRole("checkbox", { name: STATUS_SWITCH });
  await expect(statusSwitch).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: /incident opens or is resolved \(administrators\)/ }), "not offered to a non-admin").toHaveCount(0);
  await page.getByText(STATUS_SWITCH, { exact: true }).click();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved", { exact: true })).toBeVisible();
  await page.reload();
  await expect(statusSwitch).toBeChecked();
});
