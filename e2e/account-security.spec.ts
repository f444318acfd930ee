/**
 * An account a person can recover, secure and close: a forgotten password from the sign-in
 * page to the mail (at the loopback SMTP server) and a new sign-in; two-step sign-in set up
 * from the account settings with a code computed here, as an authenticator app would, then
 * asked at the next sign-in; an account deleted from its settings, after which it cannot
 * sign in; and a second browser holding the owner's stolen cookie, asked for the password at
 * every step that would let it keep the account, whose key dies with the owner's reset.
 */
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { createAccount, signOut, stamp } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";

test.use({ viewport: { width: 1280, height: 900 } });

const PASSWORD = "correct-horse-battery";

/** The code an authenticator app shows `stepsAhead` 30-second steps from now. */
const appCode = (secret: string, stepsAhead = 0) =>
  generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(Date.now() / 30_000) + stepsAhead), 6);

test("forgot password → the mail's link → a new password → signed in with it", async ({ page, app }) => {
  const email = `forgetful-${stamp}@example.com`;
  await createAccount(page, "Fern", email);
  await signOut(page);

  await page.goto("/api/login");
  await page.getByRole("form", { name: "Sign in" }).getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  const ask = page.getByRole("form", { name: "Ask for a reset link" });
  await ask.getByLabel("E-mail").fill(email);
  await ask.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByText("If an account uses that address, a link to choose a new password is on its way.")).toBeVisible();

  await expect.poll(() => app.fakes.mail.mailsTo(email).length).toBe(1);
  const mail = app.fakes.mail.mailsTo(email)[0]!;
  expect(mail.subject).toBe("Choose a new TLDScope password");
  const link = /https?:\/\/\S+\/api\/password-reset\?token=[a-z2-7]{32}/.exec(mail.text ?? "")![0];
  await page.goto(link);
  const form = page.getByRole("form", { name: "Choose a new password" });
  await form.getByLabel("New password").fill("password123");
  await form.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByText("This password is on a list of commonly used passwords")).toBeVisible();
  await page.getByRole("form", { name: "Choose a new password" }).getByLabel("New password").fill("lantern meadow copper");
  await page.getByRole("form", { name: "Choose a new password" }).getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByRole("heading", { name: "Password changed" })).toBeVisible();
  await expect.poll(() => app.fakes.mail.mailsTo(email).map((m) => m.subject)).toContain("Your TLDScope password was changed");

  await page.getByRole("link", { name: "Go to sign in" }).click();
  const signIn = page.getByRole("form", { name: "Sign in" });
  await signIn.getByLabel("E-mail").fill(email);
  await signIn.getByLabel("Password").fill(PASSWORD);
  await signIn.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Incorrect e-mail or password")).toBeVisible();
  await page.getByRole("form", { name: "Sign in" }).getByLabel("Password").fill("lantern meadow copper");
  await page.getByRole("form", { name: "Sign in" }).getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Your Domain Dashboard" })).toBeVisible();
  // The link was used: opening it again says so.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
});

test("account settings → set up two-step sign-in with a computed code → recovery codes once → the next sign-in asks for a code", async ({ page }) => {
  const email = `two-step-${stamp}@example.com`;
  await createAccount(page, "Tess", email);
  await page.getByRole("link", { name: "Welcome, Tess" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Active sessions" }).getByText("This device")).toBeVisible();

  const setupForm = page.getByRole("form", { name: "Set up two-step sign-in" });
  await setupForm.getByLabel("Current password").fill(PASSWORD);
  await setupForm.getByRole("button", { name: "Set up two-step sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" }).locator("svg")).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("Code from the app").fill(appCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  const codes = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expect(page.getByText(/^On: after your password, sign-in asks for a code/)).toBeVisible();
  await expect(page.getByText("10 recovery codes left.", { exact: false })).toBeVisible();

  await signOut(page);
  await page.goto("/api/login");
  const signIn = page.getByRole("form", { name: "Sign in" });
  await signIn.getByLabel("E-mail").fill(email);
  await signIn.getByLabel("Password").fill(PASSWORD);
  await signIn.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
  const prompt = page.getByRole("form", { name: "Two-step sign-in" });
  await prompt.getByLabel("Code").fill("000000" === appCode(secret, 1) ? "111111" : "000000");
  await prompt.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("That code is not right.")).toBeVisible();
  // The step after the one used to turn it on: an app shows it within 30 seconds, and one step of drift is accepted.
  await page.getByRole("form", { name: "Two-step sign-in" }).getByLabel("Code").fill(appCode(secret, 1));
  await page.getByRole("form", { name: "Two-step sign-in" }).getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Your Domain Dashboard" })).toBeVisible();
});

test("account settings → delete my account with the password → signed out, and the account no longer signs in", async ({ page }) => {
  const email = `leaving-${stamp}@example.com`;
  await createAccount(page, "Lee", email);
  await page.goto("/settings/account");
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
  await dialog.getByLabel("Your password").fill("not my password");
  await dialog.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(dialog.getByText("Your current password is not right.")).toBeVisible();
  await dialog.getByLabel("Your password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/");

  await page.goto("/api/login");
  const signIn = page.getByRole("form", { name: "Sign in" });
  await signIn.getByLabel("E-mail").fill(email);
  await signIn.getByLabel("Password").fill(PASSWORD);
  await signIn.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Incorrect e-mail or password")).toBeVisible();
});

test("a stolen cookie in a second browser is asked for the password to turn on two-step sign-in or make an API key; the owner's reset stops the owner's key", async ({ page, browser, app, request }) => {
  const email = `stolen-${stamp}@example.com`;
  await createAccount(page, "Owen", email);
  // The owner makes a key, with the password.
  await page.goto("/api-keys");
  await page.getByLabel("Key name").fill("Nightly report");
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create key" }).click();
  const key = await page.getByLabel("Your new API key").inputValue();
  expect(key).toMatch(/^tlds_/);
  await expect.poll(() => app.fakes.mail.mailsTo(email).map((m) => m.subject)).toContain("A new API key was made for your TLDScope account");

  // A second browser with the owner's cookie only.
  const thief = await browser.newContext({ baseURL: app.url });
  await thief.addCookies(await page.context().cookies());
  const thiefPage = await thief.newPage();
  await thiefPage.goto("/settings/account");
  await expect(thiefPage.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();
  await thiefPage.getByRole("form", { name: "Set up two-step sign-in" }).getByRole("button", { name: "Set up two-step sign-in" }).click();
  await expect(thiefPage.getByText("Enter your current password: a signed-in session alone cannot do this.")).toBeVisible();
  await expect(thiefPage.getByRole("img", { name: "QR code for your authenticator app" })).toHaveCount(0);
  await thiefPage.goto("/api-keys");
  await thiefPage.getByLabel("Key name").fill("exfil");
  await thiefPage.getByLabel("Current password").fill("a guess at it");
  await thiefPage.getByRole("button", { name: "Create key" }).click();
  await expect(thiefPage.getByText("Your current password is not right.").first()).toBeVisible();
  await expect(thiefPage.getByLabel("Your new API key")).toHaveCount(0);

  // The owner resets the password (keeping no keys, the default): the key stops, and so does the stolen cookie.
  const withKey = () => request.get("/api/user-domains", { headers: { authorization: `Bearer ${key}` } });
  expect((await withKey()).status()).toBe(200);
  await signOut(page);
  await page.goto("/api/password-reset/request");
  const ask = page.getByRole("form", { name: "Ask for a reset link" });
  await ask.getByLabel("E-mail").fill(email);
  await ask.getByRole("button", { name: "Send me a link" }).click();
  await expect.poll(() => app.fakes.mail.mailsTo(email).map((m) => m.subject)).toContain("Choose a new TLDScope password");
  const resetMail = app.fakes.mail.mailsTo(email).find((m) => m.subject === "Choose a new TLDScope password")!;
  await page.goto(/https?:\/\/\S+\/api\/password-reset\?token=[a-z2-7]{32}/.exec(resetMail.text ?? "")![0]);
  const form = page.getByRole("form", { name: "Choose a new password" });
  await expect(form.getByLabel(/Keep my 1 API key working/)).not.toBeChecked();
  await form.getByLabel("New password").fill("lantern meadow copper");
  await form.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByText("Any API keys of the account were revoked")).toBeVisible();
  expect((await withKey()).status()).toBe(401);
  await thiefPage.goto("/settings/account");
  await expect(thiefPage.getByRole("heading", { level: 1, name: "Account settings" })).toHaveCount(0);
  // The page sends the signed-out visitor to sign in; the context is closed once it has (closing
  // it while that navigation starts once hung Chromium).
  await thiefPage.waitForURL(/\/api\/login/);
  await thief.close();
});
