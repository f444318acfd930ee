/**
 * The transfer plan from start to finish: a .com the registry (the loopback RDAP fake) names at
 * the registrar that renews .com dearest is added by its name alone; its page says it is worth
 * moving and where to; the plan lists it under that registrar, and the owner takes it through the
 * steps; the registry then names the destination, the owner asks for a check now, and the plan
 * marks the move done, which the domain's history records.
 */
import { createAccount, stamp } from "./accounts.ts";
import { RDAP_REGISTERED_PREFIX, REGISTRY_DATES } from "./fakes.ts";
import { expect, reloadUntilVisible, test } from "./fixtures.ts";
import { verisignAnswer } from "../src/server/integrations/rdap/testing/rdap-answers.ts";
import { addDomainByName } from "./portfolio-steps.ts";

test.use({ viewport: { width: 1280, height: 900 } });

interface Provider { id: number; name: string; ianaId: number | null }
interface Quote { tld: { name: string }; renewalPrice: string | null; currency: string }
interface Verdict { verdict: string; current: { provider: { id: number; name: string } } | null; destination: { provider: { id: number; name: string } } | null }

test("a domain worth moving → its verdict → the plan's steps → the registry names the new registrar → the move is done", async ({ page, app }, testInfo) => {
  // A worker's journeys share one database: each run of this one has its own account and name.
  const run = `${stamp}-${testInfo.repeatEachIndex}`;
  await createAccount(page, "Tia", `transfer-plan-${run}@example.com`);

  // The registrar with an IANA id whose .com renewal is dearest, in USD, in the prices the app holds.
  const providers = (await (await page.request.get("/api/service-providers")).json()) as Provider[];
  let held: { provider: Provider; renewal: number } | undefined;
  for (const provider of providers.filter((p) => p.ianaId !== null)) {
    const quotes = (await (await page.request.get(`/api/service-providers/${provider.id}/domain-prices?currency=USD`)).json()) as Quote[];
    const com = quotes.find((q) => q.tld.name === "com" && q.currency === "USD" && q.renewalPrice !== null);
    if (com && (!held || Number(com.renewalPrice) > held.renewal)) held = { provider, renewal: Number(com.renewalPrice) };
  }
  expect(held, "some registrar with an IANA id quotes a .com renewal").toBeDefined();
  const from = held!.provider;

  // At the registry: the name is held there, with the transfer lock on.
  const domain = `${RDAP_REGISTERED_PREFIX}plan-${run}.com`;
  app.fakes.rdap.answers.set(domain, {
    kind: "json", body: verisignAnswer(domain, REGISTRY_DATES, { registrar: from.name, ianaId: String(from.ianaId), status: ["client transfer prohibited"] }),
  });

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Portfolio" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Domain Portfolio" })).toBeVisible();
  const entry = await addDomainByName(page, domain);
  await reloadUntilVisible(page, entry.getByText(`Registrar: ${from.name} (IANA ${from.ianaId})`));

  // Its page: worth moving (or maybe, when the prices compared are old), to the registrar the verdict names.
  await entry.getByRole("link", { name: domain, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: domain })).toBeVisible();
  const id = Number(/\/portfolio\/(\d+)/.exec(page.url())![1]);
  const verdict = (await (await page.request.get(`/api/user-domains/${id}/transfer-verdict?currency=USD`)).json()) as Verdict;
  expect(["move", "unsure"], JSON.stringify(verdict)).toContain(verdict.verdict);
  expect(verdict.current?.provider.name).toBe(from.name);
  const to = verdict.destination!.provider;
  const toRegistry = providers.find((p) => p.id === to.id)!;
  expect(toRegistry.ianaId, `${to.name} has an IANA id`).not.toBeNull();
  const move = page.getByRole("region", { name: "Move to a cheaper registrar?" });
  await expect(move.getByText(verdict.verdict === "move" ? "Worth moving" : "Maybe worth moving", { exact: true })).toBeVisible();
  await expect(move.getByRole("table", { name: `Staying at ${from.name} against moving to ${to.name}, in USD` })).toBeVisible();
  await expect(move.getByRole("list", { name: "What blocks a move today" }).getByText("You can lift this")).toBeVisible();

  // The plan: the domain under its destination, planned; the owner takes it through the steps.
  await move.getByRole("link", { name: "See the transfer plan for all your domains" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Transfer plan" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "The steps" })).toBeVisible();
  const group = page.getByRole("region", { name: `Move to ${to.name}` });
  const progress = group.getByLabel(`Progress of ${domain}`);
  await expect(progress).toHaveValue("planned");
  for (const state of ["unlocked", "code_requested", "started"]) {
    await progress.selectOption(state);
    await expect(progress).toHaveValue(state);
    await expect(progress).toBeEnabled();
  }
  await page.reload();
  await expect(progress).toHaveValue("started");

  // At the registry: the destination now sponsors the name. The owner asks for a check now.
  app.fakes.rdap.answers.set(domain, {
    kind: "json", body: verisignAnswer(domain, REGISTRY_DATES, { registrar: toRegistry.name, ianaId: String(toRegistry.ianaId), status: ["client transfer prohibited"] }),
  });
  await group.getByRole("link", { name: domain, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: domain })).toBeVisible();
  await page.getByRole("button", { name: "Check now" }).click();
  const history = page.locator("section").filter({ has: page.getByRole("heading", { name: "History" }) });
  await expect(history.getByText(`Registrar changed from ${from.name} (IANA ${from.ianaId}) to ${toRegistry.name} (IANA ${toRegistry.ianaId}).`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Registrar: ${toRegistry.name} (IANA ${toRegistry.ianaId})`)).toBeVisible();

  // The plan, read again, marks the move done; the domain's history says so, once.
  await page.getByRole("link", { name: "See the transfer plan for all your domains" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Transfer plan" })).toBeVisible();
  const done = page.getByLabel(`Progress of ${domain}`);
  await expect(done).toHaveValue("done");
  await page.getByRole("link", { name: domain, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: domain })).toBeVisible();
  await expect(history.getByText(`Moved to ${to.name} as the transfer plan planned: the registry names it as the registrar, so the move is done.`)).toHaveCount(1);
});
