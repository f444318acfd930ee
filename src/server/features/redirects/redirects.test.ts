import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { createTestApp, TEST_ORIGIN } from "../../testing/test-app.ts";

forEachDialect("outbound register/transfer redirects", (getDb) => {
  const app = () => createTestApp(getDb());
  const providerId = async (slug: string) => {
    const { orm: db, t } = getDb();
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
    const { orm: db, t } = getDb();
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

const NAVIGATION = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";

forEachDialect("refused redirects: a page for people, JSON for API clients", (getDb) => {
  const app = () => createTestApp(getDb());
  const porkbun = async () => {
    const { orm: db, t } = getDb();
    const [row] = await db.select({ id: t.serviceProviders.id }).from(t.serviceProviders).where(eq(t.serviceProviders.slug, "porkbun"));
    return row!.id;
  };
  const go = (path: string, headers: Record<string, string> = {}) => app().request(`${TEST_ORIGIN}${path}`, { redirect: "manual", headers });

  it("answers a navigation with an HTML page carrying the message, the status and a link to the extension's prices", async () => {
    const res = await go(`/api/r/register?providerId=${await porkbun()}&domain=co.uk`, { accept: NAVIGATION, referer: `${TEST_ORIGIN}/tld/com?x=1` });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await res.text();
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain("<title>This link cannot be opened · TLDScope</title>");
    expect(page).toContain("&quot;.co.uk&quot; is a domain extension, not a domain: add a name before it (e.g., example.co.uk)");
    expect(page).toContain('<a href="/tld/co.uk">See .co.uk prices</a>');
    expect(page).toContain('<a href="/tld/com?x=1">Back to the previous page</a>');
    expect(page).toContain('<header class="boot-bar"><a href="/">');
  });

  it("links a refused transfer of shop.co.uk to .co.uk, never back to another site", async () => {
    const res = await go("/api/r/transfer?providerId=99999&domain=shop.co.uk", { accept: NAVIGATION, referer: "https://evil.example/x" });
    expect(res.status).toBe(404);
    const page = await res.text();
    expect(page).toContain("Registrar not found");
    expect(page).toContain('<a href="/tld/co.uk">See .co.uk prices</a>');
    expect(page).not.toContain("evil.example");
  });

  it("keeps JSON for API clients: Accept application/json, */* or none", async () => {
    const id = await porkbun();
    for (const accept of [undefined, "application/json", "*/*", "application/json, text/html;q=0.5"]) {
      const res = await go(`/api/r/register?providerId=${id}&domain=co.uk`, accept ? { accept } : {});
      expect(res.status, accept).toBe(400);
      expect(res.headers.get("content-type"), accept).toMatch(/^application\/json/);
      expect(((await res.json()) as { message: string }).message).toBe('".co.uk" is a domain extension, not a domain: add a name before it (e.g., example.co.uk)');
    }
  });

  it("answers other navigations to error answers with a page too: an unknown /api path, a signed-out download", async () => {
    const unknown = await go("/api/no-such-thing", { accept: NAVIGATION });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("There is no page at /api/no-such-thing.");
    const json = await go("/api/no-such-thing");
    expect(json.headers.get("content-type")).toMatch(/^application\/json/);
    const signedOut = await go("/api/user-domains/export.csv", { accept: NAVIGATION });
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await signedOut.text()).toContain("<title>Sign in needed · TLDScope</title>");
  });
});

forEachDialect("which extension a typed name belongs to (redirects.suffixOf)", (getDb) => {
  const ask = async (domain: string) => {
    const res = await createTestApp(getDb()).request(`${TEST_ORIGIN}/trpc/redirects.suffixOf?input=${encodeURIComponent(JSON.stringify({ domain }))}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { result: { data: { suffix: string | null; isSuffix: boolean } } }).result.data;
  };

  it("names the longest catalogue suffix, says when the name is itself one, and knows none for junk", async () => {
    expect(await ask("example.org")).toEqual({ suffix: "org", isSuffix: false });
    expect(await ask("Shop.CO.UK")).toEqual({ suffix: "co.uk", isSuffix: false });
    expect(await ask("www.shop.co.uk")).toEqual({ suffix: "co.uk", isSuffix: false });
    expect(await ask("co.uk")).toEqual({ suffix: "co.uk", isSuffix: true });
    expect(await ask("example.notarealtld")).toEqual({ suffix: null, isSuffix: false });
    expect(await ask("exa mple.com")).toEqual({ suffix: null, isSuffix: false });
  });
});
