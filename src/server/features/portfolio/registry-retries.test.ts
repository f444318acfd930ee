/**
 * A failed registry lookup is tried again after 5 minutes, 15 minutes, 1 hour, 6 hours and then
 * daily, on a fake clock: runs in between look nothing up, and the first answer that works ends
 * the backoff. The run is driven directly (no queue), over a loopback RDAP server, on both
 * databases.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { upsertUserDomains } from "../../../../db/repositories/user-domain-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { PUBLIC_WEB } from "../../integrations/net/address-policy.ts";
import { bundledBootstrap } from "../../integrations/rdap/bootstrap.ts";
import { RdapClient } from "../../integrations/rdap/client.ts";
import { startFakeRdap, type FakeRdap } from "../../integrations/rdap/testing/fake-rdap.ts";
import { verisignAnswer } from "../../integrations/rdap/testing/rdap-answers.ts";
import { runRegistryChecks } from "./registry-check.ts";
import { RegistryLookups } from "./registry-lookups.ts";

const DATES = { registration: "2015-03-02T18:20:11Z", expiration: "2031-03-02T18:20:11Z", lastChanged: "2025-02-14T09:01:55Z" };
const MINUTE = 60_000;

forEachDialect("registry lookups that recover", (getDb) => {
  let fake: FakeRdap;
  beforeAll(async () => {
    fake = await startFakeRdap();
  });
  afterAll(() => fake.server.close());

  it("tries a failed lookup again after 5 min, 15 min, 1 h, 6 h, then daily, and nothing in between", async () => {
    const { orm: db, t } = getDb();
    const [user] = await db.insert(t.users).values({ email: `retry-${Date.now()}@example.invalid` }).returning({ id: t.users.id });
    const [com] = await db.select({ id: t.tlds.id }).from(t.tlds).where(eq(t.tlds.name, "com"));
    const name = `retry-${user!.id}.com`;
    await upsertUserDomains(getDb(), user!.id, [{
      domainName: name, tldId: com!.id, serviceProviderId: null, registrationDate: null, expirationDate: null, autoRenew: null, notes: null,
    }]);
    const [entry] = await db.select({ id: t.userDomains.id }).from(t.userDomains).where(eq(t.userDomains.domainName, name));
    fake.answers.set(name, { kind: "raw", status: 503, body: "down for maintenance" });

    // Far from the real clock, so nothing else's runs (or the real date) interfere.
    let now = Date.parse("2031-06-01T12:00:00Z");
    const rdap = new RdapClient({
      bootstrap: () => bundledBootstrap(), baseUrlOverride: fake.baseUrl, network: PUBLIC_WEB, maxInFlightPerServer: 2, requestsPerSecondPerServer: 1000, cacheSeconds: 0, now: () => now,
    });
    const run = () => runRegistryChecks({ db: getDb(), lookups: new RegistryLookups(rdap, null), now: () => new Date(now) }, { pollMs: 10 });
    const record = async () => (await db.select().from(t.domainRegistryRecords).where(eq(t.domainRegistryRecords.userDomainId, entry!.id)))[0]!;
    const requests = () => fake.requests.filter((r) => r === name).length;

    const waits = [5 * MINUTE, 15 * MINUTE, 60 * MINUTE, 6 * 60 * MINUTE, 24 * 60 * MINUTE, 24 * 60 * MINUTE];
    expect((await run()).checked).toBe(1);
    for (const [i, wait] of waits.entries()) {
      const failed = await record();
      expect(failed).toMatchObject({ outcome: "error", failures: i + 1, claimedUntil: null });
      expect(failed.nextCheckAt.getTime() - now).toBe(wait);
      // A minute before the next try, a run looks nothing up.
      now += wait - MINUTE;
      expect((await run()).checked).toBe(0);
      expect(requests()).toBe(i + 1);
      now += MINUTE;
      if (i === waits.length - 1) fake.answers.set(name, { kind: "json", body: verisignAnswer(name, DATES) });
      expect((await run()).checked).toBe(1);
      expect(requests()).toBe(i + 2);
    }
    const recovered = await record();
    expect(recovered).toMatchObject({ outcome: "ok", failures: 0, errorReason: null, expirationDate: "2031-03-02", protocol: "rdap" });
    // Back to the ordinary schedule: weekly, far from its expiry.
    expect(recovered.nextCheckAt.getTime() - now).toBe(7 * 24 * 60 * MINUTE);
  });
});
