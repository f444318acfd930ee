import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateTOTP } from "@oslojs/otp";
import { afterEach, expect, it, vi } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, formPost, registerUser, sessionCookieOf } from "../../testing/auth.ts";
import { createTestApp, TEST_ORIGIN } from "../../testing/test-app.ts";
import { CODE_REUSED, TOTP_FAILURES_ALLOWED, WRONG_CODE } from "./two-factor.ts";

/** A fixed clock at the start of a 30-second step, moved by hand. */
const T0 = Date.UTC(2027, 2, 1, 9, 0, 0);
const at = (ms: number) => vi.setSystemTime(ms);
afterEach(() => {
  vi.useRealTimers();
});

/** What an authenticator app shows now (on the faked clock) for this secret. */
const appCode = (secret: string) => generateTOTP(decodeBase32IgnorePadding(secret), 30, 6);

forEachDialect("two-step sign-in", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });
  const post = (path: string, body: unknown, ip = "198.51.100.30") => app().request(`${TEST_ORIGIN}${path}`, {
    method: "POST", headers: { "content-type": "application/json", origin: TEST_ORIGIN, "x-forwarded-for": ip }, body: JSON.stringify(body),
  });
  const passwordStep = async (email: string, password: string, ip?: string) => {
    const res = await post("/api/login", { email, password }, ip);
    expect(res.status).toBe(200);
    expect(sessionCookieOf(res)).toBeNull();
    const body = (await res.json()) as { twoFactorRequired: boolean; token: string };
    expect(body.twoFactorRequired).toBe(true);
    return body.token;
  };

  async function enrolled(email: string) {
    vi.useFakeTimers({ toFake: ["Date"], now: T0 });
    const user = await registerUser(app(), { email });
    const as = authed(app(), user.cookie);
    const setup = await as<{ secret: string; uri: string; qrSvg: string }>("/api/account/two-factor/setup", { method: "POST", body: { password: user.password } });
    expect(setup.status).toBe(200);
    const wrong = await as("/api/account/two-factor/enable", { method: "POST", body: { code: "000000" === appCode(setup.body.secret) ? "111111" : "000000", password: user.password } });
    expect(wrong.status).toBe(400);
    const enabled = await as<{ recoveryCodes: string[] }>("/api/account/two-factor/enable", { method: "POST", body: { code: appCode(setup.body.secret), password: user.password } });
    expect(enabled.status).toBe(200);
    return { user, as, secret: setup.body.secret, setup: setup.body, recoveryCodes: enabled.body.recoveryCodes };
  }

  it("sets up with a QR code and a code check, shows ten recovery codes once, and keeps the secret encrypted", async () => {
    const { as, setup, recoveryCodes, user } = await enrolled("qr@example.com");
    expect(setup.uri).toMatch(new RegExp(`^otpauth://totp/TLDScope:qr%40example\\.com\\?issuer=TLDScope&algorithm=SHA1&secret=${setup.secret}&period=30&digits=6$`));
    expect(setup.qrSvg).toMatch(/^<svg[^>]*viewBox/);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await getDb().orm.select().from(getDb().t.userTotp);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.secretEncrypted).toMatch(/^v1:/);
    expect(stored[0]!.secretEncrypted).not.toContain(setup.secret);
    const codes = await getDb().orm.select().from(getDb().t.userRecoveryCodes);
    expect(codes.map((c) => c.codeHash)).not.toContain(recoveryCodes[0]);
    expect((await as<{ twoFactor: unknown }>("/api/account")).body.twoFactor).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // Set up twice: refused while it is on.
    expect((await as("/api/account/two-factor/setup", { method: "POST", body: { password: user.password } })).status).toBe(409);
    expect(user.email).toBe("qr@example.com");
  });

  it("asks for the code after the password, accepts each step once, and refuses codes from too long ago", async () => {
    const { user, secret } = await enrolled("asked@example.com");
    const firstCode = appCode(secret); // the step the set-up used
    const token = await passwordStep(user.email, user.password);
    expect((await post("/api/login/two-factor", { token, code: firstCode })).status).toBe(400);
    const reused = await post("/api/login/two-factor", { token, code: firstCode });
    expect(((await reused.json()) as { message: string }).message).toBe(CODE_REUSED);

    at(T0 + 30_000);
    const ok = await post("/api/login/two-factor", { token, code: appCode(secret) });
    expect(ok.status).toBe(200);
    const cookie = sessionCookieOf(ok)!;
    expect((await authed(app(), cookie)<{ email: string }>("/api/auth/user")).body.email).toBe(user.email);
    // The prompt's token was used up by the right code.
    expect((await post("/api/login/two-factor", { token, code: appCode(secret) })).status).toBe(400);

    // A code two steps old no longer works; one a step ahead does (clock drift).
    const token2 = await passwordStep(user.email, user.password);
    at(T0 + 60_000);
    const old = appCode(secret);
    at(T0 + 120_000);
    expect((await post("/api/login/two-factor", { token: token2, code: old })).status).toBe(400);
    at(T0 + 150_000);
    const ahead = appCode(secret);
    at(T0 + 120_000);
    expect((await post("/api/login/two-factor", { token: token2, code: ahead })).status).toBe(200);
  });

  it("shows the code prompt to a browser and signs in from it", async () => {
    const { user, secret } = await enrolled("browser-2fa@example.com");
    const page = await formPost(app(), "/api/login", { email: user.email, password: user.password, returnTo: "/portfolio" });
    expect(page.status).toBe(200);
    expect(sessionCookieOf(page)).toBeNull();
    const html = await page.text();
    expect(html).toContain('action="/api/login/two-factor"');
    const token = /name="token" value="([a-z2-7]{32})"/.exec(html)![1]!;
    const wrong = await formPost(app(), "/api/login/two-factor", { token, code: "123456" === appCode(secret) ? "654321" : "123456", returnTo: "/portfolio" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(WRONG_CODE);
    at(T0 + 30_000);
    const done = await formPost(app(), "/api/login/two-factor", { token, code: appCode(secret), returnTo: "/portfolio" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/portfolio");
    expect(sessionCookieOf(done)).not.toBeNull();
  });

  it("locks out six-digit codes after repeated failures with 429 and Retry-After, but never the owner's recovery code", async () => {
    const { user, secret, recoveryCodes } = await enrolled("guessed@example.com");
    const token = await passwordStep(user.email, user.password, "203.0.113.66");
    at(T0 + 30_000);
    const right = appCode(secret);
    const wrong = right === "999999" ? "888888" : "999999";
    for (let i = 0; i < TOTP_FAILURES_ALLOWED; i++) expect((await post("/api/login/two-factor", { token, code: wrong }, "203.0.113.66")).status).toBe(400);
    const locked = await post("/api/login/two-factor", { token, code: right }, "203.0.113.66");
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await locked.json()) as { message: string }).message).toMatch(/Use one of your recovery codes/);

    // The owner, from their own network, signs in with a recovery code meanwhile.
    const ownerToken = await passwordStep(user.email, user.password, "192.0.2.10");
    const viaRecovery = await post("/api/login/two-factor", { token: ownerToken, code: recoveryCodes[0]!.toUpperCase().replace("-", " ") }, "192.0.2.10");
    expect(viaRecovery.status).toBe(200);
    expect(sessionCookieOf(viaRecovery)).not.toBeNull();
    // Each recovery code works once.
    const again = await passwordStep(user.email, user.password, "192.0.2.10");
    expect((await post("/api/login/two-factor", { token: again, code: recoveryCodes[0] }, "192.0.2.10")).status).toBe(400);
    expect((await post("/api/login/two-factor", { token: again, code: recoveryCodes[1] }, "192.0.2.10")).status).toBe(200);
    // The window passes: six-digit codes work again.
    at(T0 + 16 * 60_000);
    const later = await passwordStep(user.email, user.password, "203.0.113.66");
    expect((await post("/api/login/two-factor", { token: later, code: appCode(secret) }, "203.0.113.66")).status).toBe(200);
  });

  it("turns off only with the password and a code, and new recovery codes replace the old", async () => {
    const { as, secret, recoveryCodes } = await enrolled("off@example.com");
    at(T0 + 30_000);
    const renewed = await as<{ recoveryCodes: string[] }>("/api/account/two-factor/recovery-codes", { method: "POST", body: { password: "correct horse battery", code: appCode(secret) } });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    expect(renewed.body.recoveryCodes).not.toContain(recoveryCodes[0]);
    const noPassword = await as("/api/account/two-factor/disable", { method: "POST", body: { code: recoveryCodes[2] } });
    expect(noPassword.status).toBe(400);
    const oldCode = await as("/api/account/two-factor/disable", { method: "POST", body: { password: "correct horse battery", code: recoveryCodes[2] } });
    expect(oldCode.status).toBe(400);
    const off = await as("/api/account/two-factor/disable", { method: "POST", body: { password: "correct horse battery", code: renewed.body.recoveryCodes[0] } });
    expect(off.status).toBe(200);
    const myId = (await as<{ profile: { id: number } }>("/api/account")).body.profile.id;
    expect((await getDb().orm.select().from(getDb().t.userRecoveryCodes)).filter((c) => c.userId === myId)).toEqual([]);
    expect((await getDb().orm.select().from(getDb().t.userTotp)).filter((c) => c.userId === myId)).toEqual([]);
    // The next sign-in needs the password only.
    const signIn = await formPost(app(), "/api/login", { email: "off@example.com", password: "correct horse battery" });
    expect(signIn.status).toBe(302);
  });
});
