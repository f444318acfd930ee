import { expect, it } from "vitest";
import { updateSessionExpiry } from "../../../../db/repositories/session-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, formPost, registerUser, sessionCookieOf } from "../../testing/auth.ts";
import { createTestApp, getJson, TEST_ORIGIN } from "../../testing/test-app.ts";
import { grantAdmin } from "./admins.ts";
import { hashToken } from "../../lib/secret-token.ts";

const DAY = 86_400_000;
const tokenOf = (cookie: string) => cookie.slice("session=".length);

forEachDialect("sessions and sign-in", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });
  const me = (cookie?: string) => getJson(app(), "/api/auth/user", cookie ? { headers: { cookie } } : undefined);

  it("registers, sets a safe session cookie and answers /api/auth/user", async () => {
    const res = await formPost(app(), "/api/register", { email: " First@Example.com ", password: "long enough pw", firstName: "Ada" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("session="))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    expect(tokenOf(sessionCookieOf(res)!)).toMatch(/^[a-z2-7]{32}$/);
    const { status, body } = await me(sessionCookieOf(res)!);
    expect(status).toBe(200);
    expect(body).toEqual({ id: expect.any(Number), firstName: "Ada", email: "first@example.com", isAdmin: false, timeZone: null });
  });

  it("marks the cookie Secure when APP_URL is https or SECURE_COOKIES is set", async () => {
    for (const env of [{ APP_URL: "https://domains.example.com" }, { SECURE_COOKIES: "true" }] as Record<string, string>[]) {
      const secureApp = createTestApp(getDb(), { env: { ...AUTH_TEST_ENV, ...env } });
      const res = await formPost(secureApp, "/api/register", { email: `secure${Object.keys(env)[0]}@example.com`, password: "long enough pw" });
      expect(res.status).toBe(302);
      expect(res.headers.getSetCookie().find((c) => c.startsWith("session="))).toMatch(/; Secure/);
    }
  });

  it("answers 401 with the spec's body when signed out or the cookie is garbage", async () => {
    expect(await me()).toMatchObject({ status: 401, body: { message: "Unauthorized" } });
    expect((await me("session=not-a-token")).status).toBe(401);
  });

  it("signs out by deleting the session server-side: the same cookie is dead afterwards", async () => {
    const user = await registerUser(app());
    const out = await app().request(`${TEST_ORIGIN}/api/logout`, { headers: { cookie: user.cookie, "sec-fetch-site": "same-origin" } });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/");
    expect(out.headers.getSetCookie().find((c) => c.startsWith("session="))).toMatch(/Max-Age=0/);
    expect((await me(user.cookie)).status).toBe(401);
  });

  it("signs out on GET only from our own pages; other sites get a button and sign nobody out", async () => {
    const user = await registerUser(app());
    const logout = (headers: Record<string, string>) => app().request(`${TEST_ORIGIN}/api/logout`, { headers: { cookie: user.cookie, ...headers } });
    const foreign: Record<string, string>[] = [{ "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }, {},
      { referer: "https://evil.example/page" }, { "sec-fetch-site": "cross-site", referer: `${TEST_ORIGIN}/portfolio` }];
    for (const headers of foreign) {
      const res = await logout(headers);
      expect(res.status).toBe(200);
      const page = await res.text();
      expect(page).toContain('<form method="post" action="/api/logout">');
      expect(page).toContain("Sign out</button>");
      expect(res.headers.getSetCookie()).toEqual([]);
      expect((await me(user.cookie)).status).toBe(200);
    }
    // A sibling subdomain cannot press the button for the visitor either.
    const sibling = await app().request(`${TEST_ORIGIN}/api/logout`, {
      method: "POST", headers: { cookie: user.cookie, "sec-fetch-site": "same-site", "content-type": "application/x-www-form-urlencoded" }, body: "",
    });
    expect(sibling.status).toBe(403);
    expect((await me(user.cookie)).status).toBe(200);
    const pressed = await formPost(app(), "/api/logout", {}, { cookie: user.cookie, "sec-fetch-site": "same-origin" });
    expect(pressed.status).toBe(302);
    expect(pressed.headers.get("location")).toBe("/");
    expect((await me(user.cookie)).status).toBe(401);

    const own: Record<string, string>[] = [{ "sec-fetch-site": "none" }, { referer: `${TEST_ORIGIN}/portfolio` }];
    for (const headers of own) {
      const again = await registerUser(app());
      const res = await app().request(`${TEST_ORIGIN}/api/logout`, { headers: { cookie: again.cookie, ...headers } });
      expect(res.status).toBe(302);
      expect((await me(again.cookie)).status).toBe(401);
    }
  });

  it("refuses expired sessions and deletes them", async () => {
    const user = await registerUser(app());
    await updateSessionExpiry(getDb(), hashToken(tokenOf(user.cookie)), new Date(Date.now() - 1000));
    expect((await me(user.cookie)).status).toBe(401);
    await updateSessionExpiry(getDb(), hashToken(tokenOf(user.cookie)), new Date(Date.now() + DAY));
    expect((await me(user.cookie)).status).toBe(401); // the row is gone, extending it changes nothing
  });

  it("slides: a session in the second half of its life is extended and the cookie re-sent", async () => {
    const user = await registerUser(app());
    const fresh = await me(user.cookie);
    expect(fresh.res.headers.getSetCookie()).toEqual([]);
    await updateSessionExpiry(getDb(), hashToken(tokenOf(user.cookie)), new Date(Date.now() + 5 * DAY));
    const slid = await me(user.cookie);
    expect(slid.status).toBe(200);
    const cookie = slid.res.headers.getSetCookie().find((c) => c.startsWith("session="))!;
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)![1]!);
    expect(expires).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(cookie).toContain(tokenOf(user.cookie));
    // A publicly cacheable answer never carries the cookie (a CDN could replay it to others),
    // and the session is then left alone so a later private answer still refreshes it.
    await updateSessionExpiry(getDb(), hashToken(tokenOf(user.cookie)), new Date(Date.now() + 5 * DAY));
    const publicAnswer = await app().request(`${TEST_ORIGIN}/api/domain-prices/common`, { headers: { cookie: user.cookie } });
    expect(publicAnswer.headers.get("cache-control")).toMatch(/public/);
    expect(publicAnswer.headers.getSetCookie()).toEqual([]);
    // tRPC answers are raw Responses; the refreshed cookie must reach them as well.
    const viaTrpc = await app().request(`${TEST_ORIGIN}/trpc/auth.me`, { headers: { cookie: user.cookie } });
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.headers.getSetCookie().some((c) => c.startsWith(`${user.cookie};`))).toBe(true);
  });

  it("rotates at sign-in: the cookie presented is invalidated and a new one issued", async () => {
    const user = await registerUser(app());
    const res = await formPost(app(), "/api/login", { email: user.email, password: user.password }, { cookie: user.cookie });
    expect(res.status).toBe(302);
    const fresh = sessionCookieOf(res)!;
    expect(fresh).not.toBe(user.cookie);
    expect(res.headers.getSetCookie().filter((c) => c.startsWith("session="))).toHaveLength(1);
    expect((await me(user.cookie)).status).toBe(401);
    expect((await me(fresh)).status).toBe(200);
  });

  it("rejects a wrong password with 401 and a clear message on the re-rendered page, keeping the e-mail", async () => {
    const user = await registerUser(app());
    const res = await formPost(app(), "/api/login", { email: user.email, password: "wrong password" });
    expect(res.status).toBe(401);
    const page = await res.text();
    expect(page).toContain("Incorrect e-mail or password");
    expect(page).toContain(`value="${user.email}"`);
    expect(sessionCookieOf(res)).toBeNull();
    const json = await app().request(`${TEST_ORIGIN}/api/login`, {
      method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": "10.9.9.9" },
      body: JSON.stringify({ email: user.email, password: "nope nope" }),
    });
    expect(json.status).toBe(401);
    expect(await json.json()).toEqual({ message: "Incorrect e-mail or password" });
  });

  it("validates registration: e-mail format, password length, duplicate e-mail (409)", async () => {
    const bad = await formPost(app(), "/api/register", { email: "not-an-email", password: "long enough pw" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Enter a valid e-mail address");
    const short = await formPost(app(), "/api/register", { email: "short@example.com", password: "short" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Password must be at least 8 characters");
    const user = await registerUser(app());
    const dup = await formPost(app(), "/api/register", { email: user.email.toUpperCase(), password: "another password" });
    expect(dup.status).toBe(409);
    expect(await dup.text()).toContain("An account with this e-mail already exists");
  });

  it("serves a script-free login page; signed-in visitors are sent on; returnTo never leaves the site", async () => {
    const page = await app().request(`${TEST_ORIGIN}/api/login?returnTo=/portfolio`);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('action="/api/login"');
    expect(text).toContain('action="/api/register"');
    expect(text).toContain('name="returnTo" value="/portfolio"');
    expect(text).not.toContain("<script");
    // The site's name and top bar, as on every other page.
    expect(text).toContain("<title>Sign in | TLDScope</title>");
    expect(text).toContain('<header class="site-bar"><a href="/"><span aria-hidden="true">T</span>TLDScope</a></header>');
    expect(text).toContain("<h1>Sign in to TLDScope</h1>");
    const user = await registerUser(app());
    const again = await app().request(`${TEST_ORIGIN}/api/login`, { headers: { cookie: user.cookie } });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/");
    for (const [returnTo, expected] of [["/portfolio?x=1", "/portfolio?x=1"], ["//evil.example", "/"], ["https://evil.example", "/"], ["/\\evil.example", "/"]]) {
      const res = await formPost(app(), "/api/login", { email: user.email, password: user.password, returnTo: returnTo! });
      expect(res.headers.get("location")).toBe(expected);
    }
  });

  it("refuses a cross-site sign-in form post (CSRF rule)", async () => {
    const user = await registerUser(app());
    const res = await formPost(app(), "/api/login", { email: user.email, password: user.password }, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(sessionCookieOf(res)).toBeNull();
  });

  it("guards admin calls server-side: /api/admin/ping is 401, 403 or 200", async () => {
    expect((await getJson(app(), "/api/admin/ping")).status).toBe(401);
    const plain = await registerUser(app());
    expect(await getJson(app(), "/api/admin/ping", { headers: { cookie: plain.cookie } })).toMatchObject({
      status: 403, body: { message: "Admin privileges required" },
    });
    const boss = await registerUser(app(), { email: `boss+${Date.now()}@example.com` });
    await grantAdmin(getDb(), boss.email);
    expect((await getJson(app(), "/api/admin/ping", { headers: { cookie: boss.cookie } })).status).toBe(200);
  });

  it("exposes auth.me over tRPC: the user, or null when signed out", async () => {
    const user = await registerUser(app());
    const signedIn = await getJson<{ result: { data: unknown } }>(app(), "/trpc/auth.me", { headers: { cookie: user.cookie } });
    expect(signedIn.body.result.data).toMatchObject({ email: user.email, isAdmin: false });
    const signedOut = await getJson<{ result: { data: unknown } }>(app(), "/trpc/auth.me");
    expect(signedOut.body.result.data).toBeNull();
  });
});
