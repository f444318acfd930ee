/**
 * A Telegram channel in the browser: the form asks for the bot token and the chat id with their
 * help, refuses a malformed token, adds the channel without ever showing the token again, and a
 * test message reaches the loopback Bot API fake and shows as sent in the delivery log.
 */
import { createAccount, stamp } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";
import { FAKE } from "../src/server/integrations/webhooks/testing/service-fakes.ts";

test("a Telegram bot channel is added with its token and chat id, and a test reaches the chat", async ({ page, app }) => {
  await createAccount(page, "Telegrammed", `telegram-${stamp}@example.com`);
  await page.goto("/settings/notifications");
  const form = page.getByRole("form", { name: "Add webhook" });
  await form.getByLabel("Format").selectOption({ label: "Telegram bot" });
  await expect(form.getByText(/Send \/newbot to @BotFather/)).toBeVisible();
  await expect(form.getByLabel("Webhook URL")).toHaveCount(0);

  // A token that is not one is refused before anything is stored.
  await form.getByLabel("Bot token").fill("12345:short");
  await form.getByLabel("Chat id").fill(FAKE.telegramChat);
  await form.getByRole("button", { name: "Add webhook" }).click();
  await expect(form.getByText(/This is not a Telegram bot token/)).toBeVisible();

  await form.getByLabel("Bot token").fill(FAKE.telegramToken);
  await form.getByRole("button", { name: "Add webhook" }).click();
  const list = page.getByRole("list", { name: "Your webhooks" });
  await expect(list.getByText(`chat ${FAKE.telegramChat}`)).toBeVisible();

  const before = app.fakes.telegram.delivered.length;
  await list.getByRole("button", { name: `Send a test to Telegram bot chat ${FAKE.telegramChat}` }).click();
  await expect(page.getByText("The test message is on its way")).toBeVisible();
  const log = page.getByRole("table", { name: "Delivery log" });
  await expect(log.getByRole("row").filter({ hasText: "Test notification from TLDScope" }).getByText("sent", { exact: true })).toBeVisible({ timeout: 15_000 });
  const got = app.fakes.telegram.delivered.slice(before);
  expect(got).toHaveLength(1);
  expect(got[0]!.path).toBe(`/bot${FAKE.telegramToken}/sendMessage`);
  expect(got[0]!.fields).toMatchObject({ chat_id: FAKE.telegramChat, parse_mode: "HTML" });
  expect(String(got[0]!.fields.text)).toMatch(/^<b>Test notification from TLDScope<\/b>/);

  // The token is never on the page again.
  await page.reload();
  await expect(list.getByText(`chat ${FAKE.telegramChat}`)).toBeVisible();
  expect(await page.content()).not.toContain(FAKE.telegramToken);
  await list.getByRole("button", { name: `Remove Telegram bot chat ${FAKE.telegramChat}` }).click();
  await page.getByRole("alertdialog", { name: "Remove this webhook?" }).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Webhook removed")).toBeVisible();
});
