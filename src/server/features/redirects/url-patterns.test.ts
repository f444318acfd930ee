import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { upsertCatalogue } from "../../../../db/seed/catalogue-import.ts";
import { checkProviderSeeds, PROVIDERS, type ProviderSeed } from "../../../../db/seed/providers.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { urlPatternProblem } from "../../../shared/url-pattern.ts";
import { createLogger } from "../../lib/logger.ts";
import { AUTH_TEST_ENV, authed, registerAdmin } from "../../testing/auth.ts";
import { createTestApp, TEST_ORIGIN } from "../../testing/test-app.ts";

const MALFORMED = [
  ["porkbun.com/checkout/search?q={domain}", "must be an http or https URL"],
  ["https://{domain}/", "must keep {domain} out of the scheme and host"],
  ["https://{domain}.evil.example/", "must keep {domain} out of the scheme and host"],
  ["https://registrar.example/search?q={domian}", 'no placeholder but {domain} (found "{domian}")'],
  ["https://registrar.example/search?q={domain", 'no placeholder but {domain} (found "{domain")'],
  ["javascript:alert({domain})", "must be an http or https URL"],
] as const;

describe("urlPatternProblem", () => {
  it("accepts http(s) patterns with {domain} in the path, query or fragment, or without it", () => {
    for (const ok of [
      "https://porkbun.com/checkout/search?q={domain}", "https://www.name.com/domain/search/{domain}",
      "https://dash.cloudflare.com/?to=/:account/domains/transfer&domain={domain}", "https://www.godaddy.com/domains/domain-transfer",
      "http://registrar.example/#/search/{domain}",
    ]) expect(urlPatternProblem(ok), ok).toBeNull();
  });

  it("names what is wrong with a malformed pattern", () => {
    for (const [pattern, problem] of MALFORMED) expect(urlPatternProblem(pattern, "Registration URL pattern"), pattern).toContain(problem);
  });

  it("holds for every bundled provider", () => {
    expect(() => checkProviderSeeds(PROVIDERS)).not.toThrow();
  });
});

forEachDialect("register/transfer URL patterns", (getDb) => {
  const logLines: string[] = [];
  const log = createLogger("info", false, { write: (line: string) => void logLines.push(line) });
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV, log });
  const provider = async (slug: string) => {
    const { orm: db, t } = getDb();
    const [row] = await db.select().from(t.serviceProviders).where(eq(t.serviceProviders.slug, slug));
    return row!;
  };
  const storePattern = async (slug: string, registrationUrlPattern: string | null) => {
    const { orm: db, t } = getDb();
    await db.update(t.serviceProviders).set({ registrationUrlPattern }).where(eq(t.serviceProviders.slug, slug));
  };
  const go = (path: string) => app().request(`${TEST_ORIGIN}${path}`, { redirect: "manual" });
  let admin: ReturnType<typeof authed> | undefined;
  const asAdmin = async () => (admin ??= authed(app(), (await registerAdmin(app(), getDb())).cookie));
  const editOf = (p: Awaited<ReturnType<typeof provider>>) => ({ name: p.name, domain: p.domain, website: p.website, logoUrl: p.logoUrl, isActive: p.isActive });

  it("a malformed stored pattern answers 503 saying the link is misconfigured, logs the cause, and never redirects", async () => {
    const dynadot = await provider("dynadot");
    try {
      for (const [pattern, problem] of MALFORMED) {
        await storePattern("dynadot", pattern);
        logLines.length = 0;
        const res = await go(`/api/r/register?providerId=${dynadot.id}&domain=example.com`);
        expect(res.status, pattern).toBe(503);
        expect(res.headers.get("location")).toBeNull();
        expect(((await res.json()) as { message: string }).message)
          .toBe("Dynadot's registration link is misconfigured, so it cannot be opened; visit https://www.dynadot.com instead");
        const logged = logLines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === "stored registrar link pattern is malformed");
        expect(logged, pattern).toMatchObject({ level: 40, providerId: dynadot.id, kind: "register", pattern, problem: expect.stringContaining(problem) });
      }
    } finally {
      await storePattern("dynadot", dynadot.registrationUrlPattern);
    }
    expect((await go(`/api/r/register?providerId=${dynadot.id}&domain=example.com`)).status).toBe(302);
  });

  it("the provider edit (REST) refuses a malformed pattern with 400 and keeps the stored one", async () => {
    const admin = await asAdmin();
    const before = await provider("hover");
    for (const [pattern, problem] of MALFORMED) {
      const res = await admin<{ message: string; issues: { field: string; message: string }[] }>(`/api/admin/service-providers/${before.id}`, {
        method: "PUT", body: { ...editOf(before), name: "Changed", registrationUrlPattern: pattern },
      });
      expect(res.status, pattern).toBe(400);
      expect(res.body.issues).toEqual([{ field: "registrationUrlPattern", message: expect.stringContaining(problem) }]);
      expect(res.body.message).toContain("Registration URL pattern");
    }
    expect(await provider("hover")).toEqual(before);
  });

  it("the provider edit stores a good pattern, keeps a pattern left out, and clears an empty one", async () => {
    const admin = await asAdmin();
    const before = await provider("namesilo");
    const pattern = "https://www.namesilo.com/domain/search-domains?query={domain}&ref=1";
    const set = await admin(`/api/admin/service-providers/${before.id}`, { method: "PUT", body: { ...editOf(before), registrationUrlPattern: pattern, transferUrlPattern: "" } });
    expect(set.status).toBe(200);
    expect(await provider("namesilo")).toMatchObject({ registrationUrlPattern: pattern, transferUrlPattern: null });
    expect((await go(`/api/r/register?providerId=${before.id}&domain=example.com`)).headers.get("location"))
      .toBe("https://www.namesilo.com/domain/search-domains?query=example.com&ref=1");
    const kept = await admin(`/api/admin/service-providers/${before.id}`, { method: "PUT", body: { ...editOf(before), name: "NameSilo Inc" } });
    expect(kept.status).toBe(200);
    expect(await provider("namesilo")).toMatchObject({ name: "NameSilo Inc", registrationUrlPattern: pattern });
  });

  it("the provider edit through tRPC refuses a malformed pattern with 400", async () => {
    const admin = await asAdmin();
    const before = await provider("dnsimple");
    const res = await admin<{ error: { message: string; data: { httpStatus: number } } }>("/trpc/providers.adminUpdate", {
      method: "POST", body: { ...editOf(before), id: before.id, transferUrlPattern: "https://{domain}/transfer" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("Transfer URL pattern must keep {domain} out of the scheme and host");
    expect(await provider("dnsimple")).toEqual(before);
  });

  it("the seed import refuses a provider with a malformed pattern, naming it, and writes nothing", async () => {
    const broken: ProviderSeed = {
      ...PROVIDERS.find((p) => p.key === "porkbun")!, key: "brokenreg", name: "Broken", displayName: "Broken", domain: "broken.example",
      registrationUrlPattern: "broken.example/search?q={domain}",
    };
    await expect(upsertCatalogue(getDb(), [], [], [broken])).rejects.toThrow(
      'Service provider seed "brokenreg": registrationUrlPattern must be an http or https URL',
    );
    const { orm: db, t } = getDb();
    expect(await db.select({ id: t.serviceProviders.id }).from(t.serviceProviders).where(eq(t.serviceProviders.slug, "brokenreg"))).toEqual([]);
  });
});
