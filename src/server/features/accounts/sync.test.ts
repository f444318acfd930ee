import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { createTestQueue, listSchedules, waitFor } from "../../../../jobs/testing/queue-test-kit.ts";
import { makeDomains, type FakeDomain } from "../../integrations/registrars/testing/fake-state.ts";
import { authed, registerUser } from "../../testing/auth.ts";
import { addPorkbunAccount, appFor, portfolioOf, syncDeps, usePorkbun, userIdOf } from "../../testing/registrar-accounts.ts";
import { SYNC_ALL_QUEUE, SYNC_QUEUE, syncSingletonKey } from "./deps.ts";
import type { AccountItem } from "./item.ts";
import { DAILY_SYNC_CRON, registerAccountJobs } from "./jobs.ts";
import { syncRegistrarAccount } from "./sync.ts";

forEachDialect("registrar account sync", (getDb, _dialect, getTestDb) => {
  let alice: ReturnType<typeof authed>;
  let aliceId: number;
  let bobId: number;
  let accountId: number;
  const domains: FakeDomain[] = [
    ...makeDomains(4, ["com", "net"]),
    { name: "handmade.org", created: "2019-01-02", expires: "2030-01-02", autoRenew: true, locked: true, privacy: false },
    { name: "odd.notatld", created: "2019-01-02", expires: "2030-01-02", autoRenew: true, locked: true, privacy: false },
  ];
  const porkbun = usePorkbun(domains);
  const app = () => appFor(getDb(), porkbun.server.url);
  const deps = () => syncDeps(getDb(), porkbun.server.url);

  /** Each test: the registrar lists `domains` again, and a new Alice (one domain added by hand, her Porkbun account connected, never synced) and Bob. */
  beforeEach(async () => {
    const a = await registerUser(app());
    const b = await registerUser(app());
    alice = authed(app(), a.cookie);
    const bob = authed(app(), b.cookie);
    aliceId = await userIdOf(getDb(), a.email);
    bobId = await userIdOf(getDb(), b.email);
    // Alice added one domain by hand; Bob holds one of the same names in his own portfolio.
    await alice("/api/user-domains", { method: "POST", body: { domainName: "handmade.org", notes: "mine", autoRenew: false } });
    await bob("/api/user-domains", { method: "POST", body: { domainName: domains[0]!.name, notes: "bob's" } });
    accountId = await addPorkbunAccount(getDb(), alice, porkbun);
  });

  it("adds new domains, links the hand-added one, skips unknown TLDs and leaves other users alone", async () => {
    const outcome = await syncRegistrarAccount(deps(), accountId);
    expect(outcome).toMatchObject({ status: "synced", log: { domainsFound: 6, newDomains: 4, updatedDomains: 1, skippedDomains: 1, error: null } });
    const mine = await portfolioOf(getDb(), aliceId);
    expect(mine.map((d) => [d.name, d.source, d.accountId])).toEqual([
      ["handmade.org", "manual", accountId],
      ...domains.slice(0, 4).map((d) => [d.name, "sync", accountId]).sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    ]);
    const handmade = mine.find((d) => d.name === "handmade.org")!;
    expect(handmade).toMatchObject({ notes: "mine", expirationDate: "2030-01-02", autoRenew: true, isLocked: true, privacyEnabled: false });
    expect(await portfolioOf(getDb(), bobId)).toEqual([expect.objectContaining({ name: domains[0]!.name, source: "manual", accountId: null, notes: "bob's" })]);
    const items = (await alice<{ data: { domainName: string; source: string; registrarAccount: unknown }[] }>("/api/user-domains?limit=100")).body.data;
    expect(items.find((d) => d.domainName === "handmade.org")).toMatchObject({ source: "manual", registrarAccount: { id: accountId, label: "Porkbun" } });
    expect(items.find((d) => d.domainName === domains[0]!.name)).toMatchObject({ source: "sync", registrarAccount: { id: accountId, label: "Porkbun" } });
    const [account] = (await alice<AccountItem[]>("/api/registrar-accounts")).body;
    expect(account).toMatchObject({ status: "active", domainCount: 5, removableDomainCount: 4, lastSyncAt: expect.any(String), lastSyncLog: { newDomains: 4 } });
  });

  it("counts only real changes on the next sync", async () => {
    await syncRegistrarAccount(deps(), accountId);
    porkbun.account.domains[1] = { ...porkbun.account.domains[1]!, expires: "2040-05-05" };
    const outcome = await syncRegistrarAccount(deps(), accountId);
    expect(outcome).toMatchObject({ log: { newDomains: 0, updatedDomains: 1 } });
    const row = (await portfolioOf(getDb(), aliceId)).find((d) => d.name === domains[1]!.name);
    expect(row?.expirationDate).toBe("2040-05-05");
  });

  it("keeps the last good portfolio when the list fails halfway, and marks the account", async () => {
    await syncRegistrarAccount(deps(), accountId);
    const before = await portfolioOf(getDb(), aliceId);
    porkbun.account.domains.push({ ...domains[2]!, name: "late-arrival.com" });
    porkbun.account.faultAt = () => ({ kind: "cut" });
    await expect(syncRegistrarAccount(deps(), accountId)).rejects.toThrow(/Porkbun/);
    porkbun.account.faultAt = undefined;
    expect(await portfolioOf(getDb(), aliceId)).toEqual(before);
    const [account] = (await alice<AccountItem[]>("/api/registrar-accounts")).body;
    expect(account).toMatchObject({ status: "error", errorMessage: expect.stringMatching(/Porkbun/), lastSyncLog: { error: expect.any(String) } });
    expect(account!.errorMessage).not.toContain(porkbun.account.secretKey);
    await syncRegistrarAccount(deps(), accountId);
    const [recovered] = (await alice<AccountItem[]>("/api/registrar-accounts")).body;
    expect(recovered).toMatchObject({ status: "active", errorMessage: null, domainCount: 6 });
  });

  it("never syncs a disabled account", async () => {
    const { orm: db, t } = getDb();
    await db.update(t.registrarAccounts).set({ isActive: false }).where(eq(t.registrarAccounts.id, accountId));
    const calls = porkbun.account.listCalls;
    expect(await syncRegistrarAccount(deps(), accountId)).toEqual({ status: "skipped", reason: "disabled" });
    expect(porkbun.account.listCalls).toBe(calls);
    await db.update(t.registrarAccounts).set({ isActive: true }).where(eq(t.registrarAccounts.id, accountId));
  });

  it("registers the job handlers and a daily tick that queues every active account", async () => {
    // The real queue of the dialect, running handlers here as a worker process does.
    const queue = createTestQueue(getTestDb());
    await queue.start({ work: true });
    try {
      await registerAccountJobs(queue, deps());
      const daily = (await listSchedules(getTestDb())).find((s) => s.name === SYNC_ALL_QUEUE && s.key === "daily");
      expect(daily).toEqual({ name: SYNC_ALL_QUEUE, key: "daily", cron: DAILY_SYNC_CRON, data: {} });
      const first = porkbun.account.domains[0]!;
      porkbun.account.domains[0] = { ...first, expires: "2041-01-01" };
      const listed = porkbun.account.listCalls;

      // What the daily tick sends; its handler queues one sync per active account, which runs here.
      const tick = await queue.send(SYNC_ALL_QUEUE, daily!.data);
      await waitFor(() => queue.getJob(SYNC_ALL_QUEUE, tick!), (j) => j?.state === "completed");
      await waitFor(() => queue.counts(SYNC_QUEUE), (c) => c.queued === 0 && c.active === 0);
      expect((await portfolioOf(getDb(), aliceId)).find((d) => d.name === first.name)?.expirationDate).toBe("2041-01-01");
      expect(porkbun.account.listCalls).toBeGreaterThan(listed);

      porkbun.account.faultAt = () => ({ status: 401 });
      // Sent as Sync Now sends it: no retry, the next request or tick tries again.
      const failing = await queue.send(SYNC_QUEUE, { accountId }, { singletonKey: syncSingletonKey(accountId), retryLimit: 0 });
      const failed = await waitFor(() => queue.getJob(SYNC_QUEUE, failing!), (j) => j?.state === "failed" || j?.state === "completed");
      porkbun.account.faultAt = undefined;
      expect(failed?.state).toBe("failed");
    } finally {
      porkbun.account.faultAt = undefined;
      await queue.stop();
    }
  });

  it("deletes the account with the domains it brought in and unlinks the hand-added one", async () => {
    await syncRegistrarAccount(deps(), accountId);
    const res = await alice<{ removedDomains: number; unlinkedDomains: number }>(`/api/registrar-accounts/${accountId}`, { method: "DELETE" });
    expect(res).toMatchObject({ status: 200, body: { removedDomains: 4, unlinkedDomains: 1 } });
    expect(await portfolioOf(getDb(), aliceId)).toEqual([expect.objectContaining({ name: "handmade.org", source: "manual", accountId: null, notes: "mine" })]);
    expect(await portfolioOf(getDb(), bobId)).toHaveLength(1);
    expect((await alice<AccountItem[]>("/api/registrar-accounts")).body).toEqual([]);
  });
});
