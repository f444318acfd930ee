/** The informational pages in a real browser: headings, stored cookie choices, a contact message. */
import { check, type Journey } from "./harness.ts";

const PAGES: ReadonlyArray<[string, string]> = [
  ["/icann-accredited-registrars", "ICANN Accredited Registrars"], ["/api-access", "API Access"],
  ["/registry-operators", "Registry Operators"], ["/service-providers", "Service Providers"],
  ["/documentation", "Documentation"], ["/help", "Help Center"], ["/contact", "Contact"], ["/status", "System Status"],
  ["/privacy", "Privacy Policy"], ["/terms", "Terms of Service"], ["/cookies", "Cookie Policy"],
];

export const infoJourneys: Journey[] = [
  {
    name: "every informational page renders its heading and its own title",
    run: async (page) => {
      for (const [path, heading] of PAGES) {
        const response = await page.goto(path);
        check(response?.ok(), `${path} answered ${response?.status()}`);
        await page.getByRole("heading", { level: 1, name: heading, exact: true }).waitFor();
        check((await page.title()).includes("TLDScope"), `${path} title ${await page.title()}`);
      }
      await page.goto("/icann-accredited-registrars");
      await page.getByText("Total IANA Accredited").waitFor();
      await page.getByRole("link", { name: "Porkbun" }).first().waitFor();
      await page.goto("/status");
      await page.getByText(/^All Systems (Operational|Experiencing Issues)$/).waitFor();
      await page.goto("/registry-operators");
      await page.getByRole("searchbox", { name: "Search registry operators" }).fill("verisign");
      await page.getByRole("heading", { level: 3, name: "VeriSign Global Registry Services" }).waitFor();
    },
  },
  {
    name: "cookie preferences survive a reload",
    run: async (page) => {
      await page.goto("/cookies");
      const functional = page.getByRole("checkbox", { name: "Functional cookies" });
      check(!(await functional.isChecked()), "functional starts off");
      await page.getByRole("button", { name: "Reject Non-Essential" }).click();
      await page.getByText("Your cookie preferences have been saved.").waitFor();
      await page.locator("label").filter({ has: page.getByRole("checkbox", { name: "Functional cookies" }) }).click();
      await page.getByRole("button", { name: "Save Preferences" }).click();
      await page.reload();
      await page.getByRole("heading", { level: 1, name: "Cookie Policy" }).waitFor();
      check(await page.getByRole("checkbox", { name: "Functional cookies" }).isChecked(), "functional stays on after reload");
      check(!(await page.getByRole("checkbox", { name: "Analytics cookies" }).isChecked()), "analytics stays off after reload");
      const stored = await page.evaluate(() => window.localStorage.getItem("cookiePreferences"));
      check(stored === JSON.stringify({ essential: true, analytics: false, functional: true, advertising: false }), `stored ${stored}`);
    },
  },
  {
    name: "a contact message is accepted",
    run: async (page) => {
      await page.goto("/contact");
      await page.getByLabel("Name").fill("E2E Visitor");
      await page.getByLabel("Email").fill("visitor@example.com");
      await page.getByLabel("Category").selectOption("feedback");
      await page.getByLabel("Subject").fill("Browser journey");
      await page.getByLabel("Message").fill("This message comes from the browser journeys.");
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByText("Message sent successfully!").waitFor();
      check((await page.getByLabel("Subject").inputValue()) === "", "the form is reset");
    },
  },
];
