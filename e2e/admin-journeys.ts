/**
 * The administrator's journeys: an account made admin with the admin command, a manual Porkbun
 * fetch that brings a changed .com price, fetch schedules, and an incident opened by two failed
 * fetches and moved to resolved. The price fetches go to the loopback fakes (e2e/fakes.ts).
 */
import type { Locator, Page } from "playwright-core";
import { CHANGED_COM_REGISTRATION, type Fakes } from "./fakes.ts";
import { check, eventually, reloadUntilVisible, type Journey } from "./harness.ts";
import { createAccount, stamp } from "./portfolio-journeys.ts";

export interface AdminJourneyDeps {
  fakes: Fakes;
  /** Runs `admin-cli grant EMAIL` against the server's database. */
  grantAdmin: (email: string) => Promise<void>;
}

async function signUpAdmin(page: Page, deps: AdminJourneyDeps, firstName: string): Promise<void> {
  const email = `${firstName.toLowerCase()}-${stamp}@example.com`;
  await createAccount(page, firstName, email);
  await deps.grantAdmin(email);
}

async function fetchPorkbun(page: Page): Promise<void> {
  await page.goto("/admin/operations");
  await page.getByRole("heading", { name: "Manual Operations" }).waitFor();
  await page.getByRole("button", { name: "Fetch Porkbun", exact: true }).click();
  await page.getByText("Manual fetch initiated successfully").first().waitFor();
}

const logRows = (page: Page, status: "Success" | "Error") =>
  page.getByRole("table", { name: "Price retrieval logs" }).getByRole("row")
    .filter({ hasText: "porkbun.com" }).filter({ has: page.getByText(status, { exact: true }) });

/** Waits on /admin/logs until Porkbun has `count` runs with this status. */
async function porkbunRuns(page: Page, status: "Success" | "Error", count: number): Promise<Locator> {
  await page.goto("/admin/logs");
  await reloadUntilVisible(page, () => logRows(page, status).nth(count - 1), `${count} Porkbun run(s) with status ${status} in /admin/logs`);
  return logRows(page, status);
}

export const adminJourneys = (deps: AdminJourneyDeps): Journey[] => [
  {
    name: "a visitor's contact message reaches the admin's Messages page, shown as text",
    run: async (page) => {
      const subject = `Journey question ${stamp}`;
      await page.goto("/contact");
      await page.getByLabel("Name").fill("Vera Visitor");
      await page.getByLabel("Email").fill("vera@example.com");
      await page.getByLabel("Category").selectOption("data-inquiry");
      await page.getByLabel("Subject").fill(subject);
      await page.getByLabel("Message").fill("Is <b>.dev</b> priced by every registrar?");
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByText("Message sent successfully!").waitFor();
      await signUpAdmin(page, deps, "Mira");
      await page.goto("/admin/messages");
      const row = page.getByRole("table", { name: "Contact messages" }).getByRole("row").filter({ hasText: subject });
      await row.waitFor();
      check((await row.textContent())?.includes("Is <b>.dev</b> priced by every registrar?") === true, "the message is shown as typed, HTML as text");
      check((await row.textContent())?.includes("vera@example.com") === true, "the sender's address is shown");
    },
  },
  {
    name: "a signed-in non-admin opening an /admin link sees Access Denied and lands on /",
    run: async (page) => {
      await createAccount(page, "Noel", `noel-${stamp}@example.com`);
      await page.goto("/admin/operations");
      await page.getByRole("heading", { name: "Access Denied" }).waitFor();
      await page.getByText("Admin privileges required to access this page.").first().waitFor();
      await eventually(async () => new URL(page.url()).pathname, (p) => p === "/", "back on / after Access Denied", 5000);
      await page.getByRole("heading", { level: 1, name: "Welcome to Your Domain Dashboard" }).waitFor();
      check(!(await page.getByRole("button", { name: "Fetch Porkbun", exact: true }).isVisible()), "no admin controls shown");
    },
  },
  {
    name: "admin: manual Porkbun fetch → logs → the changed .com price and its history",
    context: { viewport: { width: 1280, height: 900 } },
    run: async (page) => {
      await signUpAdmin(page, deps, "Ada");
      await fetchPorkbun(page);
      const [run] = await (await porkbunRuns(page, "Success", 1)).all();
      const results = (await run!.getByRole("cell").nth(4).textContent())?.replace(/,/g, "") ?? "";
      check(Number(results) > 100, `Porkbun's run lists ${results} results`);

      await page.goto("/tld/com");
      await page.getByRole("heading", { level: 1, name: ".com" }).waitFor();
      const price = `$${CHANGED_COM_REGISTRATION}`;
      await reloadUntilVisible(page, () => page.getByRole("row").filter({ hasText: "Porkbun" }).filter({ hasText: price }), `Porkbun at ${price} on /tld/com`);
      const history = page.getByRole("table").filter({ has: page.getByText(/^Price history of \.com: every period/) });
      const porkbun = history.getByRole("row").filter({ has: page.getByRole("cell", { name: "Porkbun", exact: true }) });
      await porkbun.filter({ hasText: price }).filter({ hasText: "Current" }).waitFor();
      await porkbun.filter({ hasText: "$11.08" }).filter({ hasText: "Replaced" }).waitFor();
      // The chart draws once its section is seen (RenderWhenNear), like a visitor scrolling down to it.
      await page.getByRole("heading", { name: "Price history of .com" }).scrollIntoViewIfNeeded();
      await page.getByRole("img", { name: /^Price history of \.com: registration prices in USD/ }).locator("svg").first().waitFor();
    },
  },
  {
    name: "admin: create, edit and delete a fetch schedule",
    context: { viewport: { width: 1280, height: 900 } },
    run: async (page) => {
      await signUpAdmin(page, deps, "Grace");
      await page.goto("/admin/settings");
      const name = `E2E nightly ${stamp}`;
      await page.getByRole("button", { name: "Create Schedule" }).click();
      const create = page.getByRole("dialog", { name: "Create Schedule" });
      await create.getByLabel("Name").fill(name);
      const cron = create.getByLabel(/Cron expression/);
      await cron.pressSequentially("0 3 *");
      await create.getByText("Cron expression must have five fields: minute, hour, day of month, month, day of week").waitFor();
      await cron.pressSequentially(" * *");
      await create.getByText("Next runs:").waitFor();
      const runs = await create.getByRole("listitem").allTextContents();
      check(runs.length === 3 && runs.every((r) => /at 3:00 AM UTC$/.test(r)), `next runs ${JSON.stringify(runs)}`);
      await create.getByRole("button", { name: "Create Schedule" }).click();
      await page.getByText("Schedule created successfully").first().waitFor();
      await create.waitFor({ state: "hidden" });
      const table = page.getByRole("table", { name: "Fetch schedules" });
      const row = table.getByRole("row").filter({ hasText: name });
      await row.getByText("0 3 * * *").waitFor();

      await page.getByRole("button", { name: `Edit ${name}` }).click();
      const edit = page.getByRole("dialog", { name: `Edit ${name}` });
      await edit.getByLabel(/Cron expression/).fill("30 4 * * 1");
      const next = edit.getByRole("listitem").first();
      await eventually(() => next.textContent(), (t) => /^Monday, .* at 4:30 AM UTC$/.test(t ?? ""), "next run on a Monday at 4:30");
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await page.getByText("Schedule updated successfully").first().waitFor();
      await row.getByText("30 4 * * 1").waitFor();

      await page.getByRole("button", { name: `Delete ${name}` }).click();
      const confirm = page.getByRole("alertdialog", { name: `Delete ${name}?` });
      await confirm.getByText("This schedule will stop running and be deleted. This action cannot be undone.").waitFor();
      await confirm.getByRole("button", { name: "Delete" }).click();
      await page.getByText("Schedule deleted successfully").first().waitFor();
      await row.waitFor({ state: "detached" });
      await table.getByText("Daily price refresh").waitFor();
    },
  },
  {
    name: "admin: two failed Porkbun fetches open an incident, moved to investigating then resolved",
    context: { viewport: { width: 1280, height: 900 } },
    run: async (page) => {
      await signUpAdmin(page, deps, "Linus");
      const pricing = deps.fakes.porkbunPricing;
      pricing.behaviour = "server-error";
      try {
        await fetchPorkbun(page);
        await porkbunRuns(page, "Error", 1);
        await fetchPorkbun(page);
        await porkbunRuns(page, "Error", 2);
      } finally {
        pricing.behaviour = "success";
      }
      const title = "Provider fetch failing: Porkbun";
      await page.goto("/admin/alerts");
      const incidents = page.getByRole("table", { name: "Incidents" });
      const row = incidents.getByRole("row").filter({ hasText: title });
      await reloadUntilVisible(page, () => row, "the Porkbun incident");
      await row.getByText("Open", { exact: true }).waitFor();
      await row.getByText("High", { exact: true }).waitFor();

      await page.getByRole("button", { name: `Investigate incident: ${title}` }).click();
      await page.getByText(`"${title}" is now investigating.`).first().waitFor();
      await row.getByText("Investigating", { exact: true }).waitFor();
      await page.getByRole("button", { name: `Resolve incident: ${title}` }).click();
      await page.getByText(`"${title}" is now resolved.`).first().waitFor();
      await row.getByText("Resolved", { exact: true }).waitFor();
      check(!(await page.getByRole("button", { name: `Investigate incident: ${title}` }).isVisible()), "a resolved incident cannot go back to investigating");
    },
  },
];
