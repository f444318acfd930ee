/**
 * Webhook notifications in the browser: a generic webhook added on the notification settings
 * page shows its signing secret once, a test message reaches the loopback receiver signed with
 * that secret and shows as sent in the delivery log, and removing asks first.
 */
import { createHmac } from "node:crypto";
import { createAccount, stamp } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";

test("a generic webhook gets its secret once, receives a signed test, and is removed after confirmation", async ({ page, app }) => {
  await createAccount(page, "Hooked", `webhooks-${stamp}@example.com`);
  await page.goto("/settings/notifications");
  await expect(page.getByRole("heading", { level: 2, name: "Webhooks" })).toBeVisible();
  await expect(page.getByText("No webhooks yet.")).toBeVisible();

  // A private address is refused with the reason, before anything is stored.
  const form = page.getByRole("form", { name: "Add webhook" });
  await form.getByLabel("Webhook URL").fill("http://10.0.0.5/hook");
  await form.getByRole("button", { name: "Add webhook" }).click();
  await expect(form.getByText("Webhook address is a private network address (10.0.0.5 port 80); this server does not send to private addresses unless its operator allows that address and port")).toBeVisible();

  const host = new URL(app.fakes.webhook.url).host;
  await form.getByLabel("Webhook URL").fill(`${app.fakes.webhook.url}/e2e-${stamp}`);
  await form.getByRole("button", { name: "Add webhook" }).click();
  const secret = await page.getByRole("textbox", { name: "Signing secret" }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  await expect(page.getByText(/it will not be shown again/)).toBeVisible();

  await page.getByRole("button", { name: `Send a test to Generic JSON (signed) at ${host}` }).click();
  await expect(page.getByText("The test message is on its way")).toBeVisible();
  const log = page.getByRole("table", { name: "Delivery log" });
  await expect(log.getByRole("row").filter({ hasText: "Test notification from TLDScope" }).getByText("sent", { exact: true })).toBeVisible({ timeout: 15_000 });
  const got = app.fakes.webhook.received.find((r) => r.path === `/e2e-${stamp}`);
  expect(got).toBeDefined();
  const expected = `v1=${createHmac("sha256", secret).update(`${got!.headers["x-tldscope-timestamp"]}.${got!.body}`).digest("hex")}`;
  expect(got!.headers["x-tldscope-signature"]).toBe(expected);
  expect(JSON.parse(got!.body)).toMatchObject({ type: "test", title: "Test notification from TLDScope" });

  // The same URL again is refused: one webhook per URL.
  await form.getByLabel("Webhook URL").fill(`${app.fakes.webhook.url}/e2e-${stamp}`);
  await form.getByRole("button", { name: "Add webhook" }).click();
  await expect(form.getByText("This webhook URL is already one of your channels")).toBeVisible();

  // The secret is not shown again after a reload.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Signing secret" })).toHaveCount(0);
  await page.getByRole("button", { name: `Remove Generic JSON (signed) at ${host}` }).click();
  const dialog = page.getByRole("alertdialog", { name: "Remove this webhook?" });
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Webhook removed")).toBeVisible();
  await expect(page.getByText("No webhooks yet.")).toBeVisible();
});
