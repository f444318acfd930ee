import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, it } from "vitest";
import { forEachDialect } from "../../db/testing/test-db.ts";
import { formatPrice } from "../shared/price-format.ts";
import { AUTH_TEST_ENV, registerUser } from "./testing/auth.ts";
import { TEST_ORIGIN, createTestApp, getJson } from "./testing/test-app.ts";

/** The client directory the server renders into: the project's own index.html, unbuilt. */
function clientDirWithIndex(): string {
  const dir = mkdtempSync(join(tmpdir(), "ssr-client-"));
  writeFileSync(join(dir, "index.html"), readFileSync(resolve(import.meta.dirname, "../../index.html"), "utf8"));
  return dir;
}

interface Quote {
  serviceProvider: { name: string };
  display: { registrationPrice: string | null; currency: string };
}

const page = async (app: ReturnType<typeof createTestApp>, path: string, headers: Record<string, string> = {}) => {
  const res = await app.request(`${TEST_ORIGIN}${path}`, { headers });
  return { status: res.status, html: await res.text(), res };
};

/** The dehydrated query cache the page carries for hydration, or null when it has none. */
function ssrState(html: string): { queries: Array<{ queryKey: unknown; state: { data: unknown } }> } | null {
  const match = /<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

forEachDialect("server-rendered pages", (getDb) => {
  it("answers /tld/com with every provider's name and price in the first HTML, its own head, and the cache to hydrate from", async () => {
    const app = createTestApp(getDb(), { clientDir: clientDirWithIndex() });
    const { body: quotes } = await getJson<Quote[]>(app, "/api/domain-prices/tld/com?currency=USD");
    expect(quotes.length).toBeGreaterThan(3);

    const { status, html, res } = await page(app, "/tld/com");
    expect(status).toBe(200);
    expect(res.headers.get("vary")).toMatch(/cookie/i);
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('id="ssr-state"'));
    for (const quote of quotes) {
      expect(root).toContain(quote.serviceProvider.name);
      expect(root).toContain(formatPrice(quote.display.registrationPrice, quote.display.currency));
    }
    expect(root).toContain("checked ");
    expect(html).not.toContain("ssr-outlet");
    expect(html).toContain("<title>.com domain prices | TLDScope</title>");
    expect(html).toMatch(new RegExp(`<meta name="description" content="Compare \\.com registration, renewal and transfer prices across ${quotes.length} registrars`));
    expect(html).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/tld/com" />`);
    const state = ssrState(html);
    const keys = state?.queries.map((q) => JSON.stringify(q.queryKey)) ?? [];
    // The provider table's first page (decision 033), in the display currency.
    expect(keys.some((k) => k.includes('"byTldPage"') && k.includes('"currency":"USD"'))).toBe(true);
    // The top bar's currencies are in the cache too: nothing is fetched while the page hydrates.
    expect(keys.some((k) => k.includes('"currencies"'))).toBe(true);

    // Component styles: one <style> in the head whose ids the browser's emotion cache adopts, none in the body.
    const head = html.slice(0, html.indexOf("</head>"));
    const styleTag = /<style id="ssr-styles" data-ids="([\w -]+)">([^<]+)<\/style>/.exec(head);
    expect(styleTag).not.toBeNull();
    const [, ids, css] = styleTag!;
    // Every emotion class the page uses has its rules there, and its id is marked as inserted.
    // (Most of the page is plain elements styled by the static stylesheet; the second-level links are not.)
    const used = new Set([...root.matchAll(/\bcss-([a-z0-9]+)\b/g)].map((m) => m[1]!));
    expect(used.size).toBeGreaterThan(0);
    for (const id of used) {
      expect(css).toContain(`.css-${id}`);
      expect(ids!.split(" ")).toContain(id);
    }
    expect(html.slice(html.indexOf("<body"))).not.toContain("<style");
  }, 60_000);

  it("renders prices in the display currency the cookie names", async () => {
    const app = createTestApp(getDb(), { clientDir: clientDirWithIndex() });
    const { html } = await page(app, "/tld/com", { cookie: "theme=dark; currency=EUR" });
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('id="ssr-state"'));
    expect(root).toContain("€");
    expect(ssrState(html)?.queries.some((q) => JSON.stringify(q.queryKey).includes('"currency":"EUR"'))).toBe(true);
  }, 60_000);

  it("renders a registrar's page and the price list with their data", async () => {
    const app = createTestApp(getDb(), { clientDir: clientDirWithIndex() });
    const { body: providers } = await getJson<Array<{ id: number; name: string }>>(app, "/api/service-providers");
    const priced = providers.find((p) => p.name.startsWith("Porkbun"))!;
    const registrar = await page(app, `/registrar/${priced.id}`);
    expect(registrar.status).toBe(200);
    expect(registrar.html).toContain(`<title>${priced.name} prices | TLDScope</title>`);
    const list = await page(app, "/tlds?search=shop");
    expect(list.status).toBe(200);
    // React separates adjacent text nodes with an empty comment: ".<!-- -->shop".
    expect(list.html.slice(list.html.indexOf('<div id="root">'))).toMatch(/>\.(<!-- -->)?shop</);
  }, 60_000);

  it("renders a visitor without a session signed out, and a request with a session as that session sees it, auth.me's answer handed over either way", async () => {
    const app = createTestApp(getDb(), { clientDir: clientDirWithIndex(), env: AUTH_TEST_ENV });
    const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('id="ssr-state"'));
    const authAnswer = (html: string) => ssrState(html)?.queries.find((q) => JSON.stringify(q.queryKey).includes('["auth","me"]'));

    const visitor = await page(app, "/tld/com");
    expect(rootOf(visitor.html)).toContain(">Sign In</a>");
    expect(rootOf(visitor.html)).toContain(">Get Started</a>");
    const answer = authAnswer(visitor.html);
    expect(answer).toBeDefined();
    expect(answer!.state.data).toBeNull();

    // A valid session: the signed-in view, with auth.me's answer, never stored by a shared cache.
    const user = await registerUser(app);
    const signedIn = await page(app, "/tld/com", { cookie: user.cookie });
    expect(signedIn.res.headers.get("cache-control")).toBe("private, no-store");
    expect(rootOf(signedIn.html)).toContain(">Sign Out</a>");
    expect(rootOf(signedIn.html)).not.toContain("Sign In");
    expect(rootOf(signedIn.html)).toContain("Cloudflare");
    expect(authAnswer(signedIn.html)?.state.data).toMatchObject({ email: user.email });

    // Right after signing in, the home page is the dashboard, not the visitor's landing page.
    const home = await page(app, "/", { cookie: user.cookie });
    expect(home.status).toBe(200);
    expect(home.res.headers.get("cache-control")).toBe("private, no-store");
    expect(rootOf(home.html)).toContain("Welcome to Your Domain Dashboard");
    expect(rootOf(home.html)).not.toContain("Get Started for Free");
    expect(rootOf(home.html)).not.toContain('href="/api/login"');

    // A cookie whose session is not valid: signed out, as auth.me answers it, and still private.
    const forged = await page(app, "/", { cookie: "session=expired-or-forged" });
    expect(forged.res.headers.get("cache-control")).toBe("private, no-store");
    expect(rootOf(forged.html)).toContain(">Sign In</a>");
    expect(authAnswer(forged.html)?.state.data).toBeNull();
  }, 60_000);

  it("opens /tlds on the popular TLDs, says so, and offers each order once", async () => {
    const app = createTestApp(getDb(), { clientDir: clientDirWithIndex() });
    const { status, html } = await page(app, "/tlds");
    expect(status).toBe(200);
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('id="ssr-state"'));
    const names = [...root.matchAll(/href="\/tld\/([^"]+)"/g)].map((m) => m[1]);
    expect(names.slice(0, 5)).toEqual(["com", "net", "org", "io", "co"]);
    expect(root).toContain("Popular first: .com, .net, .org, .io and .co, then the TLDs the most registrars sell.");
    const options = [...root.matchAll(/<option value="([\w-]+)"[^>]*>([^<]+)<\/option>/g)].map((m) => m[2]);
    expect(options).toEqual(expect.arrayContaining(["Popular first", "Name: A to Z", "Price: Low to High", "Price: High to Low"]));
    expect(options).not.toContain("Alphabetical");
    expect(options).not.toContain("Sort by Name");
  }, 60_000);

  it("answers 404 for a path no route claims and for an unknown TLD", async () => {
    const app = createTestApp(getDb(), { clientDir: clientDirWithIndex() });
    const unknownPath = await page(app, "/no-such-page");
    expect(unknownPath.status).toBe(404);
    expect(unknownPath.html).toContain("404 Page Not Found");
    const unknownTld = await page(app, "/tld/nosuchtld");
    expect(unknownTld.status).toBe(404);
    // The page says so under its own title, and the cache handed over says the TLD is missing:
    // the browser asks nothing again (lib/require-found.ts), and no error state is handed over.
    expect(unknownTld.html).toContain("<title>TLD Not Found | TLDScope</title>");
    expect(unknownTld.html).toContain("We have no top-level domain called .nosuchtld.");
    const queries = ssrState(unknownTld.html)!.queries;
    expect(queries.find((q) => JSON.stringify(q.queryKey).startsWith('["missing"'))?.state.data).toBe(true);
    expect(queries.some((q) => JSON.stringify(q.queryKey).includes('"tld"') && !JSON.stringify(q.queryKey).startsWith('["missing"'))).toBe(false);
    expect(queries.some((q) => /byTldPage|statsByTld/.test(JSON.stringify(q.queryKey)))).toBe(false);
  }, 60_000);

  it("answers a render's tRPC calls in process, with what /trpc answers; a failing call too, and the page answers 404", async () => {
    const entered: string[] = [];
    const app = createTestApp(getDb(), {
      clientDir: clientDirWithIndex(),
      authenticate: async (c) => {
        entered.push(c.req.path);
        return null;
      },
    });
    const { status, html } = await page(app, "/tld/com");
    expect(status).toBe(200);
    // Only the page request itself passed the app's middleware: its five calls did not.
    expect(entered).toEqual(["/tld/com"]);
    // auth.me's answer (null) is set by the render itself, not asked.
    const queries = ssrState(html)!.queries.filter((q) => (q.queryKey as [string[]])[0].join(".") !== "auth.me");
    expect(queries.map((q) => (q.queryKey as [string[]])[0].join(".")).sort())
      .toEqual(["catalogue.tld", "prices.byTldPage", "prices.currencies", "prices.statsByTld", "site.settings"]);
    // Each answer handed to the browser is the one a GET of /trpc gives (a cached answer and a procedure's alike).
    for (const query of queries) {
      const [path, options] = query.queryKey as [string[], { input?: unknown } | undefined];
      const input = options?.input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(options.input))}`;
      const { status: callStatus, body } = await getJson<{ result: { data: unknown } }>(app, `/trpc/${path.join(".")}${input}`);
      expect(callStatus, path.join(".")).toBe(200);
      expect(query.state.data, path.join(".")).toEqual(body.result.data);
    }

    entered.length = 0;
    const unknownTld = await page(app, "/tld/nosuchtld");
    expect(unknownTld.status).toBe(404);
    // The failing call was answered in process too (render-calls.test.ts checks its body is /trpc's).
    expect(entered).toEqual(["/tld/nosuchtld"]);
  }, 60_000);

  it("answers 404 for a registrar address that is not a numeric id, as for an unknown id, which is 'not found', not 'invalid'", async () => {
    const app = createTestApp(getDb(), { clientDir: clientDirWithIndex() });
    for (const path of ["/registrar/abc", "/registrar/999999"]) {
      const res = await page(app, path);
      expect(res.status, path).toBe(404);
    }
    expect((await page(app, "/registrar/abc")).html).toContain("404 Page Not Found");
    const unknown = (await page(app, "/registrar/999999")).html;
    expect(unknown).toContain("<title>Registrar Not Found | TLDScope</title>");
    expect(unknown).toContain("We have no registrar with the ID 999999.");
    expect(unknown).not.toContain("Invalid registrar ID");
  }, 60_000);

  it("points a TLD page's canonical link at the catalogue's own name, however the address spelt it", async () => {
    const app = createTestApp(getDb(), { clientDir: clientDirWithIndex() });
    const { body: com } = await getJson<{ result: { data: { id: number } } }>(app, `/trpc/catalogue.tld?input=${encodeURIComponent(JSON.stringify({ tldId: "com" }))}`);
    const id = com.result.data.id;
    for (const path of ["/tld/COM", `/tld/${id}`]) {
      const { status, html } = await page(app, path);
      expect(status, path).toBe(200);
      expect(html, path).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/tld/com" />`);
    }
  }, 60_000);

  it("leaves signed-in areas to the browser: no page content, no state, and each page's own title", async () => {
    const app = createTestApp(getDb(), { clientDir: clientDirWithIndex() });
    const titles: Record<string, string> = {
      "/portfolio": "Domain Portfolio", "/portfolio/12": "Domain", "/admin": "System Overview", "/admin/operations": "Operations",
      "/admin/alerts": "Alerts &amp; Notifications", "/accounts": "Registrar Accounts", "/api-keys": "API Keys",
      "/settings/account": "Account Settings", "/settings/notifications": "Notification Settings", "/status": "System Status",
    };
    for (const [path, title] of Object.entries(titles)) {
      const { status, html } = await page(app, path);
      expect(status, path).toBe(200);
      expect(html, path).toContain("<!--ssr-outlet-->");
      expect(ssrState(html), path).toBeNull();
      expect(html, path).toContain(`<title>${title} | TLDScope</title>`);
    }
  }, 60_000);

  it("lists every TLD and registrar page in /sitemap.xml and names it in robots.txt", async () => {
    const app = createTestApp(getDb(), { clientDir: clientDirWithIndex() });
    const { body: providers } = await getJson<Array<{ id: number }>>(app, "/api/service-providers");
    const res = await app.request(`${TEST_ORIGIN}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${TEST_ORIGIN}/tld/com`);
    expect(locs).toContain(`${TEST_ORIGIN}/tld/co.uk`);
    for (const provider of providers) expect(locs).toContain(`${TEST_ORIGIN}/registrar/${provider.id}`);
    expect(locs.filter((l) => l!.includes("/tld/")).length).toBeGreaterThan(2500);
    const robots = await (await app.request(`${TEST_ORIGIN}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
    expect(robots).toContain("Disallow: /admin");
  }, 60_000);
});
