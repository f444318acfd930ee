import { beforeEach, expect, it } from "vitest";
import { forEachDialect } from "../testing/test-db.ts";
import { listDomainEvents, listDomainNotificationSettings, recordDomainEvents, setDomainNotificationSetting } from "./domain-event-repository.ts";

forEachDialect("domain event repository", (getDb) => {
  let domainId: number;
  beforeEach(async () => {
    const { orm, t } = getDb();
    await orm.delete(t.users);
    const [user] = await orm.insert(t.users).values({ email: `events-${Date.now()}@example.com`, firstName: "Eve" }).returning({ id: t.users.id });
    const [tld] = await orm.select({ id: t.tlds.id }).from(t.tlds).limit(1);
    let tldId = tld?.id;
    if (tldId === undefined) {
      const [created] = await orm.insert(t.tlds).values({ name: "com", description: "Commercial", category: "generic", ianaType: "generic", isActive: true }).returning({ id: t.tlds.id });
      tldId = created!.id;
    }
    const [entry] = await orm.insert(t.userDomains).values({ userId: user!.id, domainName: "example.com", tldId }).returning({ id: t.userDomains.id });
    domainId = entry!.id;
  });

  it("keeps events with their old and new values and pages them newest first", async () => {
    const at = (m: number) => new Date(Date.UTC(2026, 10, 1, 12, m));
    await recordDomainEvents(getDb(), [
      { userDomainId: domainId, category: "registry", kind: "registry_check", severity: "info", occurredAt: at(0) },
      { userDomainId: domainId, category: "registry", kind: "registrar_changed", oldValue: { ianaId: 1068, name: "NameCheap, Inc." }, newValue: { ianaId: 1861, name: "Porkbun LLC" }, occurredAt: at(5) },
      { userDomainId: domainId, category: "dns", kind: "dns_changed", subject: "MX", oldValue: ["10 mx1.example.net."], newValue: [], occurredAt: at(5) },
    ]);
    const first = await listDomainEvents(getDb(), domainId, { limit: 2 });
    expect(first.map((e) => e.kind)).toEqual(["dns_changed", "registrar_changed"]);
    expect(first[1]).toMatchObject({ severity: "alarm", subject: null, oldValue: { ianaId: 1068, name: "NameCheap, Inc." }, newValue: { ianaId: 1861, name: "Porkbun LLC" } });
    expect(first[0]!.newValue).toEqual([]);
    const rest = await listDomainEvents(getDb(), domainId, { limit: 2, before: first[1]! });
    expect(rest.map((e) => [e.kind, e.severity, e.oldValue])).toEqual([["registry_check", "info", null]]);
    expect((await listDomainEvents(getDb(), domainId, { limit: 10, categories: ["dns"] })).map((e) => e.subject)).toEqual(["MX"]);
  });

  it("sets, changes and clears an entry's own switches", async () => {
    await setDomainNotificationSetting(getDb(), domainId, "dns_change", true);
    await setDomainNotificationSetting(getDb(), domainId, "dns:TXT", false);
    await setDomainNotificationSetting(getDb(), domainId, "dns_change", false);
    expect([...(await listDomainNotificationSettings(getDb(), [domainId])).get(domainId)!]).toEqual(expect.arrayContaining([["dns_change", false], ["dns:TXT", false]]));
    await setDomainNotificationSetting(getDb(), domainId, "dns_change", null);
    await setDomainNotificationSetting(getDb(), domainId, "dns:TXT", null);
    expect((await listDomainNotificationSettings(getDb(), [domainId])).size).toBe(0);
  });

  it("goes with its entry", async () => {
    await recordDomainEvents(getDb(), [{ userDomainId: domainId, category: "certificate", kind: "certificate_invalid", subject: "www.example.com:443", occurredAt: new Date() }]);
    await setDomainNotificationSetting(getDb(), domainId, "certificate", false);
    const { orm, t } = getDb();
    await orm.delete(t.userDomains);
    expect(await listDomainEvents(getDb(), domainId, { limit: 5 })).toEqual([]);
    expect((await listDomainNotificationSettings(getDb(), [domainId])).size).toBe(0);
  });
});
