/** The informational pages in a real browser: headings, stored cookie choices, a contact message. */
import { expect, test } from "./fixtures.ts";

const PAGES: ReadonlyArray<[string, string]> = [
  ["/icann-accredited-registrars", "ICANN Accredited Registrars"], ["/api-access", "API Access"],
  ["/registry-operators", "Registry Operators"], ["/service-providers", "Service Providers"],
  ["/documentation", "Documentation"], ["/help", "Help Center"], ["/contact", "Contact"], ["/status", "System Status"],
  ["/privacy", "Privacy Policy"], ["/terms", "Terms of Service"], ["/cookies", "Cookie Policy"],
];

test("every informational page renders its heading and its own title", async ({ page }) => {
  for (const [path, heading] of PAGES) {
    const response = await page.goto(path);
    expect(response?.ok(), `${path} answered ${response?.status()}`).toBe(true);
    await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
    await expect(page, `${path} has the site's title`).toHaveTitle(/TLDScope/);
  }
  await page.goto("/icann-accredited-registrars");
  await expect(page.getByText("Total IANA Accredited")).toBeVisible();
  await expect(page.getByRole("link", { name: "Porkbun" }).first()).toBeVisible();
  await page.goto("/status");
  await expect(page.getByText(/^(All Systems (Operational|Experiencing Issues)|Site Operational: Some Price Sources Are Not Updating)$/)).toBeVisible();
  await page.goto("/registry-operators");
  await page.getByRole("searchbox", { name: "Search registry operators" }).fill("verisign");
  await expect(page.getByRole("heading", { level: 3, name: "VeriSign Global Registry Services" })).toBeVisible();
});

test("cookie preferences survive a reload", async ({ page }) => {
  await page.goto("/cookies");
  const functional = page.getByRole("checkbox", { name: "Functional cookies" });
  await expect(functional, "functional starts off").not.toBeChecked();
  await page.getByRole("button", { name: "Reject Non-Essential" }).click();
  await expect(page.getByText("Your cookie preferences have been saved.")).toBeVisible();
  await page.locator("label").filter({ has: functional }).click();
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Cookie Policy" })).toBeVisible();
  await expect(functional, "functional stays on after reload").toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Analytics cookies" }), "analytics stays off after reload").not.toBeChecked();
  const stored = await page.evaluate(() => window.localStorage.getItem("cookiePreferences"));
  expect(stored).toBe(JSON.stringify({ essential: true, analytics: false, functional: true, advertising: false }));
});

test("a contact message is accepted", async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel("Name").fill("E2E Visitor");
  await page.getByLabel("Email").fill("visitor@example.com");
  await page.getByLabel("Category").selectOption("feedback");
  await page.getByLabel("Subject").fill("Browser journey");
  await page.getByLabel("Message").fill("This message comes from the browser journeys.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message sent successfully!")).toBeVisible();
  await expect(page.getByLabel("Subject"), "the form is reset").toHaveValue("");
});
