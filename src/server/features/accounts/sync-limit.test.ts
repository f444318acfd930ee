import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { makeDomains } from "../../integrations/registrars/testing/fake-state.ts";
import { authed, registerUser } from "../../testing/auth.ts";
import { addPorkbunAccount, appFor, portfolioOf, startPorkbun, syncDeps, userIdOf } from "../../testing/registrar-accounts.ts";
import type { AccountItem } from "./item.ts";
import { syncRegistrarAccount } from "./sync.ts";

forEachDialect("a registrar sync past the portfolio limit", (getDb) => {
  let porkbun: Awaited<ReturnType<typeof startPorkbun>>;
  let alice: ReturnType<typeof authed>;
  let aliceId: number;
  let accountId: number;
  const listed = makeDomains(4, ["com"]);
  const app = () => appFor(getDb(), porkbun.server.url);
  const depsWithLimit = (max: number) => {
    const deps = syncDeps(getDb(), porkbun.server.url);
    return { ...deps, config: { ...deps.config, PORTFOLIO_MAX_DOMAINS: max } };
  };

  beforeAll(async () => {
    porkbun = await startPorkbun(listed);
  });
  // Each test: a new Alice with her own portfolio and account.
  beforeEach(async () => {
    const a = await registerUser(app());
    alice = authed(app(), a.cookie);
    aliceId = await userIdOf(getDb(), a.email);
    // Two hand-added domains, one of which the registrar also lists.
    await alice("/api/user-domains", { method: "POST", body: { domainName: "handmade.org", notes: "mine" } });
    await alice("/api/user-domains", { method: "POST", body: { domainName: listed[0]!.name, notes: "typed in" } });
    accountId = await addPorkbunAccount(getDb(), alice, porkbun);
  });
  afterAll(() => porkbun.server.close());

  it("stores nothing, refreshes nothing, and marks the account with a message naming the limit", async () => {
    const before = await portfolioOf(getDb(), aliceId);
    // 2 held + 3 new = 5 > 4.
    await expect(syncRegistrarAccount(depsWithLimit(4), accountId)).rejects.toThrow(/limit of 4 domains per account/);
    expect(await portfolioOf(getDb(), aliceId)).toEqual(before);
    const [account] = (await alice<AccountItem[]>("/api/registrar-accounts")).body;
    const message = "The registrar lists 3 domains not yet in your portfolio, which holds 2: that passes the limit of 4 domains per account " +
      "(2 domains more fit). Nothing was synced; remove domains from your portfolio, then sync again";
    expect(account).toMatchObject({ status: "error", errorMessage: message, lastSyncLog: { domainsFound: 4, newDomains: 0, error: message } });
  });

  it("syncs when the new domains fit exactly", async () => {
    const outcome = await syncRegistrarAccount(depsWithLimit(5), accountId);
    expect(outcome).toMatchObject({ status: "synced", log: { newDomains: 3, error: null } });
    expect(await portfolioOf(getDb(), aliceId)).toHaveLength(5);
  });
});
