import { and, eq, ne } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { listQuotesByProvider } from "../../db/repositories/domain-price-repository.ts";
import { findServiceProviderBySlug } from "../../db/repositories/service-provider-repository.ts";
import type { PriceQuote } from "./integrations/prices/types.ts";
import { forEachDialect } from "../../db/testing/test-db.ts";
import { waitFor } from "../../jobs/testing/queue-test-kit.ts";
import { loadConfig } from "./config.ts";
import { DELIVER_QUEUE } from "./features/notifications/deps.ts";
import { userWithConfirmedEmail } from "./testing/notifications.ts";
import { PRICE_EVENTS_QUEUE, runPriceEventPlanners, type PriceEvent } from "./features/notifications/price-events.ts";
import { PRICE_EVENT_PLANNERS } from "./features/notifications/price-event-planners.ts";
import { FETCH_QUEUE } from "./features/price-engine/fetch-control.ts";
import { JOB_REGISTRATIONS, registerNotifications } from "./jobs.ts";
import { createLogger } from "./lib/logger.ts";
import { useNotifyingWorker } from "./testing/notifying-worker.ts";
import { TEST_APP_SECRET } from "./testing/test-app.ts";
import { testPriceSource } from "./testing/test-price-source.ts";

const day = (d: Date) => d.toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

forEachDialect("renewal price alerts", (getDb, _dialect, getTestDb) => {
  // Porkbun's live source answers whatever list the test set last.
  let list: { observedAt: Date; quotes: PriceQuote[] } = { observedAt: new Date(), quotes: [] };
  const porkbun = testPriceSource("porkbun", async () => ({ ...list, skipped: [] }));
  // The price engine and the notifications as every process registers them.
  const w = useNotifyingWorker(getDb, getTestDb, porkbun, [JOB_REGISTRATIONS[0]!, registerNotifications]);
  const hooks = () => w.hooks.map((h) => h.body);
  let porkbunId: number;

  beforeAll(async () => {
    porkbunId = (await findServiceProviderBySlug(getDb(), "porkbun"))!.id;
  });

  /** Porkbun's stored list as its source would answer it. */
  const storedList = async (): Promise<PriceQuote[]> =>
    (await listQuotesByProvider(getDb(), porkbunId)).map((q) => ({
      tld: q.tld.name, registration: q.registrationPrice, renewal: q.renewalPrice, transfer: q.transferPrice,
      currency: q.currency, isPromo: q.isPromo, regularRegistration: q.regularRegistrationPrice,
    }));
  /** Porkbun's stored list with these renewals (cents), observed at `observedAt`. */
  const withRenewals = async (renewals: Record<string, number>, observedAt = new Date()) => {
    const quotes = (await storedList()).map((q) => (q.tld in renewals ? { ...q, renewal: renewals[q.tld]! } : q));
    list = { observedAt, quotes };
    return list;
  };
  async function settle() {
    for (const name of [PRICE_EVENTS_QUEUE, DELIVER_QUEUE, PRICE_EVENTS_QUEUE, DELIVER_QUEUE]) {
      await waitFor(() => w.queue.counts(name), (c) => c.queued === 0 && c.active === 0);
    }
  }
  /** One fetch run of Porkbun as a job, then the planning and deliveries it caused. */
  async function fetchPorkbun() {
    const id = await w.queue.send(FETCH_QUEUE, { providerKey: "porkbun", requestType: "provider", source: "auto" }, { retryLimit: 0 });
    await waitFor(() => w.queue.getJob(FETCH_QUEUE, id!), (j) => j?.state === "completed" || j?.state === "failed");
    await settle();
  }
  const porkbunRenewal = async (tld: string) => (await storedList()).find((q) => q.tld === tld)!.renewal!;
  async function hold(client: Awaited<ReturnType<typeof userWithConfirmedEmail>>["client"], domainName: string, serviceProviderId: number) {
    const added = await client<{ id: number }>("/api/user-domains", { method: "POST", body: { domainName, serviceProviderId } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return added.body.id;
  }
  const renewalNotifications = async (user: { email: string }) => {
    const { t, orm } = getDb();
    const userId = (await orm.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, user.email)))[0]!.id;
    const n = t.notifications;
    return getDb().orm.select({ subjectKey: n.subjectKey, occurrence: n.occurrence, title: n.title }).from(n)
      .where(and(eq(n.userId, userId), eq(n.kind, "renewal_price")));
  };
  const savePrefs = (client: Awaited<ReturnType<typeof userWithConfirmedEmail>>["client"], body: Record<string, unknown>) =>
    client<{ renewalChangePercent: number; renewalUndercut: string; message?: string; issues?: { field: string; message: string }[] }>(
      "/api/notifications/preferences", { method: "PUT", body: { reminderOffsets: [30], deliveryModes: {}, currency: "USD", ...body } },
    );
  const tldIdOf = async (name: string) => {
    const { t, orm } = getDb();
    return (await orm.select({ id: t.tlds.id }).from(t.tlds).where(eq(t.tlds.name, name)))[0]!.id;
  };
  /** Another active provider quoting `tld`, its renewal set to `cents` and checked now. */
  async function otherRegistrar(tld: string, cents: number) {
    const { t, orm } = getDb();
    const [tldRow] = await orm.select({ id: t.tlds.id }).from(t.tlds).where(eq(t.tlds.name, tld));
    const [row] = await orm.select({ id: t.domainPrices.id, providerId: t.serviceProviders.id, name: t.serviceProviders.name })
      .from(t.domainPrices).innerJoin(t.serviceProviders, eq(t.serviceProviders.id, t.domainPrices.serviceProviderId))
      .where(and(eq(t.domainPrices.tldId, tldRow!.id), ne(t.domainPrices.serviceProviderId, porkbunId), eq(t.serviceProviders.isActive, true))).limit(1);
    await orm.update(t.domainPrices).set({ renewalPrice: cents, currency: "USD", lastCheckedAt: new Date() }).where(eq(t.domainPrices.id, row!.id));
    return { id: row!.providerId, name: row!.name, tldId: tldRow!.id };
  }
  /** Porkbun's stored renewal of `tld`, as an earlier run left it. */
  async function porkbunStored(tldId: number, cents: number, lastCheckedAt: Date) {
    const { t, orm } = getDb();
    await orm.update(t.domainPrices).set({ renewalPrice: cents, currency: "USD", lastCheckedAt, changedAt: lastCheckedAt })
      .where(and(eq(t.domainPrices.tldId, tldId), eq(t.domainPrices.serviceProviderId, porkbunId)));
  }

  it("a .com renewal raised past the threshold at the registrar mails its holder once, naming the domains held there, with both prices and the date; the webhook gets it too", async () => {
    const holder = await userWithConfirmedEmail(w.app(), w.smtp);
    const hook = await holder.client("/api/notifications/webhooks", { method: "POST", body: { url: `${w.receiverUrl}/renewals`, format: "generic" } });
    expect(hook.status).toBe(201);
    await hold(holder.client, "alpha-renewal.com", porkbunId);
    await hold(holder.client, "beta-renewal.com", porkbunId);
    const departed = await hold(holder.client, "gone-renewal.com", porkbunId);
    await getDb().orm.update(getDb().t.userDomains).set({ departedAt: new Date() }).where(eq(getDb().t.userDomains.id, departed));
    // Same domains, but this kind switched off.
    const silent = await userWithConfirmedEmail(w.app(), w.smtp);
    await hold(silent.client, "silent-renewal.com", porkbunId);
    expect((await savePrefs(silent.client, { enabledKinds: ["expiry"] })).status).toBe(200);

    const before = await porkbunRenewal("com");
    const raised = Math.round(before * 1.2);
    const { observedAt } = await withRenewals({ com: raised });
    await fetchPorkbun();

    const mails = await waitFor(() => w.smtp.mailsTo(holder.email).filter((m) => m.subject?.includes("renewal at Porkbun")), (m) => m.length === 1);
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    const percent = Math.round(((raised - before) / before) * 1000) / 10;
    expect(mails[0]!.subject).toBe(`2 .com domains: renewal at Porkbun went from ${dollars(before)} to ${dollars(raised)} (+${percent} %)`);
    expect(mails[0]!.text!.split("\n")[0]).toBe(
      `alpha-renewal.com, beta-renewal.com: renewal at Porkbun went from ${dollars(before)} to ${dollars(raised)} (+${percent} %), checked ${day(observedAt)}.`,
    );
    expect(mails[0]!.text).not.toContain("gone-renewal.com");
    await waitFor(() => hooks().filter((h) => h.type === "domain.renewal_price"), (h) => h.length === 1);
    expect(hooks().find((h) => h.type === "domain.renewal_price")).toMatchObject({ title: mails[0]!.subject });
    expect(w.smtp.mailsTo(silent.email).filter((m) => m.subject?.includes("renewal"))).toHaveLength(0);

    // The same list again, the event's job retried, and two workers planning it at once: nothing more.
    await fetchPorkbun();
    const comId = await tldIdOf("com");
    const event: PriceEvent = {
      providerId: porkbunId, providerName: "Porkbun", observedAt: observedAt.toISOString(), changedTldIds: [comId],
      renewalChanges: [{ tldId: comId, tldName: "com", from: before, to: raised, currency: "USD" }],
    };
    await w.queue.send(PRICE_EVENTS_QUEUE, event);
    const deps = { db: getDb(), queue: w.queue, config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", APP_SECRET: TEST_APP_SECRET, ...w.env() }), log: createLogger("silent") };
    await Promise.all([runPriceEventPlanners(deps, event, new Date(), PRICE_EVENT_PLANNERS), runPriceEventPlanners(deps, event, new Date(), PRICE_EVENT_PLANNERS)]);
    await settle();
    await new Promise((r) => setTimeout(r, 300));
    expect(w.smtp.mailsTo(holder.email).filter((m) => m.subject?.includes("renewal at Porkbun"))).toHaveLength(1);
    expect(await renewalNotifications(holder.user)).toEqual([{
      subjectKey: `renewal:${porkbunId}:${event.renewalChanges[0]!.tldId}`, occurrence: `${before}→${raised} USD at ${observedAt.toISOString()}`, title: mails[0]!.subject,
    }]);
  });

  it("a move below the user's threshold tells nothing; lowering the threshold tells the next one, in the digest when the user chose it", async () => {
    const holder = await userWithConfirmedEmail(w.app(), w.smtp);
    await hold(holder.client, "small-move.net", porkbunId);
    await porkbunStored(await tldIdOf("net"), 2000, daysAgo(1));
    await withRenewals({ net: 2100 });
    await fetchPorkbun();
    expect(await porkbunRenewal("net")).toBe(2100);
    expect(await renewalNotifications(holder.user)).toEqual([]);

    // A lower threshold, and this kind in the daily digest.
    expect((await savePrefs(holder.client, { enabledKinds: ["renewal_price"], renewalChangePercent: 3, deliveryModes: { renewal_price: "digest" } })).status).toBe(200);
    await withRenewals({ net: 2200 });
    await fetchPorkbun();
    expect((await renewalNotifications(holder.user)).map((n) => n.title)).toEqual(["small-move.net: renewal at Porkbun went from $21.00 to $22.00 (+4.8 %)"]);
    const [digest] = await waitFor(() => w.smtp.mailsTo(holder.email).filter((m) => m.subject?.startsWith("Your notifications of")), (m) => m.length === 1);
    expect(digest!.text).toContain("small-move.net: renewal at Porkbun went from $21.00 to $22.00 (+4.8 %), checked");
    expect(w.smtp.mailsTo(holder.email).filter((m) => m.subject?.startsWith("small-move.net:"))).toHaveLength(0);
  });

  it("tells a holder when Porkbun's fresh renewal undercuts their registrar by the amount they set, and not when the quote is stale", async () => {
    const holder = await userWithConfirmedEmail(w.app(), w.smtp);
    const org = await otherRegistrar("org", 2500);
    const info = await otherRegistrar("info", 2500);
    await hold(holder.client, "cheaper-elsewhere.org", org.id);
    await hold(holder.client, "stale-elsewhere.info", info.id);
    // Before the runs Porkbun renews both for more than their registrars.
    await porkbunStored(org.tldId, 2600, daysAgo(200));
    await porkbunStored(info.tldId, 2600, daysAgo(200));

    // A list observed 100 days ago: newer than Porkbun's stored quotes, but stale (PRICE_STALE_DAYS 90).
    await withRenewals({ org: 2600, info: 2200 }, daysAgo(100));
    await fetchPorkbun();
    expect(await porkbunRenewal("info")).toBe(2200);
    expect(await renewalNotifications(holder.user)).toEqual([]);

    const { observedAt } = await withRenewals({ org: 2200 });
    await fetchPorkbun();
    const [mail] = await waitFor(() => w.smtp.mailsTo(holder.email).filter((m) => m.subject?.startsWith("cheaper-elsewhere.org:")), (m) => m.length === 1);
    expect(mail!.subject).toBe(`cheaper-elsewhere.org: Porkbun renews .org for $3.00 less a year than ${org.name}`);
    expect(mail!.text!.split("\n")[0]).toBe(
      `cheaper-elsewhere.org: Porkbun renews .org for $22.00, $3.00 less a year than ${org.name} ($25.00, checked ${day(new Date())}), checked ${day(observedAt)}.`,
    );
    expect((await renewalNotifications(holder.user)).map((n) => n.subjectKey)).toEqual([`renewal:${org.id}:${org.tldId}`]);

    // A saving below the amount set is not told.
    expect((await savePrefs(holder.client, { enabledKinds: ["renewal_price"], renewalUndercut: "5.00" })).status).toBe(200);
    await porkbunStored(org.tldId, 2600, daysAgo(1));
    await withRenewals({ org: 2100 });
    await fetchPorkbun();
    expect(await renewalNotifications(holder.user)).toHaveLength(1);
  });

  it("checks the thresholds: 400 with a message a person understands; left out, the saved ones stay", async () => {
    const who = await userWithConfirmedEmail(w.app(), w.smtp);
    // A first save that leaves one threshold out stores the default for it (10 %, 2.00).
    const first = await savePrefs(who.client, { enabledKinds: ["renewal_price"], renewalUndercut: "1.00" });
    expect(first.body).toMatchObject({ renewalChangePercent: 10, renewalUndercut: "1.00" });
    expect((await savePrefs(who.client, { enabledKinds: ["renewal_price"], renewalChangePercent: 20 })).body).toMatchObject({ renewalChangePercent: 20, renewalUndercut: "1.00" });
    const zero = await savePrefs(who.client, { enabledKinds: ["renewal_price"], renewalChangePercent: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.issues).toEqual([{ field: "renewalChangePercent", message: "The renewal change to tell is at least 1 %" }]);
    const big = await savePrefs(who.client, { enabledKinds: ["renewal_price"], renewalChangePercent: 150 });
    expect(big.body.issues).toEqual([{ field: "renewalChangePercent", message: "The renewal change to tell is at most 100 %" }]);
    const negative = await savePrefs(who.client, { enabledKinds: ["renewal_price"], renewalUndercut: "-1" });
    expect(negative.status).toBe(400);
    expect(negative.body.issues).toEqual([{ field: "renewalUndercut", message: "The saving to tell cannot be negative" }]);
    const words = await savePrefs(who.client, { enabledKinds: ["renewal_price"], renewalUndercut: "two dollars" });
    expect(words.body.issues).toEqual([{ field: "renewalUndercut", message: "Enter the saving as an amount with at most two decimals, like 2.00" }]);

    const saved = await savePrefs(who.client, { enabledKinds: ["renewal_price"], renewalChangePercent: 25, renewalUndercut: 0.5 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ renewalChangePercent: 25, renewalUndercut: "0.50" });
    const kept = await savePrefs(who.client, { enabledKinds: ["renewal_price"] });
    expect(kept.body).toMatchObject({ renewalChangePercent: 25, renewalUndercut: "0.50" });
    const overview = await who.client<{ preferences: { renewalChangePercent: number; renewalUndercut: string } }>("/api/notifications");
    expect(overview.body.preferences).toMatchObject({ renewalChangePercent: 25, renewalUndercut: "0.50" });
  });
});
