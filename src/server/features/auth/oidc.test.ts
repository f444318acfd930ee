import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { formPost, registerUser, sessionCookieOf } from "../../testing/auth.ts";
import { createTestApp, getJson, TEST_ORIGIN } from "../../testing/test-app.ts";
import { startOidcProvider, type Tamper } from "../../testing/oidc-provider.ts";

const CLIENT = { id: "tldscope-test", secret: "s3cret:with/odd&chars" };

forEachDialect("OpenID Connect sign-in", (getDb) => {
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  beforeAll(async () => {
    provider = await startOidcProvider(CLIENT);
  });
  afterAll(() => provider.close());
  beforeEach(() => {
    provider.state.tamper = "honest";
    provider.state.signWith = "RS256";
    provider.state.identity = { sub: "subject-1", email: "oidc@example.com", email_verified: true, given_name: "Olive" };
  });
  const app = (issuer = provider.issuer) => createTestApp(getDb(), {
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret, TRUSTED_PROXIES: "127.0.0.1", ADMIN_EMAILS: "chief@example.com" },
  });

  /** Browser round trip: /api/login → provider → /api/auth/callback (optionally with a doctored callback URL). */
  async function signIn(options: { editCallback?: (url: URL) => void; dropFlowCookie?: boolean; issuer?: string } = {}) {
    const issuer = options.issuer ?? provider.issuer;
    const start = await app(issuer).request(`${TEST_ORIGIN}/api/login?returnTo=/portfolio`);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("location")!);
    expect(authorize.origin + authorize.pathname).toBe(`${issuer}/authorize`);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${TEST_ORIGIN}/api/auth/callback`);
    const flowCookie = start.headers.getSetCookie().find((c) => c.startsWith("oidc_flow="))!;
    expect(flowCookie).toMatch(/HttpOnly/);
    const atProvider = await fetch(authorize, { redirect: "manual" });
    expect(atProvider.status).toBe(302);
    const callback = new URL(atProvider.headers.get("location")!);
    options.editCallback?.(callback);
    return app(issuer).request(callback.toString(), { headers: options.dropFlowCookie ? {} : { cookie: flowCookie.split(";")[0]! } });
  }

  /** Rows in users and sessions, to prove a refused sign-in wrote neither. */
  async function stored() {
    const { orm: db, t } = getDb();
    const [users] = await db.select({ n: count() }).from(t.users);
    const [sessions] = await db.select({ n: count() }).from(t.sessions);
    return { users: Number(users!.n), sessions: Number(sessions!.n) };
  }

  /** A refused callback: the sign-in error page with its message, no session cookie, nothing stored. */
  async function expectRefused(res: Response, before: { users: number; sessions: number }, status: number, message: string) {
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const page = await res.text();
    expect(page).toContain("Sign-in failed");
    expect(page).toContain(message);
    expect(sessionCookieOf(res)).toBeNull();
    expect(await stored()).toEqual(before);
  }

  const meOf = async (res: Response) =>
    (await getJson<{ id: number; email: string; firstName: string }>(app(), "/api/auth/user", { headers: { cookie: sessionCookieOf(res)! } })).body;

  it("turns line breaks and direction overrides in the provider's given name into spaces", async () => {
    provider.state.identity = { sub: "subject-crlf", email: "crlf@example.com", email_verified: true, given_name: "Eve\r\nBcc: all@example.com\u202e" };
    const res = await signIn();
    expect(res.status).toBe(302);
    expect((await meOf(res)).firstName).toBe("Eve  Bcc: all@example.com");
  });

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

  it("signs in with an ID token signed with ES256 (P-256) as well as RS256", async () => {
    provider.state.signWith = "ES256";
    const res = await signIn();
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/portfolio");
    expect(await meOf(res)).toMatchObject({ email: "oidc@example.com", firstName: "Olive" });
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
    const [row] = await getDb().orm.select({ isAdmin: getDb().t.users.isAdmin }).from(getDb().t.users).where(eq(getDb().t.users.email, "chief@example.com"));
    expect(row?.isAdmin).toBe(true);
    provider.state.identity = { sub: "subject-1", email: "oidc@example.com", email_verified: true, given_name: "Olive" };
  });

  it("answers a state mismatch or a missing flow cookie with 400 and no session", async () => {
    const before = await stored();
    const tampered = await signIn({ editCallback: (u) => u.searchParams.set("state", "forged") });
    await expectRefused(tampered, before, 400, "has expired or did not start here");
    const noCookie = await signIn({ dropFlowCookie: true });
    await expectRefused(noCookie, before, 400, "has expired or did not start here");
  });

  const refusedTokens: [Tamper, string][] = [
    ["algNone", "alg none, unsigned"],
    ["hs256WithPublicKey", "HS256 keyed with the RSA public key"],
    ["badSignature", "a published kid but another key's signature"],
    ["unknownKid", "a kid the JWKS does not list"],
    ["wrongIssuer", "another issuer"],
    ["wrongAudience", "another audience"],
    ["expired", "an exp ten minutes past"],
    ["badNonce", "a nonce from no sign-in of ours"],
  ];
  it.each(refusedTokens)("refuses an ID token with %s (%s): 401 page, no session", async (tamper) => {
    const before = await stored();
    provider.state.identity = { sub: `subject-${tamper}`, email: `${tamper.toLowerCase()}@example.com`, email_verified: true, given_name: "Eve" };
    provider.state.tamper = tamper;
    await expectRefused(await signIn(), before, 401, "could not be verified");
  });

  it("accepts a token signed with a newly rotated key after fetching the JWKS again, and refuses a kid the fetched JWKS lacks", async () => {
    expect((await signIn()).status).toBe(302);
    const fetchesBefore = provider.state.jwksFetches;
    provider.rotateRsaKey();
    const rotated = await signIn();
    expect(rotated.status).toBe(302);
    expect(await meOf(rotated)).toMatchObject({ email: "oidc@example.com" });
    expect(provider.state.jwksFetches).toBeGreaterThan(fetchesBefore);

    const before = await stored();
    const fetchesBeforeUnknown = provider.state.jwksFetches;
    provider.state.tamper = "unknownKid";
    await expectRefused(await signIn(), before, 401, "could not be verified");
    expect(provider.state.jwksFetches).toBeGreaterThan(fetchesBeforeUnknown);
  });

  describe("with a provider whose metadata lists none and HS256 as ID-token algorithms", () => {
    let lax: Awaited<ReturnType<typeof startOidcProvider>>;
    beforeAll(async () => {
      lax = await startOidcProvider(CLIENT, { advertisedAlgs: ["RS256", "ES256", "HS256", "none"] });
    });
    afterAll(() => lax.close());

    it("still signs in with RS256 and refuses alg none and HS256-with-public-key", async () => {
      expect((await signIn({ issuer: lax.issuer })).status).toBe(302);
      for (const tamper of ["algNone", "hs256WithPublicKey"] as const) {
        const before = await stored();
        lax.state.identity = { sub: `lax-${tamper}`, email: `lax-${tamper.toLowerCase()}@example.com`, email_verified: true };
        lax.state.tamper = tamper;
        await expectRefused(await signIn({ issuer: lax.issuer }), before, 401, "could not be verified");
      }
    });
  });

  it("answers 503 with no session when the provider stops answering before the code exchange", async () => {
    const brief = await startOidcProvider(CLIENT);
    const before = await stored();
    const res = await signIn({ issuer: brief.issuer, editCallback: () => void brief.close() });
    await expectRefused(res, before, 503, "The identity provider is not reachable");
  });

  it("refuses a plain-http issuer that is not on this machine, with a page saying so", async () => {
    const res = await app("http://sso.example.test").request(`${TEST_ORIGIN}/api/login`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("OIDC_ISSUER must be an https URL");
    expect(res.headers.getSetCookie().find((c) => c.startsWith("oidc_flow="))).toBeUndefined();
  });

  it("turns password sign-in off while single sign-on is configured", async () => {
    const res = await formPost(app(), "/api/login", { email: "oidc@example.com", password: "whatever pw" });
    expect(res.status).toBe(404);
  });
});
