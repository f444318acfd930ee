import { inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { insertFinishedLog } from "../../../../db/repositories/price-log-repository.ts";
import { findServiceProviderBySlug } from "../../../../db/repositories/service-provider-repository.ts";
import { PROVIDERS } from "../../../../db/seed/providers.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { createTestApp, getJson } from "../../testing/test-app.ts";

forEachDialect("catalogue API", (getDb) => {
  const app = () => createTestApp(getDb());

  it("GET /api/tlds/{id} answers by name, dotted name, Unicode name and numeric id", async () => {
    const com = await getJson<{ id: number; name: string; category: string; registryOperator: string; isActive: boolean }>(app(), "/api/tlds/com");
    expect(com.status).toBe(200);
    expect(com.body).toMatchObject({ name: "com", category: "generic", isActive: true, registryOperator: "VeriSign Global Registry Services" });
    expect((await getJson(app(), "/api/tlds/.com")).body).toEqual(com.body);
    expect((await getJson(app(), `/api/tlds/${com.body.id}`)).body).toEqual(com.body);
    const rf = await getJson<{ name: string; unicodeName: string }>(app(), `/api/tlds/${encodeURIComponent("рф")}`);
    expect(rf.body).toMatchObject({ name: "xn--p1ai", unicodeName: "рф" });
  });

  it("answers 404 with a message for an unknown TLD", async () => {
    const { status, body } = await getJson<{ message: string }>(app(), "/api/tlds/doesnotexist");
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'TLD "doesnotexist" not found' });
    expect((await getJson(app(), "/api/tlds/999999")).status).toBe(404);
  });

  it("GET /api/stats counts the catalogue from data", async () => {
    const { body } = await getJson<Record<string, number>>(app(), "/api/stats");
    expect(body).toMatchObject({ tlds: 1437, knownRegistrars: 3020, serviceProviders: PROVIDERS.length });
    expect(body.registryOperators).toBeGreaterThan(700);
  });

  it("GET /api/registry-operators lists operators with the TLDs they manage", async () => {
    const { body } = await getJson<{ name: string; tldCount: number; tlds: string[] }[]>(app(), "/api/registry-operators");
    const verisign = body.find((o) => o.name === "VeriSign Global Registry Services")!;
    expect(verisign.tlds).toEqual(expect.arrayContaining(["com", "net"]));
    expect(verisign.tldCount).toBe(verisign.tlds.length);
    const counts = body.map((o) => o.tldCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it("GET /api/registry-operators counts each operator's country-code TLDs, and catalogue.registryOperators answers the same", async () => {
    const { body } = await getJson<{ name: string; tldCount: number; countryCodeCount: number; tlds: string[] }[]>(app(), "/api/registry-operators");
    const verisign = body.find((o) => o.name === "VeriSign Global Registry Services")!;
    // com and net are generic; cc (Cocos Islands) and tv (Tuvalu) are country codes VeriSign runs.
    const ccTlds = verisign.tlds.filter((name) => name.length === 2);
    expect(verisign.countryCodeCount).toBe(ccTlds.length);
    const everyTld = body.flatMap((o) => o.tlds);
    expect(new Set(everyTld).size).toBe(everyTld.length);
    const de = body.find((o) => o.tlds.includes("de"))!;
    expect(de).toMatchObject({ countryCodeCount: de.tldCount });
    const twin = await getJson<{ result: { data: unknown } }>(app(), "/trpc/catalogue.registryOperators");
    expect(twin.body.result.data).toEqual(body);
  });

  it("GET /api/registry-operators gives the Unicode name of each IDN TLD by its ASCII name: xn--p1ai is рф, com has none", async () => {
    type Op = { name: string; tlds: string[]; unicodeNames: Record<string, string> };
    const { body } = await getJson<Op[]>(app(), "/api/registry-operators");
    for (const op of body) for (const name of Object.keys(op.unicodeNames)) expect(op.tlds).toContain(name);
    const rf = body.find((o) => o.tlds.includes("xn--p1ai"))!;
    expect(rf.unicodeNames["xn--p1ai"]).toBe("рф");
    const verisign = body.find((o) => o.tlds.includes("com"))!;
    expect(verisign.unicodeNames).not.toHaveProperty("com");
    expect(Object.keys(verisign.unicodeNames).every((name) => name.startsWith("xn--"))).toBe(true);
    const twin = await getJson<{ result: { data: Op[] } }>(app(), "/trpc/catalogue.registryOperators");
    expect(twin.body.result.data.find((o) => o.tlds.includes("xn--p1ai"))!.unicodeNames).toEqual(rf.unicodeNames);
  });

  it("lists an operator once when its name is stored in two spellings, with the TLDs of both", async () => {
    const { orm: db, t } = getDb();
    const spellings = ["Example Registry, Inc.", "example  registry inc"];
    const ops = await db.insert(t.registryOperators).values(spellings.map((name) => ({ name }))).returning({ id: t.registryOperators.id });
    await db.insert(t.tlds).values([
      { name: "exampleone", description: "test", category: "generic", ianaType: "generic", registryOperatorId: ops[0]!.id, isActive: true },
      { name: "exampletwo", description: "test", category: "generic", ianaType: "generic", registryOperatorId: ops[0]!.id, isActive: true },
      { name: "examplethree", description: "test", category: "generic", ianaType: "generic", registryOperatorId: ops[1]!.id, isActive: true },
      { name: "xn--exampleidn", unicodeName: "примеридн", description: "test", category: "generic", ianaType: "generic", registryOperatorId: ops[1]!.id, isActive: true },
    ]);
    try {
      const { body } = await getJson<{ name: string; tldCount: number; tlds: string[] }[]>(app(), "/api/registry-operators");
      const matching = body.filter((o) => o.name.toLowerCase().startsWith("example") && o.name.toLowerCase().includes("registry"));
      expect(matching).toEqual([expect.objectContaining({
        name: "Example Registry, Inc.", tldCount: 4, tlds: ["examplethree", "exampleone", "exampletwo", "xn--exampleidn"].sort(),
        unicodeNames: { "xn--exampleidn": "примеридн" },
      })]);
      const counts = body.map((o) => o.tldCount);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      // The count the pages state is the length of that merged list, not the stored spellings.
      expect((await getJson<{ registryOperators: number }>(app(), "/api/stats")).body.registryOperators).toBe(body.length);
    } finally {
      await db.delete(t.tlds).where(inArray(t.tlds.name, ["exampleone", "exampletwo", "examplethree", "xn--exampleidn"]));
      await db.delete(t.registryOperators).where(inArray(t.registryOperators.name, spellings));
    }
  });

  it("GET /api/data-last-updated names the newest successful live fetch, never a bundled re-apply", async () => {
    // The seed applies bundled lists only: nothing live was fetched yet, so the documented
    // lastUpdated is when the bundled data was installed, and isDataUpdate is false.
    const installed = (await getDb().orm.select().from(getDb().t.appMeta)).find((r) => r.key === "seed_fingerprint")!.updatedAt.toISOString();
    expect((await getJson(app(), "/api/data-last-updated")).body).toEqual({
      lastUpdated: installed, isDataUpdate: false, lastLiveFetch: null, provider: null, bundledDataInstalledAt: installed,
    });
    const porkbun = (await findServiceProviderBySlug(getDb(), "porkbun"))!;
    const hover = (await findServiceProviderBySlug(getDb(), "hover"))!;
    const log = async (providerId: number, at: string, status: "success" | "error", source: "live" | "bundled", requestType = "provider") => {
      await insertFinishedLog(getDb(), { serviceProviderId: providerId, requestType, startedAt: new Date(at), completedAt: new Date(at), status, source });
    };
    await log(porkbun.id, "2026-11-20T08:30:00.000Z", "success", "live");
    await log(hover.id, "2026-11-21T09:00:00.000Z", "success", "live", "scheduled");
    await log(porkbun.id, "2026-11-22T10:00:00.000Z", "error", "live");
    await log(hover.id, "2026-11-23T11:00:00.000Z", "success", "bundled", "pricing");
    const { body } = await getJson(app(), "/api/data-last-updated");
    expect(body).toEqual({
      lastUpdated: "2026-11-21T09:00:00.000Z", isDataUpdate: true, lastLiveFetch: "2026-11-21T09:00:00.000Z", provider: "Hover", bundledDataInstalledAt: installed,
    });
    const twin = await getJson<{ result: { data: unknown } }>(app(), "/trpc/catalogue.dataStatus");
    expect(twin.body.result.data).toEqual(body);
  });
});
