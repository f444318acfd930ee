/**
 * Notifications from the settings page to the inbox: an address added there gets a
 * confirmation mail (at the loopback SMTP server), its link opens a page whose button confirms
 * it, and Send a test delivers a mail that the delivery log then shows as sent, with a working
 * one-click unsubscribe link. An address typed in by someone else can stop our mail from the
 * confirmation mail itself, and resends stop at their limit with a sentence saying when.
 */
import { createAccount, stamp } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";

test.use({ viewport: { width: 1280, height: 900 } });

test("settings → add an address → confirm from the mail → send a test → it arrives, the log says sent → unsubscribe", async ({ page, app }) => {
  const email = `notify-${stamp}@example.com`;
  const inbox = `inbox-${stamp}@example.com`;
  await createAccount(page, "Noa", email);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Notifications" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();

  await page.getByLabel("Add an address").fill("not an address");
  await page.getByRole("button", { name: "Add address" }).click();
  await expect(page.getByText("Enter a valid e-mail address, like name@example.com")).toBeVisible();

  await page.getByLabel("Add an address").fill(inbox);
  await page.getByRole("button", { name: "Add address" }).click();
  await expect(page.getByText("Confirmation mail sent", { exact: true })).toBeVisible();
  const addresses = page.getByRole("list", { name: "Your e-mail addresses" });
  await expect(addresses.getByText("Waiting for confirmation")).toBeVisible();
  await expect(page.getByRole("button", { name: `Send a test to ${inbox}` })).toHaveCount(0);

  await expect.poll(() => app.fakes.mail.mailsTo(inbox).length).toBe(1);
  const confirmation = app.fakes.mail.mailsTo(inbox)[0]!;
  expect(confirmation.subject).toBe("Confirm your address for TLDScope notifications");
  const link = /https?:\/\/\S+\/api\/notifications\/confirm\?token=[a-z2-7]+/.exec(confirmation.text ?? "")![0];
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Confirm your address" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { name: "Address confirmed" })).toBeVisible();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Already confirmed" })).toBeVisible();

  await page.getByRole("link", { name: "Notification settings" }).click();
  await expect(addresses.getByText("Confirmed")).toBeVisible();
  await page.getByRole("button", { name: `Send a test to ${inbox}` }).click();
  await expect(page.getByText("Test sent", { exact: true })).toBeVisible();
  await expect.poll(() => app.fakes.mail.mailsTo(inbox).filter((m) => m.subject === "Test notification from TLDScope").length, { timeout: 15_000 }).toBe(1);
  const log = page.getByRole("table", { name: "Delivery log" });
  await expect(log.getByRole("row").filter({ hasText: "Test notification from TLDScope" }).getByText("sent", { exact: true })).toBeVisible({ timeout: 15_000 });

  const test = app.fakes.mail.mailsTo(inbox).find((m) => m.subject === "Test notification from TLDScope")!;
  const unsubscribe = test.headerLines.find((h) => h.key === "list-unsubscribe")!.line.replace(/\r?\n\s+/g, " ");
  const url = /<([^>]+)>/.exec(unsubscribe)![1]!;
  await page.goto(url);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "Unsubscribed" })).toBeVisible();
  await page.getByRole("link", { name: "Notification settings" }).click();
  await expect(addresses.getByText("Off")).toBeVisible();
});

test("settings → set the renewal price alerts' thresholds → a refusal names the field → saved values are there after a reload", async ({ page }) => {
  await createAccount(page, "Rena", `renewal-${stamp}@example.com`);
  await page.goto("/settings/notifications");
  const percent = page.getByLabel("Renewal change to tell (%)");
  const saving = page.getByLabel("Saving elsewhere to tell (a year)");
  await expect(percent).toHaveValue("10");
  await expect(saving).toHaveValue("2.00");

  await percent.fill("0");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("The renewal change to tell is at least 1 %")).toBeVisible();

  await percent.fill("25");
  await saving.fill("4.5");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Renewal change to tell (%)")).toHaveValue("25");
  await expect(page.getByLabel("Saving elsewhere to tell (a year)")).toHaveValue("4.50");
});

test("an address someone else typed in: its owner stops all mail from the confirmation mail, and resending then says why nothing goes", async ({ page, app }) => {
  const stranger = `stranger-${stamp}@example.com`;
  await createAccount(page, "Mal", `mal-${stamp}@example.com`);
  await page.goto("/settings/notifications");
  await page.getByLabel("Add an address").fill(stranger);
  await page.getByRole("button", { name: "Add address" }).click();
  await expect(page.getByText("Confirmation mail sent", { exact: true })).toBeVisible();
  await expect.poll(() => app.fakes.mail.mailsTo(stranger).length).toBe(1);

  const confirmation = app.fakes.mail.mailsTo(stranger)[0]!;
  expect(confirmation.headerLines.find((h) => h.key === "list-unsubscribe-post")?.line).toMatch(/List-Unsubscribe=One-Click/);
  const header = confirmation.headerLines.find((h) => h.key === "list-unsubscribe")!.line.replace(/\r?\n\s+/g, " ");
  const stop = /<([^>]+)>/.exec(header)![1]!;
  await page.goto(stop);
  await page.getByRole("button", { name: "Stop all mail" }).click();
  await expect(page.getByRole("heading", { name: "No more mail" })).toBeVisible();

  await page.goto("/settings/notifications");
  await page.getByRole("button", { name: "Resend confirmation" }).click();
  await expect(page.getByText(`${stranger} asked to get no mail from TLDScope`)).toBeVisible();
  expect(app.fakes.mail.mailsTo(stranger)).toHaveLength(1);
});

test("resending a confirmation mail stops at its limit, with a sentence saying when to try again", async ({ page, app }) => {
  const inbox = `resend-${stamp}@example.com`;
  await createAccount(page, "Rae", `rae-${stamp}@example.com`);
  await page.goto("/settings/notifications");
  await page.getByLabel("Add an address").fill(inbox);
  await page.getByRole("button", { name: "Add address" }).click();
  await expect(page.getByText("Confirmation mail sent", { exact: true })).toBeVisible();
  const resend = page.getByRole("button", { name: "Resend confirmation" });
  for (let i = 0; i < 2; i++) {
    await resend.click();
    await expect.poll(() => app.fakes.mail.mailsTo(inbox).length).toBe(i + 2);
  }
  await resend.click();
  await expect(page.getByText(new RegExp(`A new confirmation mail can go to ${inbox.replace(/[.]/g, "\\.")} 2 times an hour at most; try again in \\d+ minutes?`))).toBeVisible();
  expect(app.fakes.mail.mailsTo(inbox)).toHaveLength(3);
});
