/**
 * What a watch tells: a price run that brings a fresh quote to or under the target mails its
 * owner (and posts to their webhook) once per crossing, with the name, price, provider, date,
 * target and currency; a quote that stays under tells nothing more, one that goes above and
 * comes back tells again; stale quotes and a kind switched off tell nothing. A watch whose
 * target is met already when it is added is told at once.
 */
import { and, eq } from "drizzle-orm";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDialect } from "../../db/testing/test-db.ts";
import { waitFor } from "../../jobs/testing/queue-test-kit.ts";
import { findServiceProviderBySlug } from "../../db/repositories/service-provider-repository.ts";
import { createLogger } from "./lib/logger.ts";
import { testPriceSource, usd } from "./testing/test-price-source.ts";
import { runPriceFetch } from "./features/price-engine/fetch-run.ts";
import { userWithConfirmedEmail } from "./testing/notifications.ts";
import { PRICE_EVENTS_QUEUE } from "./features/notifications/price-events.ts";
import { planWatchesOfTlds, WATCHED_TLD } from "./features/notifications/watched-tld-plan.ts";
import type { WatchItem } from "./features/notifications/watched-tlds.ts";
import { daysAgo, setQuotes, useWatchWorker } from "./testing/watched-tlds.ts";

const STALE_DAYS = 90;
const ORIGIN = "https://tldscope.test";
const day = (d: Date) => d.toISOString().slice(0, 10);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

forEachDialect("watched TLD notifications", (getDb, _dialect, getTestDb) => {
  const setup = useWatchWorker(getDb, getTestDb);
  const posted: { body: string }[] = [];
  let receiverUrl: string;
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      posted.push({ body: Buffer.concat(chunks).toString("utf8") });
      res.end("ok");
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => { receiver.closeAllConnections(); receiver.close(() => resolve()); });
  });

  /** A price run as the planner sees it: `tld`'s quote at the first provider set anew, checked now, then the run's evaluation. */
  async function run(tld: string, registration: number, checked = new Date(), others: { registration: number; checked: Date }[] = []) {
    const { tldId, providers } = await setQuotes(getDb(), tld, [{ registration, checked }, ...others]);
    const outcome = await planWatchesOfTlds(getDb(), setup.queue, [tldId], new Date(), STALE_DAYS, ORIGIN);
    return { ...outcome, provider: providers[0]!.name };
  }
  const userAt = async () => userWithConfirmedEmail(setup.app(), setup.smtp);
  const watch = async (client: Awaited<ReturnType<typeof userAt>>["client"], body: Record<string, unknown>) => {
    const added = await client<WatchItem>("/api/notifications/watches", { method: "POST", body });
    expect(added.status).toBe(201);
    return added.body;
  };
  const notificationsOf = async (watchId: number) => {
    const n = getDb().t.notifications;
    return getDb().orm.select().from(n).where(and(eq(n.kind, WATCHED_TLD), eq(n.subjectKey, `watch:${watchId}`)));
  };

  it("mails and posts once when a run brings a fresh .ai quote under the target, not again while it stays under, again after it went above and came back", async () => {
    await setQuotes(getDb(), "ai", [{ registration: 8000, checked: daysAgo(2) }]);
    const owner = await userAt();
    const hook = await owner.client("/api/notifications/webhooks", { method: "POST", body: { url: receiverUrl, format: "generic" } });
    expect(hook.status).toBe(201);
    const w = await watch(owner.client, { tld: ".ai", priceKind: "registration", target: "70" });
    // The evaluation on adding finds $80.00 above the target: nothing told.
    await pause(500);
    expect(await notificationsOf(w.id)).toHaveLength(0);

    const crossed = await run("ai", 6500);
    expect(crossed).toMatchObject({ evaluated: 1, planned: 1, deliveries: 2 });
    const [mail] = await waitFor(() => setup.smtp.mailsTo(owner.email).filter((m) => m.subject?.startsWith(".ai")), (m) => m.length === 1);
    expect(mail!.subject).toBe(`.ai registration is $65.00 at ${crossed.provider}, at or under your $70.00 target`);
    expect(mail!.text).toContain(`.ai registration is $65.00 at ${crossed.provider}, at or under your $70.00 target, checked ${day(new Date())}.`);
    expect(mail!.text).toContain(`${ORIGIN}/tld/ai`);
    const [webhook] = await waitFor(() => posted.filter((p) => p.body.includes("tld.target_reached")), (p) => p.length === 1);
    const message = JSON.parse(webhook!.body) as { type: string; title: string; data: Record<string, unknown> };
    expect(message).toMatchObject({
      type: "tld.target_reached", title: mail!.subject,
      data: { tld: "ai", priceKind: "registration", price: "65.00", target: "70.00", currency: "USD", provider: crossed.provider },
    });

    // The next runs, the quote still under (and a second worker on the same run): nothing more.
    expect((await run("ai", 6400)).planned).toBe(0);
    const twice = await Promise.all([planWatchesOfTlds(getDb(), setup.queue, [w.tld.id], new Date(), STALE_DAYS, ORIGIN),
      planWatchesOfTlds(getDb(), setup.queue, [w.tld.id], new Date(), STALE_DAYS, ORIGIN)]);
    expect(twice.map((o) => o.planned)).toEqual([0, 0]);

    // Above the target, then under again: a new crossing, told once even with two evaluations at once.
    expect((await run("ai", 7500)).planned).toBe(0);
    const { tldId } = await setQuotes(getDb(), "ai", [{ registration: 6800, checked: new Date() }]);
    const again = await Promise.all([planWatchesOfTlds(getDb(), setup.queue, [tldId], new Date(), STALE_DAYS, ORIGIN),
      planWatchesOfTlds(getDb(), setup.queue, [tldId], new Date(), STALE_DAYS, ORIGIN)]);
    expect(again[0].planned + again[1].planned).toBe(1);
    const mails = await waitFor(() => setup.smtp.mailsTo(owner.email).filter((m) => m.subject?.startsWith(".ai")), (m) => m.length === 2);
    expect(mails[1]!.subject).toBe(`.ai registration is $68.00 at ${crossed.provider}, at or under your $70.00 target`);
    await pause(300);
    expect(setup.smtp.mailsTo(owner.email).filter((m) => m.subject?.startsWith(".ai"))).toHaveLength(2);
    expect(await notificationsOf(w.id)).toHaveLength(2);
  });

  it("tells nothing of a stale quote under the target", async () => {
    const owner = await userAt();
    const w = await watch(owner.client, { tld: "io", priceKind: "registration", target: 40 });
    // Fresh at $45.00 (above), stale at $30.00 (under, but last checked 200 days ago).
    const outcome = await run("io", 4500, new Date(), [{ registration: 3000, checked: daysAgo(200) }]);
    expect(outcome).toMatchObject({ evaluated: 1, planned: 0 });
    // The stale quote alone: still nothing.
    expect((await run("io", 3000, daysAgo(STALE_DAYS + 1))).planned).toBe(0);
    await pause(300);
    expect(setup.smtp.mailsTo(owner.email).filter((m) => m.subject?.startsWith(".io"))).toHaveLength(0);
    expect(await notificationsOf(w.id)).toHaveLength(0);
  });

  it("tells nothing when the owner switched the kind off", async () => {
    const owner = await userAt();
    const saved = await owner.client("/api/notifications/preferences", {
      method: "PUT", body: { reminderOffsets: [30], deliveryModes: {}, enabledKinds: ["expiry"], currency: "USD" },
    });
    expect(saved.status).toBe(200);
    const w = await watch(owner.client, { tld: "dev", priceKind: "renewal", target: 20 });
    expect((await run("dev", 1000)).planned).toBe(0);
    await pause(300);
    expect(setup.smtp.mailsTo(owner.email).filter((m) => m.subject?.startsWith(".dev"))).toHaveLength(0);
    expect(await notificationsOf(w.id)).toHaveLength(0);
  });

  it("tells at once when a watch is added with its target met already, in the target's currency with the conversion named", async () => {
    await setQuotes(getDb(), "xyz", [{ registration: 150, checked: daysAgo(1) }]);
    const owner = await userAt();
    await watch(owner.client, { tld: "xyz", priceKind: "registration", target: "5", currency: "EUR" });
    const [mail] = await waitFor(() => setup.smtp.mailsTo(owner.email).filter((m) => m.subject?.startsWith(".xyz")), (m) => m.length === 1);
    expect(mail!.subject).toMatch(/^\.xyz registration is €1\.\d\d at .+, at or under your €5\.00 target$/);
    expect(mail!.text).toMatch(/\(\$1\.50 converted at the ECB rate of \d{4}-\d\d-\d\d\)/);
    expect(mail!.text).toContain(`checked ${day(daysAgo(1))}`);
  });

  it("a price run that brings Porkbun's .ai registration under the target tells the watcher, through the run's event on notifications.price-events", async () => {
    const { orm: db, t } = getDb();
    const porkbun = (await findServiceProviderBySlug(getDb(), "porkbun"))!;
    const [ai] = await db.select({ id: t.tlds.id }).from(t.tlds).where(eq(t.tlds.name, "ai"));
    await db.delete(t.domainPrices).where(eq(t.domainPrices.tldId, ai!.id));
    const owner = await userAt();
    await watch(owner.client, { tld: "ai", priceKind: "registration", target: "62.50" });
    const runWith = (registration: number, renewal = 9000) => runPriceFetch({
      db: getDb(), log: createLogger("silent"), onPricesChanged: () => undefined, fetchTimeoutMs: 5000, staleDays: STALE_DAYS,
      sources: { live: new Map([["porkbun", testPriceSource("porkbun", async () => ({ observedAt: new Date(), quotes: [usd("ai", registration, renewal)], skipped: [] }))]]), bundled: () => null },
      // As src/server/jobs.ts wires it: one job per run on the notifications' queue.
      onPricesApplied: async (event) => void await setup.queue.send(PRICE_EVENTS_QUEUE, { ...event, observedAt: event.observedAt.toISOString() }),
    }, { providerKey: "porkbun", requestType: "provider", source: "auto" }, new AbortController().signal);
    // $69.00 (a new quote, renewal included): above the target, nothing told.
    expect((await runWith(6900))!.status).toBe("success");
    await pause(800);
    expect(setup.smtp.mailsTo(owner.email).filter((m) => m.subject?.startsWith(".ai"))).toHaveLength(0);
    // $62.50, the renewal unchanged: the run's changed TLDs bring the watch its evaluation.
    expect((await runWith(6250))!.status).toBe("success");
    const [mail] = await waitFor(() => setup.smtp.mailsTo(owner.email).filter((m) => m.subject?.startsWith(".ai")), (m) => m.length === 1);
    expect(mail!.subject).toBe(`.ai registration is $62.50 at ${porkbun.name}, at or under your $62.50 target`);
    expect(mail!.text).toContain(`checked ${day(new Date())}`);
    // The next run, a renewal change only, the registration still under: nothing more.
    expect((await runWith(6250, 9100))!.status).toBe("success");
    await pause(800);
    expect(setup.smtp.mailsTo(owner.email).filter((m) => m.subject?.startsWith(".ai"))).toHaveLength(1);
  });
});
