/**
 * A registry change from the registry to the owner's inbox: a domain added by its name alone is
 * looked up at the loopback RDAP server; the journey then changes the registry's answer (a new
 * registrar, the transfer lock gone), the owner opens the domain's page from its card and asks
 * for a check now; the history shows each change in words, and the warning arrives by mail with
 * a link back to the page. The domain's own switch for registry changes is on the same page.
 */
import { createAccount, stamp } from "./accounts.ts";
import { RDAP_REGISTERED_PREFIX, REGISTRY_DATES } from "./fakes.ts";
import { expect, reloadUntilVisible, test } from "./fixtures.ts";
import { verisignAnswer } from "../src/server/integrations/rdap/testing/rdap-answers.ts";
import { addDomainByName } from "./portfolio-steps.ts";

test.use({ viewport: { width: 1280, height: 900 } });

test("add a domain → the registry changes its registrar and lock → Check now → the history shows it and the warning is mailed", async ({ page, app }) => {
  const email = `history-${stamp}@example.com`;
  const inbox = `history-inbox-${stamp}@example.com`;
  await createAccount(page, "Hal", email);

  // An address to be told at, confirmed from its mail.
  await page.goto("/settings/notifications");
  await page.getByLabel("Add an address").fill(inbox);
  await page.getByRole("button", { name: "Add address" }).click();
  await expect.poll(() => app.fakes.mail.mailsTo(inbox).length).toBe(1);
  const link = /https?:\/\/\S+\/api\/notifications\/confirm\?token=[a-z2-7]+/.exec(app.fakes.mail.mailsTo(inbox)[0]!.text ?? "")![0];
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { name: "Address confirmed" })).toBeVisible();
  await page.goto("/settings/notifications");
  await expect(page.getByLabel(/Tell me when one of my domains changes at its registry/)).toBeChecked();

  const domain = `${RDAP_REGISTERED_PREFIX}moved-${stamp}.com`;
  await page.goto("/portfolio");
  const entry = await addDomainByName(page, domain);
  await reloadUntilVisible(page, entry.getByText(/Checked with the registry on/));

  // The domain's page, from its name on the card: the first lookup is the only line.
  await entry.getByRole("link", { name: domain, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: domain })).toBeVisible();
  const history = page.locator("section").filter({ has: page.getByRole("heading", { name: "History" }) });
  await expect(history.getByText("Checked with the registry (RDAP).")).toHaveCount(1);
  await expect(page.getByLabel(/Registry changes/)).toHaveValue("inherit");

  // At the registry: another registrar, and the transfer lock gone.
  app.fakes.rdap.answers.set(domain, {
    kind: "json", body: verisignAnswer(domain, REGISTRY_DATES, { registrar: "Evil Registrar Ltd", ianaId: "4242", status: ["client delete prohibited"] }),
  });
  await page.getByRole("button", { name: "Check now" }).click();
  await expect(history.getByText("Registrar changed from Porkbun LLC (IANA 1861) to Evil Registrar Ltd (IANA 4242).")).toBeVisible({ timeout: 30_000 });
  await expect(history.getByText(/Transfer lock removed/)).toBeVisible();
  await expect(history.getByText("Warning")).toHaveCount(2);

  await expect.poll(() => app.fakes.mail.mailsTo(inbox).filter((m) => m.subject?.includes(domain)).map((m) => m.subject).sort(), { timeout: 30_000 })
    .toEqual([`Warning: ${domain} registrar changed`, `Warning: ${domain} transfer lock removed`]);
  const mail = app.fakes.mail.mailsTo(inbox).find((m) => m.subject === `Warning: ${domain} registrar changed`)!;
  expect(mail.text).toContain("Registrar changed from Porkbun LLC (IANA 1861) to Evil Registrar Ltd (IANA 4242).");
  const pageLink = /https?:\/\/\S+\/portfolio\/\d+/.exec(mail.text ?? "")![0];
  expect(new URL(pageLink).pathname).toBe(new URL(page.url()).pathname);

  // This domain's registry changes turned off here, and the choice kept.
  await page.getByLabel(/Registry changes/).selectOption("off");
  await expect(page.getByText(`Notifications of ${domain} saved`)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/Registry changes/)).toHaveValue("off");
});
