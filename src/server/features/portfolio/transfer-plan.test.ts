import { and, eq, inArray, notInArray } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, registerAdmin, registerUser } from "../../testing/auth.ts";
import { createTestApp } from "../../testing/test-app.ts";
import type { UserDomainItem } from "./item.ts";
import type { TransferPlan } from "./transfer-plan.ts";
import type { TransferVerdict } from "../../domain/transfer-verdict.ts";

const DAY = 86_400_000;
const dayIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

forEachDialect("the transfer plan", (getDb) => {
  let app: ReturnType<typeof createTestApp>;
  let call: ReturnType<typeof authed>;
  let own: { id: number; providerId: number; name: string };
  let rival: { id: number; providerId: number; name: string };
  let netId: number;

  beforeAll(async () => {
    const { orm: db, t } = getDb();
    const dp = t.domainPrices;
    const [net] = await db.select({ id: t.tlds.id }).from(t.tlds).where(eq(t.tlds.name, "net"));
    netId = net!.id;
    const quotes = await db.select({ id: dp.id, providerId: dp.serviceProviderId, name: t.serviceProviders.name })
      .from(dp).innerJoin(t.serviceProviders, eq(t.serviceProviders.id, dp.serviceProviderId))
      .where(and(eq(dp.tldId, netId), eq(dp.currency, "USD"), eq(t.serviceProviders.isActive, true)));
    expect(quotes.length).toBeGreaterThan(2);
    [own, rival] = [quotes[0]!, quotes[1]!];
  });

  /** .net at two fresh USD providers: own renews at 30.00, the rival transfers at 15.00 and renews at 20.00; every other quote is stale and dearer. */
  beforeEach(async () => {
    const handle = getDb();
    const { orm: db, t } = handle;
    const dp = t.domainPrices;
    app = createTestApp(handle, { env: AUTH_TEST_ENV });
    call = authed(app, (await registerUser(app)).cookie);
    await db.update(dp).set({ lastCheckedAt: new Date(Date.now() - 200 * DAY), renewalPrice: 9000, transferPrice: 9000 })
      .where(and(eq(dp.tldId, netId), notInArray(dp.id, [own.id, rival.id])));
    await db.update(dp).set({ lastCheckedAt: new Date(Date.now() - DAY), renewalPrice: 3000, transferPrice: 3000, currency: "USD", unusualReason: null, hidden: false }).where(eq(dp.id, own.id));
    await db.update(dp).set({ lastCheckedAt: new Date(Date.now() - DAY), renewalPrice: 2000, transferPrice: 1500, currency: "USD", unusualReason: null, hidden: false }).where(eq(dp.id, rival.id));
    await db.update(t.serviceProviders).set({ transferUrlPattern: "https://rival.example/transfer?domain={domain}" }).where(eq(t.serviceProviders.id, rival.providerId));
  });

  const add = async (domainName: string, expirationDate = dayIn(200)) => {
    const res = await call<UserDomainItem>("/api/user-domains", { method: "POST", body: { domainName, serviceProviderId: own.providerId, expirationDate, registrationDate: "2020-01-01" } });
    expect(res.status).toBe(201);
    return res.body.id;
  };
  const registry = async (userDomainId: number, values: { statuses?: string[]; registrarProviderId?: number | null; registrationDate?: string }) => {
    const { orm: db, t } = getDb();
    await db.insert(t.domainRegistryRecords).values({
      userDomainId, outcome: "ok", statuses: values.statuses ?? ["active"], nameservers: [], registrarProviderId: values.registrarProviderId ?? own.providerId,
      registrarName: values.registrarProviderId === rival.providerId ? rival.name : own.name,
      registrationDate: values.registrationDate ?? "2020-01-01", expirationDate: dayIn(200), checkedAt: new Date(), nextCheckAt: new Date(Date.now() + DAY), protocol: "rdap",
    });
  };

  it("a domain's verdict: the cost of staying against moving, with every price's source and date, and its window", async () => {
    const id = await add("mine.net");
    const { status, body } = await call<TransferVerdict>(`/api/user-domains/${id}/transfer-verdict`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      verdict: "move", currency: "USD", rule: { pattern: "*", addsYear: true, lockAfterTransferDays: 60 },
      current: { provider: { id: own.providerId }, renewal: { amount: "30.00", source: own.name, isStale: false } },
      destination: { provider: { id: rival.providerId, name: rival.name }, hasTransferLink: true, transfer: { amount: "15.00", source: rival.name }, renewal: { amount: "20.00" } },
      years: [
        { years: 1, stay: "30.00", move: "15.00", saving: "15.00" },
        { years: 3, stay: "90.00", move: "55.00", saving: "35.00" },
        { years: 5, stay: "150.00", move: "95.00", saving: "55.00" },
      ],
      breakEvenYear: 1,
      window: { blockers: [], bestWindow: { from: dayIn(0), until: dayIn(194) } },
    });
    expect(body.destination!.transfer.lastCheckedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // In another display currency, converted at the stored rates.
    const inEur = await call<TransferVerdict>(`/api/user-domains/${id}/transfer-verdict?currency=EUR`);
    expect(inEur.body.currency).toBe("EUR");
    expect(inEur.body.current!.renewal.rateDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Another user's domain is not found, and signed out is 401.
    const stranger = authed(app, (await registerUser(app)).cookie);
    expect((await stranger(`/api/user-domains/${id}/transfer-verdict`)).status).toBe(404);
    expect((await app.request(`http://localhost/api/user-domains/${id}/transfer-verdict`)).status).toBe(401);
  });

  it("the registrar lock is named as the owner's to lift; a stale destination makes it unsure", async () => {
    const id = await add("locked.net");
    await registry(id, { statuses: ["clientTransferProhibited"] });
    const locked = (await call<TransferVerdict>(`/api/user-domains/${id}/transfer-verdict`)).body;
    expect(locked.window.blockers).toEqual([expect.objectContaining({ code: "clienttransferprohibited", ownerCanLift: true })]);
    // The registry's registration date counts for the lock (the typed one says 2020).
    const fresh = await add("fresh.net");
    await registry(fresh, { registrationDate: dayIn(-20) });
    const inLock = (await call<TransferVerdict>(`/api/user-domains/${fresh}/transfer-verdict`)).body.window;
    expect(inLock).toMatchObject({ earliestDate: dayIn(40), blockers: [expect.objectContaining({ code: "registration_lock", ownerCanLift: false })] });
    const { orm: db, t } = getDb();
    await db.update(t.domainPrices).set({ lastCheckedAt: new Date(Date.now() - 120 * DAY) }).where(eq(t.domainPrices.id, rival.id));
    const stale = (await call<TransferVerdict>(`/api/user-domains/${id}/transfer-verdict`)).body;
    expect(stale.verdict).toBe("unsure");
    expect(stale.cautions[0]).toMatch(new RegExp(`^the price at ${rival.name} was last confirmed on .+, over 90 days ago$`));
  });

  it("an unusual destination price makes the verdict unsure, saying why; a hidden one is left out", async () => {
    const id = await add("odd.net");
    const { orm: db, t } = getDb();
    await db.update(t.domainPrices).set({ unusualReason: "The transfer price is under a quarter of the registration price" }).where(eq(t.domainPrices.id, rival.id));
    const odd = (await call<TransferVerdict>(`/api/user-domains/${id}/transfer-verdict`)).body;
    expect(odd).toMatchObject({ verdict: "unsure", destination: { provider: { id: rival.providerId }, transfer: { unusual: true } } });
    expect(odd.cautions).toEqual([`The price at ${rival.name} looks unusual (The transfer price is under a quarter of the registration price)`]);
    await db.update(t.domainPrices).set({ unusualReason: null, hidden: true }).where(eq(t.domainPrices.id, rival.id));
    expect((await call<TransferVerdict>(`/api/user-domains/${id}/transfer-verdict`)).body).toMatchObject({ verdict: "stay", destination: null });
    await db.update(t.domainPrices).set({ hidden: false }).where(eq(t.domainPrices.id, rival.id));
  });

  it("the plan: domains worth moving grouped by destination with totals, the owner's steps, the CSV, and a move the registry confirms", async () => {
    const a = await add("alpha.net");
    const b = await add("beta.net");
    await call("/api/user-domains", { method: "POST", body: { domainName: "rival-held.net", serviceProviderId: rival.providerId } });
    const plan = (await call<TransferPlan>("/api/portfolio/transfer-plan")).body;
    expect(plan.totals).toEqual({ domains: 2, firstYearSaving: "30.00", threeYearSaving: "70.00" });
    expect(plan.notWorthMoving).toBe(1);
    expect(plan.groups).toHaveLength(1);
    expect(plan.groups[0]).toMatchObject({ destination: { id: rival.providerId }, firstYearSaving: "30.00", threeYearSaving: "70.00" });
    expect(plan.groups[0]!.domains.map((d) => [d.domainName, d.state, d.transferLink])).toEqual([
      ["alpha.net", "planned", `/api/r/transfer?providerId=${rival.providerId}&domain=alpha.net`],
      ["beta.net", "planned", `/api/r/transfer?providerId=${rival.providerId}&domain=beta.net`],
    ]);
    expect(plan.steps.map((s) => s.state)).toEqual(["planned", "unlocked", "code_requested", "started", "done"]);

    // The owner works through the steps; a bad state is a 400 naming the field.
    expect((await call(`/api/portfolio/transfer-plan/${a}`, { method: "PUT", body: { state: "sideways" } })).status).toBe(400);
    const started = await call(`/api/portfolio/transfer-plan/${a}`, { method: "PUT", body: { state: "started" } });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ id: a, state: "started", destinationProviderId: rival.providerId });
    const stranger = authed(app, (await registerUser(app)).cookie);
    expect((await stranger(`/api/portfolio/transfer-plan/${a}`, { method: "PUT", body: { state: "done" } })).status).toBe(404);

    const csv = await app.request("http://localhost/api/portfolio/transfer-plan.csv", { headers: { cookie: (await registerUser(app)).cookie } });
    expect(csv.status).toBe(200);
    const mine = await call<string>("/api/portfolio/transfer-plan.csv");
    expect(mine.res.headers.get("content-type")).toContain("text/csv");
    const lines = mine.body.trim().split("\r\n");
    expect(lines[0]).toBe("domain,moves_to,state,verdict,currency,current_renewal,transfer,new_renewal,saving_1_year,saving_3_years,saving_5_years,break_even_year,earliest_date,start_by,blocked_by,transfer_link");
    expect(lines[1]).toContain("alpha.net,");
    expect(lines[1]).toContain(",started,move,USD,30.00,15.00,20.00,15.00,35.00,55.00,1,");

    // The registry now names the rival for alpha.net: the move is done and the history says so.
    await registry(a, { registrarProviderId: rival.providerId });
    await registry(b, { registrarProviderId: own.providerId });
    const after = (await call<TransferPlan>("/api/portfolio/transfer-plan")).body;
    expect(after.groups[0]!.domains.find((d) => d.id === a)!.state).toBe("done");
    expect(after.groups[0]!.domains.find((d) => d.id === b)!.state).toBe("planned");
    const history = (await call<{ events: { kind: string; severity: string; text: string }[] }>(`/api/user-domains/${a}/history`)).body.events;
    expect(history.filter((e) => e.kind === "transfer_done")).toEqual([expect.objectContaining({
      severity: "info", text: `Moved to ${rival.name} as the transfer plan planned: the registry names it as the registrar, so the move is done.`,
    })]);
    // The hand-added entry is now at the rival, where the portfolio prices it.
    const moved = (await call<UserDomainItem>(`/api/user-domains/${a}`)).body;
    expect(moved.serviceProviderId).toBe(rival.providerId);
    expect(moved.money.renewal).toMatchObject({ amount: "20.00" });
    // Read again: recorded once.
    await call("/api/portfolio/transfer-plan");
    const again = (await call<{ events: { kind: string }[] }>(`/api/user-domains/${a}/history`)).body.events;
    expect(again.filter((e) => e.kind === "transfer_done")).toHaveLength(1);
  });

  it("the plan gives each rule and price once, and a domain's verdict in it reads as its own verdict does, but for the sentence", async () => {
    const a = await add("alpha.net");
    await add("beta.net");
    const plan = (await call<TransferPlan>("/api/portfolio/transfer-plan?currency=EUR")).body;
    const domains = plan.groups.flatMap((g) => g.domains);
    expect(domains).toHaveLength(2);
    expect(Object.keys(plan.rules)).toEqual(["*"]);
    expect(Object.keys(plan.quotes).sort()).toEqual([`${netId}:${own.providerId}:renewal`, `${netId}:${rival.providerId}:renewal`, `${netId}:${rival.providerId}:transfer`].sort());
    expect(domains.every((d) => d.verdict.ruleId === "*" && d.verdict.destination?.transferQuoteId === `${netId}:${rival.providerId}:transfer`)).toBe(true);
    const { ruleId, current, destination, ...rest } = domains.find((d) => d.id === a)!.verdict;
    const { sentence, ...alone } = (await call<TransferVerdict>(`/api/user-domains/${a}/transfer-verdict?currency=EUR`)).body;
    expect(sentence).toMatch(/^Moving to .* saves €/);
    expect(rest).not.toHaveProperty("sentence");
    expect({
      domainName: "alpha.net", currency: plan.currency, ...rest, rule: plan.rules[ruleId],
      current: current && { provider: current.provider, renewal: plan.quotes[current.renewalQuoteId] },
      destination: destination && {
        provider: destination.provider, hasTransferLink: destination.hasTransferLink,
        transfer: plan.quotes[destination.transferQuoteId], renewal: plan.quotes[destination.renewalQuoteId],
      },
    }).toEqual(alone);
    expect(alone.destination!.transfer.rateDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("tRPC gives the same plan", async () => {
    await add("gamma.net");
    const res = await call<{ result: { data: TransferPlan } }>("/trpc/portfolio.transfer.plan");
    expect(res.status).toBe(200);
    expect(res.body.result.data.totals).toEqual({ domains: 1, firstYearSaving: "15.00", threeYearSaving: "35.00" });
  });

  it("administrators lay their own rule over the bundled one, audited; others may not", async () => {
    const handle = getDb();
    const admin = authed(app, (await registerAdmin(app, handle)).cookie);
    expect((await call("/api/admin/transfer-rules")).status).toBe(403);
    const rule = { pattern: "net", addsYear: false, lockAfterRegistrationDays: 0, lockAfterTransferDays: 30, minDaysBeforeExpiry: 10, sourceUrl: "https://registry.example/net-rules", sourceDate: "2026-12-01", note: "Test rule" };
    const saved = await admin<{ rules: { pattern: string; origin: string }[] }>("/api/admin/transfer-rules", { method: "PUT", body: rule });
    expect(saved.status).toBe(200);
    expect(saved.body.rules.find((r) => r.pattern === "net")).toMatchObject({ origin: "admin", lockAfterTransferDays: 30, updatedBy: expect.stringContaining("@") });
    expect((await admin("/api/admin/transfer-rules", { method: "PUT", body: { ...rule, sourceUrl: "javascript:alert(1)" } })).status).toBe(400);
    // The verdict reads it: no added year, so 15 + 3 × 20 = 75 against 90.
    const id = await add("ruled.net");
    const v = (await call<TransferVerdict>(`/api/user-domains/${id}/transfer-verdict`)).body;
    expect(v.rule).toMatchObject({ pattern: "net", origin: "admin", addsYear: false });
    expect(v.years[1]).toEqual({ years: 3, stay: "90.00", move: "75.00", saving: "15.00" });
    const { orm: db, t } = handle;
    const audit = await db.select({ action: t.adminAuditLog.action }).from(t.adminAuditLog).where(inArray(t.adminAuditLog.action, ["transfer_rule_saved", "transfer_rule_removed"]));
    expect(audit.map((a) => a.action)).toContain("transfer_rule_saved");
    expect((await admin("/api/admin/transfer-rules/net", { method: "DELETE" })).status).toBe(200);
    expect((await admin("/api/admin/transfer-rules/net", { method: "DELETE" })).status).toBe(404);
    expect((await admin("/api/admin/transfer-rules/uk", { method: "DELETE" })).status).toBe(400);
    const removed = await db.select({ action: t.adminAuditLog.action }).from(t.adminAuditLog).where(eq(t.adminAuditLog.action, "transfer_rule_removed"));
    expect(removed.length).toBeGreaterThan(0);
    await db.delete(t.transferRuleOverrides);
  });
});
