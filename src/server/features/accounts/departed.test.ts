import { beforeEach, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { makeDomains, type FakeDomain } from "../../integrations/registrars/testing/fake-state.ts";
import { authed, registerUser } from "../../testing/auth.ts";
import { addPorkbunAccount, appFor, portfolioOf, syncDeps, usePorkbun, userIdOf } from "../../testing/registrar-accounts.ts";
import type { AccountItem } from "./item.ts";
import { syncRegistrarAccount } from "./sync.ts";

type Entry = { id: number; domainName: string; source: string; registrarAccount: { id: number; label: string } | null; departedAt: string | null };

forEachDialect("domains that left a registrar account", (getDb) => {
  let alice: ReturnType<typeof authed>;
  let bob: ReturnType<typeof authed>;
  let aliceId: number;
  let bobId: number;
  let accountId: number;
  const domains: FakeDomain[] = makeDomains(4, ["com", "net"]);
  const [gone, alsoGone] = [domains[0]!.name, domains[1]!.name];
  const porkbun = usePorkbun(domains);
  const app = () => appFor(getDb(), porkbun.server.url);
  const sync = () => syncRegistrarAccount(syncDeps(getDb(), porkbun.server.url), accountId);
  const entries = async (call = alice) => (await call<{ data: Entry[] }>("/api/user-domains?limit=100")).body.data;
  const entry = async (name: string, call = alice) => (await entries(call)).find((d) => d.domainName === name);
  const lastLog = async () => (await alice<AccountItem[]>("/api/registrar-accounts")).body[0]!.lastSyncLog;
  /** The registrar stops listing these names. */
  const drop = (...names: string[]) => {
    porkbun.account.domains = porkbun.account.domains.filter((d) => !names.includes(d.name));
  };

  /** Each test: a new Alice whose Porkbun account lists `domains` and was synced once, and Bob holding the name that leaves. */
  beforeEach(async () => {
    const a = await registerUser(app());
    const b = await registerUser(app());
    alice = authed(app(), a.cookie);
    bob = authed(app(), b.cookie);
    aliceId = await userIdOf(getDb(), a.email);
    bobId = await userIdOf(getDb(), b.email);
    await bob("/api/user-domains", { method: "POST", body: { domainName: gone, notes: "bob's" } });
    accountId = await addPorkbunAccount(getDb(), alice, porkbun);
    await sync();
  });

  it("marks a domain the account no longer lists, keeps the day it was first noticed and counts it in the sync log", async () => {
    drop(gone, alsoGone);
    const before = Date.now();
    const outcome = await sync();
    expect(outcome).toMatchObject({ status: "synced", log: { domainsFound: 2, newDomains: 0, departedDomains: 2, error: null } });
    const marked = await entry(gone);
    expect(marked).toMatchObject({ source: "sync", registrarAccount: { id: accountId, label: "Porkbun" }, departedAt: expect.any(String) });
    const since = Date.parse(marked!.departedAt!);
    expect(since).toBeGreaterThanOrEqual(before - 1000);
    expect(since).toBeLessThanOrEqual(Date.now());
    expect((await entry(domains[2]!.name))?.departedAt).toBeNull();
    expect(await lastLog()).toMatchObject({ departedDomains: 2, error: null });

    await sync();
    expect((await entry(gone))?.departedAt).toBe(marked!.departedAt);
    expect(await lastLog()).toMatchObject({ departedDomains: 2 });
    // Bob's entry under the same name is his own, untouched.
    expect(await entry(gone, bob)).toMatchObject({ source: "manual", registrarAccount: null, departedAt: null });
  });

  it("marks nothing when the sync fails: a body cut off, an error answer", async () => {
    drop(gone);
    for (const fault of [{ kind: "cut" as const }, { status: 500 as const }]) {
      porkbun.account.faultAt = () => fault;
      await expect(sync()).rejects.toThrow(/Porkbun/);
      porkbun.account.faultAt = undefined;
      expect((await entries()).filter((d) => d.departedAt !== null)).toEqual([]);
      expect(await lastLog()).toMatchObject({ error: expect.any(String), newDomains: 0 });
      expect((await lastLog())?.departedDomains).toBeUndefined();
    }
    // The same listing, read whole, does mark it.
    expect(await sync()).toMatchObject({ log: { departedDomains: 1 } });
    expect((await entry(gone))?.departedAt).toEqual(expect.any(String));
  });

  it("marks nothing when the listing stops after its first page", async () => {
    porkbun.account.domains = [...domains, ...makeDomains(1001, ["com"], "page")].map((d) => ({ ...d }));
    expect(await sync()).toMatchObject({ log: { domainsFound: 1005, newDomains: 1001, departedDomains: 0 } });
    // The next listing drops one name; its first page answers, the second (from 1000) fails however often it is asked.
    drop(gone);
    const firstPage = porkbun.account.listCalls + 1;
    porkbun.account.faultAt = (call) => (call > firstPage ? { status: 500 } : undefined);
    await expect(sync()).rejects.toThrow(/Porkbun/);
    porkbun.account.faultAt = undefined;
    expect(porkbun.account.listCalls).toBeGreaterThan(firstPage);
    expect(await portfolioOf(getDb(), aliceId)).toHaveLength(1005);
    expect((await alice<{ data: Entry[] }>("/api/user-domains?limit=100&search=name-")).body.data.map((d) => [d.domainName, d.departedAt]))
      .toEqual(domains.map((d) => [d.name, null]));
    expect(await sync()).toMatchObject({ log: { domainsFound: 1004, departedDomains: 1 } });
    expect((await entry(gone))?.departedAt).toEqual(expect.any(String));
  });

  it("clears the mark when the domain shows up in a later sync", async () => {
    drop(gone);
    await sync();
    expect((await entry(gone))?.departedAt).toEqual(expect.any(String));
    porkbun.account.domains = domains.map((d) => ({ ...d }));
    const outcome = await sync();
    expect(outcome).toMatchObject({ log: { newDomains: 0, updatedDomains: 1, departedDomains: 0 } });
    expect(await entry(gone)).toMatchObject({ source: "sync", registrarAccount: { id: accountId }, departedAt: null });
  });

  it("keeps a departed domain as hand-added, detached from the account, and a later sync leaves it alone", async () => {
    drop(gone);
    await sync();
    const { id } = (await entry(gone))!;
    const kept = await alice<Entry>(`/api/user-domains/${id}/keep-as-hand-added`, { method: "POST" });
    expect(kept).toMatchObject({ status: 200, body: { id, domainName: gone, source: "manual", registrarAccount: null, departedAt: null } });
    const outcome = await sync();
    expect(outcome).toMatchObject({ log: { departedDomains: 0 } });
    expect(await entry(gone)).toMatchObject({ source: "manual", registrarAccount: null, departedAt: null });
    // Deleting the account now leaves it, as it leaves every hand-added entry.
    const [account] = (await alice<AccountItem[]>("/api/registrar-accounts")).body;
    expect(account).toMatchObject({ domainCount: 3, removableDomainCount: 3 });
  });

  it("keeps one through tRPC too, and refuses an entry the account still lists or another user's", async () => {
    drop(gone);
    await sync();
    const { id } = (await entry(gone))!;
    const listed = (await entry(domains[2]!.name))!;
    const refused = await alice<{ message: string }>(`/api/user-domains/${listed.id}/keep-as-hand-added`, { method: "POST" });
    expect(refused).toMatchObject({ status: 409, body: { message: "This domain is not marked as no longer in its registrar account, so there is nothing to keep" } });
    expect(await entry(listed.domainName)).toMatchObject({ source: "sync", registrarAccount: { id: accountId } });
    const byBob = await bob<{ message: string }>(`/api/user-domains/${id}/keep-as-hand-added`, { method: "POST" });
    expect(byBob).toMatchObject({ status: 404, body: { message: "Domain not found" } });
    expect((await entry(gone))?.departedAt).toEqual(expect.any(String));

    const viaTrpc = await alice<{ result: { data: Entry } }>("/trpc/portfolio.keepAsHandAdded", { method: "POST", body: { id } });
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.body.result.data).toMatchObject({ id, source: "manual", registrarAccount: null, departedAt: null });
  });

  it("removes a departed domain from its owner's portfolio only", async () => {
    drop(gone);
    await sync();
    const { id, departedAt } = (await entry(gone))!;
    expect(departedAt).toEqual(expect.any(String));
    const removed = await alice(`/api/user-domains/${id}`, { method: "DELETE" });
    expect(removed).toMatchObject({ status: 200, body: { id, removed: true } });
    expect((await portfolioOf(getDb(), aliceId)).map((d) => d.name)).toEqual(domains.slice(1).map((d) => d.name).sort());
    expect(await portfolioOf(getDb(), bobId)).toEqual([expect.objectContaining({ name: gone, source: "manual", accountId: null, notes: "bob's" })]);
    expect(await sync()).toMatchObject({ log: { departedDomains: 0 } });
  });
});
