import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { formPost, registerUser, sessionCookieOf } from "../../testing/auth.ts";
import { createTestApp, getJson, TEST_ORIGIN } from "../../testing/test-app.ts";
import { startOidcProvider } from "./oidc-test-provider.ts";

const CLIENT = { id: "tldscope-test", secret: "s3cret:with/odd&chars" };

forEachDialect("OpenID Connect sign-in", (getDb) => {
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  beforeAll(async () => {
    provider = await startOidcProvider(CLIENT);
  });
  afterAll(() => provider.close());
  beforeEach(() => {
    provider.state.tamper = "none";
  });
  const app = () => createTestApp(getDb(), {
    env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret, TRUSTED_PROXIES: "127.0.0.1", ADMIN_EMAILS: "chief@example.com" },
  });

  /** Browser round trip: /api/login → provider → /api/auth/callback (optionally with a doctored callback URL). */
  async function signIn(options: { editCallback?: (url: URL) => void; dropFlowCookie?: boolean } = {}) {
    const start = await app().request(`${TEST_ORIGIN}/api/login?returnTo=/portfolio`);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("location")!);
    expect(authorize.origin + authorize.pathname).toBe(`${provider.issuer}/authorize`);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${TEST_ORIGIN}/api/auth/callback`);
    const flowCookie = start.headers.getSetCookie().find((c) => c.startsWith("oidc_flow="))!;
    expect(flowCookie).toMatch(/HttpOnly/);
    const atProvider = await fetch(authorize, { redirect: "manual" });
    expect(atProvider.status).toBe(302);
    const callback = new URL(atProvider.headers.get("location")!);
    options.editCallback?.(callback);
    return app().request(callback.toString(), { headers: options.dropFlowCookie ? {} : { cookie: flowCookie.split(";")[0]! } });
  }

  it("signs in through the provider, creates the account once and returns to the page asked for", async () => {
    const res = await signIn();
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/portfolio");
    expect(res.headers.getSetCookie().find((c) => c.startsWith("oidc_flow="))).toMatch(/Max-Age=0/);
    const cookie = sessionCookieOf(res)!;
    const me = await getJson<{ id: number; email: string; firstName: string }>(app(), "/api/auth/user", { headers: { cookie } });
    expect(me.body).toMatchObject({ email: "oidc@example.com", firstName: "Olive" });
    const again = await signIn();
    const meAgain = await getJson<{ id: number }>(app(), "/api/auth/user", { headers: { cookie: sessionCookieOf(again)! } });
    expect(meAgain.body.id).toBe(me.body.id);
  });

  it("links an existing account by verified e-mail", async () => {
    const password = createTestApp(getDb(), { env: { TRUSTED_PROXIES: "127.0.0.1" } });
    const existing = await registerUser(password, { email: "linked@example.com" });
    const before = await getJson<{ id: number }>(password, "/api/auth/user", { headers: { cookie: existing.cookie } });
    provider.state.identity = { sub: "subject-linked", email: "Linked@Example.com", email_verified: true, given_name: "Lin" };
    const res = await signIn();
    const after = await getJson<{ id: number }>(app(), "/api/auth/user", { headers: { cookie: sessionCookieOf(res)! } });
    expect(after.body.id).toBe(before.body.id);
    provider.state.identity = { sub: "subject-1", email: "oidc@example.com", email_verified: true, given_name: "Olive" };
  });

  it("makes an ADMIN_EMAILS address admin only when the provider verified it, and stores it", async () => {
    const meOf = async (res: Response) =>
      (await getJson<{ email: string; isAdmin: boolean }>(app(), "/api/auth/user", { headers: { cookie: sessionCookieOf(res)! } })).body;
    provider.state.identity = { sub: "subject-unverified", email: "Chief@example.com", email_verified: false, given_name: "Mallory" };
    expect(await meOf(await signIn())).toMatchObject({ email: "chief@example.com", isAdmin: false });
    // The same account signs in again and the provider now vouches for the address: promoted.
    provider.state.identity = { sub: "subject-unverified", email: "chief@example.com", email_verified: true, given_name: "Chief" };
    const verified = await signIn();
    expect(await meOf(verified)).toMatchObject({ email: "chief@example.com", isAdmin: true });
    const [row] = await getDb().db.select({ isAdmin: getDb().t.users.isAdmin }).from(getDb().t.users).where(eq(getDb().t.users.email, "chief@example.com"));
    expect(row?.isAdmin).toBe(true);
    provider.state.identity = { sub: "subject-1", email: "oidc@example.com", email_verified: true, given_name: "Olive" };
  });

  it("answers a state mismatch or a missing flow cookie with 400 and no session", async () => {
    const tampered = await signIn({ editCallback: (u) => u.searchParams.set("state", "forged") });
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain("Sign-in failed");
    expect(sessionCookieOf(tampered)).toBeNull();
    const noCookie = await signIn({ dropFlowCookie: true });
    expect(noCookie.status).toBe(400);
  });

  it.each(["badNonce", "badSignature", "wrongAudience", "expired"] as const)("refuses an ID token with %s (401)", async (tamper) => {
    provider.state.tamper = tamper;
    const res = await signIn();
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("could not be verified");
    expect(sessionCookieOf(res)).toBeNull();
  });

  it("turns password sign-in off while single sign-on is configured", async () => {
    const res = await formPost(app(), "/api/login", { email: "oidc@example.com", password: "whatever pw" });
    expect(res.status).toBe(404);
  });
});
