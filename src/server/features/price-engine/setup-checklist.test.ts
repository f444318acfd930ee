import { expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { loadConfig } from "../../config.ts";
import { bundledPriceSource, createPriceSources } from "../../integrations/prices/registry.ts";
import { AUTH_TEST_ENV, authed, registerAdmin, registerUser } from "../../testing/auth.ts";
import { createTestApp } from "../../testing/test-app.ts";

type Checklist = { show: boolean; done: number; dismissedAt: string | null; items: { id: string; title: string; done: boolean; state: string; readmeSection: string }[] };

forEachDialect("the admin area's first-run checklist", (getDb) => {
  const appWith = (env: Record<string, string>) => {
    const priceSources = { live: createPriceSources(loadConfig({ NODE_ENV: "test", ...env })), bundled: bundledPriceSource };
    return createTestApp(getDb(), { env: { ...AUTH_TEST_ENV, ...env }, priceSources });
  };

  it("lists what a fresh install lacks with its state and README section, until every item is done", async () => {
    const fresh = appWith({});
    const registered = await registerAdmin(fresh, getDb(), { email: "checklist-admin@example.com" });
    const admin = authed(fresh, registered.cookie);
    const { status, body } = await admin<Checklist>("/api/admin/setup-checklist");
    expect(status).toBe(200);
    expect(body.show).toBe(true);
    const item = (id: string) => body.items.find((i) => i.id === id)!;
    expect(body.items.map((i) => i.id)).toEqual(["administrator", "app-url", "mail", "price-keys", "backups", "metrics"]);
    expect(item("administrator")).toMatchObject({ done: true, state: "checklist-admin@example.com is the administrator" });
    expect(item("app-url")).toMatchObject({ done: false, readmeSection: "Configuration" });
    expect(item("mail")).toMatchObject({ done: false, state: expect.stringMatching(/^SMTP_URL and MAIL_FROM are not set/) });
    expect(item("price-keys").done).toBe(false);
    expect(item("price-keys").state).toContain("Dynadot (DYNADOT_API_KEY is not set)");
    expect(item("price-keys").state).toContain("NameSilo (NAMESILO_API_KEY is not set)");
    expect(item("price-keys").state).toContain("Amazon Route 53 (ROUTE53_ACCESS_KEY_ID, ROUTE53_SECRET_ACCESS_KEY are not set)");
    expect(item("price-keys").state).toContain("Internet.bs (INTERNETBS_API_KEY, INTERNETBS_PASSWORD are not set)");
    expect(item("price-keys").state).toContain("Gandi (GANDI_PERSONAL_ACCESS_TOKEN is not set)");
    expect(item("price-keys").state).toContain("DNSimple (DNSIMPLE_API_TOKEN, DNSIMPLE_ACCOUNT_ID are not set)");
    expect(item("price-keys").state).toContain("Name.com (NAMECOM_USERNAME, NAMECOM_API_TOKEN are not set)");
    expect(item("price-keys").state).toContain("ResellerClub (RESELLERCLUB_AUTH_USERID, RESELLERCLUB_API_KEY are not set)");
    expect(item("backups")).toMatchObject({ done: false, readmeSection: "Operations" });
    expect(item("metrics")).toMatchObject({ done: false, readmeSection: "Operations" });
    expect(body.done).toBe(1);

    // Every README section an item names is there to read.
    for (const section of new Set(body.items.map((i) => i.readmeSection))) {
      const readme = await admin(`/api/admin/readme?section=${encodeURIComponent(section)}`);
      expect(readme.status, section).toBe(200);
      expect(readme.res.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(readme.text.startsWith(`## ${section}\n`), section).toBe(true);
      expect(readme.text).not.toMatch(/\n## /);
    }
    expect((await admin("/api/admin/readme?section=Nowhere")).status).toBe(404);

    // Backups are marked by hand; the rest follow the configuration.
    const marked = await admin<{ message: string }>("/api/admin/setup-checklist/backups", { method: "POST" });
    expect(marked).toMatchObject({ status: 200, body: { message: "Backups are marked as set up." } });
    const configured = authed(appWith({
      APP_URL: "https://domains.example.com", SMTP_URL: "smtp://mail.example.com:587", MAIL_FROM: "TLDScope <alerts@example.com>",
      METRICS_TOKEN: "a-metrics-token-of-some-length", DYNADOT_API_KEY: "dynadot-key", NAMESILO_API_KEY: "namesilo-key",
      ROUTE53_ACCESS_KEY_ID: "route53-key-id", ROUTE53_SECRET_ACCESS_KEY: "route53-secret",
      INTERNETBS_API_KEY: "internetbs-key", INTERNETBS_PASSWORD: "internetbs-password", GANDI_PERSONAL_ACCESS_TOKEN: "gandi-token",
      DNSIMPLE_API_TOKEN: "dnsimple-token", DNSIMPLE_ACCOUNT_ID: "1010", NAMECOM_USERNAME: "namecom-user", NAMECOM_API_TOKEN: "namecom-token",
      RESELLERCLUB_AUTH_USERID: "614860", RESELLERCLUB_API_KEY: "resellerclub-key",
    }), registered.cookie);
    const done = (await configured<Checklist>("/trpc/priceEngine.setupChecklist.get")).body as unknown as { result: { data: Checklist } };
    expect(done.result.data.items.filter((i) => !i.done)).toEqual([]);
    expect(done.result.data.items.find((i) => i.id === "backups")!.state).toMatch(/^Marked as set up by checklist-admin@example\.com on \d{4}-\d\d-\d\d$/);
    expect(done.result.data.show).toBe(false);
  });

  it("is hidden for every administrator once one dismisses it, and is for administrators only", async () => {
    const app = appWith({});
    const first = authed(app, (await registerAdmin(app, getDb(), { email: "dismiss-one@example.com" })).cookie);
    const second = authed(app, (await registerAdmin(app, getDb(), { email: "dismiss-two@example.com" })).cookie);
    const user = authed(app, (await registerUser(app)).cookie);
    expect((await user("/api/admin/setup-checklist")).status).toBe(403);
    expect((await user("/api/admin/setup-checklist/dismiss", { method: "POST" })).status).toBe(403);
    expect((await user("/api/admin/readme?section=Operations")).status).toBe(403);
    expect((await app.request("http://localhost/api/admin/readme?section=Operations")).status).toBe(401);

    const dismissed = await first<{ message: string }>("/api/admin/setup-checklist/dismiss", { method: "POST" });
    expect(dismissed).toMatchObject({ status: 200, body: { message: "The setup checklist is hidden for every administrator." } });
    const seen = await second<Checklist>("/api/admin/setup-checklist");
    expect(seen.body).toMatchObject({ show: false, dismissedAt: expect.any(String) });
    expect(seen.body.items.some((i) => !i.done)).toBe(true);
  });
});
