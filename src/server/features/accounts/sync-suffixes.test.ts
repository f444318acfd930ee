import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import type { FakeDomain } from "../../integrations/registrars/testing/fake-state.ts";
import { authed, registerUser } from "../../testing/auth.ts";
import { addPorkbunAccount, appFor, startPorkbun, syncDeps, userIdOf } from "../../testing/registrar-accounts.ts";
import { syncRegistrarAccount } from "./sync.ts";

const domain = (name: string): FakeDomain => ({ name, created: "2020-03-04", expires: "2031-03-04", autoRenew: false, locked: true, privacy: true });

forEachDialect("registrar account sync of second-level domains", (getDb) => {
  let porkbun: Awaited<ReturnType<typeof startPorkbun>>;
  let userId: number;
  let accountId: number;
  const app = () => appFor(getDb(), porkbun.server.url);

  beforeAll(async () => {
    porkbun = await startPorkbun([domain("synced.co.uk"), domain("synced.com.au"), domain("plain.uk")]);
    const user = await registerUser(app());
    userId = await userIdOf(getDb(), user.email);
    accountId = await addPorkbunAccount(getDb(), authed(app(), user.cookie), porkbun);
  });
  afterAll(() => porkbun.server.close());

  it("files each domain under its longest catalogue suffix", async () => {
    expect(await syncRegistrarAccount(syncDeps(getDb(), porkbun.server.url), accountId)).toMatchObject({ status: "synced", log: { newDomains: 3, skippedDomains: 0 } });
    const { orm: db, t } = getDb();
    const rows = await db.select({ domain: t.userDomains.domainName, tld: t.tlds.name }).from(t.userDomains)
      .innerJoin(t.tlds, eq(t.tlds.id, t.userDomains.tldId)).where(eq(t.userDomains.userId, userId)).orderBy(t.userDomains.domainName);
    expect(rows).toEqual([
      { domain: "plain.uk", tld: "uk" },
      { domain: "synced.co.uk", tld: "co.uk" },
      { domain: "synced.com.au", tld: "com.au" },
    ]);
  });
});
