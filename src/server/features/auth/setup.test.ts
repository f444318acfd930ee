import { expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, formPost, registerUser, sessionCookieOf } from "../../testing/auth.ts";
import { createTestApp, getJson, TEST_ORIGIN } from "../../testing/test-app.ts";
import { grantAdmin, listAdministrators, revokeAdmin } from "./admins.ts";
import { issueSetupTokenIfNoAdmin, SETUP_VALID_MS, setupUrl } from "./setup.ts";
import { loadConfig } from "../../config.ts";

forEachDialect("one-time admin setup link", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });
  const isAdmin = async (cookie: string) => (await getJson<{ isAdmin: boolean }>(app(), "/api/auth/user", { headers: { cookie } })).body.isAdmin;
  /** A server start on a database without admins. */
  async function freshToken(now?: Date) {
    for (const admin of await listAdministrators(getDb())) await revokeAdmin(getDb(), admin.email);
    return (await issueSetupTokenIfNoAdmin(getDb(), now))!;
  }
  const open = (token: string, cookie?: string) => app().request(`${TEST_ORIGIN}/setup?token=${token}`, { headers: cookie ? { cookie } : {} });
  const confirm = (token: string, cookie: string, headers: Record<string, string> = {}) => formPost(app(), "/api/setup", { token }, { cookie, ...headers });

  it("issues a link only while no admin exists, at APP_URL or localhost:PORT", async () => {
    const token = await freshToken();
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    expect(setupUrl(loadConfig({ PORT: "4000" }), token)).toBe(`http://localhost:4000/setup?token=${token}`);
    expect(setupUrl(loadConfig({ APP_URL: "https://domains.example.com/" }), token)).toBe(`https://domains.example.com/setup?token=${token}`);
    const user = await registerUser(app());
    await grantAdmin(getDb(), user.email);
    expect(await issueSetupTokenIfNoAdmin(getDb())).toBeNull();
  });

  it("sends signed-out visitors to sign in and back, then promotes the confirming account once", async () => {
    const token = await freshToken();
    const signedOut = await open(token);
    expect(signedOut.status).toBe(302);
    const login = signedOut.headers.get("location")!;
    expect(login).toBe(`/api/login?returnTo=${encodeURIComponent(`/setup?token=${token}`)}`);
    const user = await registerUser(app());
    const back = await formPost(app(), "/api/login", { email: user.email, password: user.password, returnTo: `/setup?token=${token}` });
    expect(back.headers.get("location")).toBe(`/setup?token=${token}`);
    const cookie = sessionCookieOf(back)!;

    const page = await open(token, cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const text = await page.text();
    expect(text).toContain('action="/api/setup"');
    expect(text).toContain("Make this account an administrator");
    expect(text).toContain(user.email);
    expect(await isAdmin(cookie)).toBe(false); // opening the page changes nothing

    const done = await confirm(token, cookie);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/admin");
    expect(await isAdmin(cookie)).toBe(true);
    // The promotion is in the admin audit log, under the setup link.
    const audit = await getDb().orm.select().from(getDb().t.adminAuditLog);
    expect(audit.map((e) => [e.actorEmail, e.action, e.targetEmail])).toEqual([["setup link", "grant_admin", user.email]]);

    const other = await registerUser(app());
    const again = await confirm(token, other.cookie);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("already been used");
    expect(await isAdmin(other.cookie)).toBe(false);
    expect((await open(token, other.cookie)).status).toBe(410);
  });

  it("refuses a wrong, expired or replaced token with a clear page", async () => {
    const user = await registerUser(app());
    const wrong = await open("a".repeat(32), user.cookie);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("This setup link is not valid");
    expect((await open("not-even-token-shaped")).status).toBe(400);

    const expired = await freshToken(new Date(Date.now() - SETUP_VALID_MS - 1000));
    const late = await confirm(expired, user.cookie);
    expect(late.status).toBe(410);
    expect(await late.text()).toContain("has expired");

    const older = await freshToken();
    const newer = await freshToken(); // the next start replaces the link
    expect((await confirm(older, user.cookie)).status).toBe(400);
    expect(await isAdmin(user.cookie)).toBe(false);
    expect((await confirm(newer, user.cookie)).status).toBe(302);
    expect(await isAdmin(user.cookie)).toBe(true);
  });

  it("refuses cross-site confirmation, signed-out confirmation and non-form bodies", async () => {
    const token = await freshToken();
    const user = await registerUser(app());
    expect((await confirm(token, user.cookie, { origin: "https://evil.example" })).status).toBe(403);
    expect((await confirm(token, "")).status).toBe(401);
    const json = await app().request(`${TEST_ORIGIN}/api/setup`, {
      method: "POST", headers: { cookie: user.cookie, "content-type": "application/json" }, body: JSON.stringify({ token }),
    });
    expect(json.status).toBe(415);
    expect(await isAdmin(user.cookie)).toBe(false);
  });

  it("lets exactly one of several simultaneous confirmations through", async () => {
    const token = await freshToken();
    const users = await Promise.all(Array.from({ length: 5 }, () => registerUser(app())));
    const results = await Promise.all(users.map((u) => confirm(token, u.cookie)));
    expect(results.map((r) => r.status).sort()).toEqual([302, 410, 410, 410, 410]);
    expect(await listAdministrators(getDb())).toHaveLength(1);
  });
}, { seeded: false });
