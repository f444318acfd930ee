import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { createTestApp, TEST_ORIGIN } from "../../testing/test-app.ts";

forEachDialect("outbound register/transfer redirects", (getDb) => {
  const app = () => createTestApp(getDb());
  const providerId = async (slug: string) => {
    const { db, t } = getDb();
    const [row] = await db.select({ id: t.serviceProviders.id }).from(t.serviceProviders).where(eq(t.serviceProviders.slug, slug));
    return row!.id;
  };
  const go = (path: string) => app().request(`${TEST_ORIGIN}${path}`, { redirect: "manual" });

  it("302s to the provider's registration URL with the validated domain", async () => {
    const id = await providerId("porkbun");
    const res = await go(`/api/r/register?providerId=${id}&domain=${encodeURIComponent("  My-Site.COM ")}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://porkbun.com/checkout/search?q=my-site.com");
  });

  it("302s to the transfer URL for transfers", async () => {
    const id = await providerId("namecheap");
    const res = await go(`/api/r/transfer?providerId=${id}&domain=example.io`);
    expect(res.headers.get("location")).toBe("https://www.namecheap.com/domains/transfer/?domain=example.io");
  });

  it("answers 400 with the validation message for a bad domain", async () => {
    const id = await providerId("porkbun");
    const res = await go(`/api/r/register?providerId=${id}&domain=exa_mple.com`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string };
    expect(body.message).toBe('Domain part "exa_mple" contains invalid characters. Only letters, numbers, and hyphens are allowed');
    const missing = await go(`/api/r/register?providerId=${id}`);
    expect(((await missing.json()) as { message: string }).message).toBe("Domain is required");
  });

  it("never redirects to a URL taken from the request (open redirect attempts)", async () => {
    const id = await providerId("porkbun");
    for (const domain of ["https://evil.example/", "//evil.example", "evil.example/path", "evil.example?x=https://a.b", "evil.example#@x"]) {
      const res = await go(`/api/r/register?providerId=${id}&domain=${encodeURIComponent(domain)}`);
      expect(res.status, domain).toBe(400);
      expect(res.headers.get("location")).toBeNull();
    }
    const res = await go(`/api/r/register?providerId=${id}&domain=example.com&url=https://evil.example`);
    expect(res.headers.get("location")).toBe("https://porkbun.com/checkout/search?q=example.com");
  });

  it("links example.co.uk through every active provider's register and transfer pattern, and refuses co.uk alone", async () => {
    const { db, t } = getDb();
    const providers = await db.select().from(t.serviceProviders).where(eq(t.serviceProviders.isActive, true));
    let checked = 0;
    for (const p of providers) {
      for (const [kind, pattern] of [["register", p.registrationUrlPattern], ["transfer", p.transferUrlPattern]] as const) {
        if (!pattern) continue;
        const res = await go(`/api/r/${kind}?providerId=${p.id}&domain=Example.CO.UK`);
        expect(res.status, `${p.slug} ${kind}`).toBe(302);
        expect(res.headers.get("location")).toBe(new URL(pattern.replaceAll("{domain}", "example.co.uk")).toString());
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
    const bare = await go(`/api/r/register?providerId=${await providerId("porkbun")}&domain=co.uk`);
    expect(bare.status).toBe(400);
    expect(bare.headers.get("location")).toBeNull();
    expect(((await bare.json()) as { message: string }).message).toBe('".co.uk" is a domain extension, not a domain: add a name before it (e.g., example.co.uk)');
    expect((await go(`/api/r/register?providerId=${await providerId("porkbun")}&domain=shop.com.au`)).headers.get("location"))
      .toBe("https://porkbun.com/checkout/search?q=shop.com.au");
  });

  it("answers 400 for a bad provider id and 404 for unknown, inactive or pattern-less providers", async () => {
    expect((await go("/api/r/register?providerId=abc&domain=example.com")).status).toBe(400);
    expect((await go("/api/r/register?providerId=99999&domain=example.com")).status).toBe(404);
    expect((await go(`/api/r/register?providerId=${await providerId("googledomains")}&domain=example.com`)).status).toBe(404);
    const noTransfer = await go(`/api/r/transfer?providerId=${await providerId("openprovider")}&domain=example.com`);
    expect(noTransfer.status).toBe(404);
    expect(((await noTransfer.json()) as { message: string }).message).toBe("Openprovider does not offer online transfers links");
  });
});
