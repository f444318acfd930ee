/**
 * Accounts made the way a person makes them, on the server's sign-in page. Names and e-mails carry
 * a stamp taken when a worker loads this module, since a worker's journeys share one database.
 * The stamp is the worker's, not the file's: a worker runs whichever files it is handed, one after
 * another, on that one database, so every journey in every file needs an e-mail of its own (two
 * files that both sign up the same `name-<stamp>` fail with "already exists" when one worker runs
 * both, and pass when two workers do).
 */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

const PASSWORD = "correct-horse-battery";
/** Unique per worker process: two workers starting in the same millisecond must not sign up the same address. */
export const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}`;

export async function createAccount(page: Page, firstName: string, email: string): Promise<void> {
  await page.goto("/api/login");
  const form = page.getByRole("form", { name: "Create account" });
  await form.getByLabel("First name").fill(firstName);
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Create account" }).click();
  // On a loaded machine the browser has been seen to send the sign-up twice (the first created the
  // account, the second was told it exists): the account is there either way, so sign in to it.
  const home = page.getByRole("heading", { level: 1, name: "Welcome to Your Domain Dashboard" });
  const exists = form.getByRole("alert").filter({ hasText: "An account with this e-mail already exists" });
  await expect(home.or(exists)).toBeVisible({ timeout: 30_000 });
  if (await exists.isVisible()) {
    const signIn = page.getByRole("form", { name: "Sign in" });
    await signIn.getByLabel("E-mail").fill(email);
    await signIn.getByLabel("Password").fill(PASSWORD);
    await signIn.getByRole("button", { name: "Sign in" }).click();
  }
  await signedInHome(page, firstName);
}

/** The greeting sits in the top bar from 768 px up and in the menu drawer below that. */
async function signedInHome(page: Page, firstName: string): Promise<void> {
  // Signing up hashes a password and renders the first page: seconds on a loaded machine.
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Your Domain Dashboard" })).toBeVisible({ timeout: 30_000 });
  if ((page.viewportSize()?.width ?? 0) >= 768) await expect(page.getByText(`Welcome, ${firstName}`).first()).toBeVisible();
}

export async function signIn(page: Page, email: string, firstName: string): Promise<void> {
  await page.goto("/api/login");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Sign in" }).click();
  await signedInHome(page, firstName);
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole("link", { name: "Sign Out" }).first().click();
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
}
