import { afterAll, beforeAll, expect, it } from "vitest";
import { findUserByEmail } from "../../../../db/repositories/user-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { linkIn, mailEnv, settle, tokenOf, waitForMail } from "../../testing/account-mail.ts";
import { AUTH_TEST_ENV, authed, formPost, registerUser, sessionCookieOf } from "../../testing/auth.ts";
import { startSmtpFake, type SmtpFake } from "../../testing/smtp-fake.ts";
import { createTestApp, TEST_ORIGIN } from "../../testing/test-app.ts";
import { PASSWORD_IS_EMAIL } from "./password-policy.ts";

let smtp: SmtpFake;
/** A mail server of its own for each database's run, so the two runs' mails to one address never mix. */
function useSmtp() {
  beforeAll(async () => {
    smtp = await startSmtpFake();
  });
  afterAll(async () => {
    await smtp.close();
  });
}

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

type Overview = {
  profile: { email: string };
  sessions: { id: string; device: string; ip: string | null; lastSeenAt: string; current: boolean }[];
};

forEachDialect("account settings", (getDb) => {
  useSmtp();
  const app = () => createTestApp(getDb(), { env: { ...AUTH_TEST_ENV, ...mailEnv(smtp) } });
  const signIn = async (email: string, password: string, headers: Record<string, string> = {}) => {
    const res = await formPost(app(), "/api/login", { email, password }, headers);
    expect(res.status).toBe(302);
    return sessionCookieOf(res)!;
  };

  it("changes the password with the current one, signs out the other sessions and keeps this one", async () => {
    const user = await registerUser(app(), { email: "changer@example.com" });
    const laptop = await signIn(user.email, user.password, { "user-agent": FIREFOX });
    const as = authed(app(), user.cookie);
    const wrong = await as("/api/account/password", { method: "POST", body: { currentPassword: "not my password", newPassword: "a better passphrase" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: "Your current password is not right.", issues: [{ field: "currentPassword" }] });
    const missing = await as("/api/account/password", { method: "POST", body: { newPassword: "a better passphrase" } });
    expect(missing.status).toBe(400);
    const asEmail = await as("/api/account/password", { method: "POST", body: { currentPassword: user.password, newPassword: user.email } });
    expect(asEmail.status).toBe(400);
    expect(asEmail.body).toMatchObject({ message: PASSWORD_IS_EMAIL, issues: [{ field: "newPassword", message: PASSWORD_IS_EMAIL }] });
    const common = await as("/api/account/password", { method: "POST", body: { currentPassword: user.password, newPassword: "iloveyou123" } });
    expect(common.status).toBe(400);
    expect((common.body as { message: string }).message).toMatch(/commonly used passwords/);

    const ok = await as("/api/account/password", { method: "POST", body: { currentPassword: user.password, newPassword: "a better passphrase" } });
    expect(ok.status).toBe(200);
    expect((await as("/api/auth/user")).status).toBe(200);
    expect((await authed(app(), laptop)("/api/auth/user")).status).toBe(401);
    expect((await formPost(app(), "/api/login", { email: user.email, password: "a better passphrase" })).status).toBe(302);
    expect((await waitForMail(smtp, user.email)).subject).toBe("Your TLDScope password was changed");
    // tRPC door, same rule.
    const viaTrpc = await as("/trpc/account.changePassword", { method: "POST", body: { currentPassword: "wrong again", newPassword: "whatever new pass" } });
    expect(viaTrpc.status).toBe(400);
  });

  it("changes the address through a link to the new one, acted on by POST only, and tells the old one", async () => {
    const user = await registerUser(app(), { email: "old-address@example.com" });
    const other = await registerUser(app(), { email: "taken-address@example.com" });
    const as = authed(app(), user.cookie);
    const asked = await as("/api/account/email", { method: "POST", body: { newEmail: "New-Address@Example.com", currentPassword: user.password } });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ sentTo: "new-address@example.com" });
    const link = linkIn(await waitForMail(smtp, "new-address@example.com"), "/api/account/email/confirm");

    // Opening the link (a GET, as a mail scanner would) only shows the button.
    const opened = await app().request(`${TEST_ORIGIN}${link}`);
    expect(opened.status).toBe(200);
    const openedPage = await opened.text();
    expect(openedPage).toContain("new-address@example.com");
    // It says that pressing the button finishes, so nobody closes it thinking it is done.
    expect(openedPage).toContain("Press the button to finish: until then the account old-address@example.com keeps its address");
    expect((await findUserByEmail(getDb(), "old-address@example.com"))).not.toBeNull();

    const confirmed = await formPost(app(), "/api/account/email/confirm", { token: tokenOf(link) });
    expect(confirmed.status).toBe(200);
    expect(await findUserByEmail(getDb(), "old-address@example.com")).toBeNull();
    expect((await as<{ email: string }>("/api/auth/user")).body.email).toBe("new-address@example.com");
    const told = await waitForMail(smtp, "old-address@example.com");
    expect(told.subject).toBe("Your TLDScope address was changed");
    expect(told.text).toContain("new-address@example.com");
    // Single use.
    expect((await formPost(app(), "/api/account/email/confirm", { token: tokenOf(link) })).status).toBe(400);

    // An address another account uses gets the same answer; only that address hears of it.
    const taken = await as("/api/account/email", { method: "POST", body: { newEmail: other.email, currentPassword: user.password } });
    expect(taken.status).toBe(202);
    expect(taken.body).toEqual({ sentTo: other.email });
    expect((await waitForMail(smtp, other.email)).subject).toBe("This address already has a TLDScope account");
    const wrongPassword = await as("/api/account/email", { method: "POST", body: { newEmail: "third@example.com", currentPassword: "nope nope nope" } });
    expect(wrongPassword.status).toBe(400);
    await settle();
    expect(smtp.mailsTo("third@example.com")).toEqual([]);
  });

  it("lists the sessions with device, address and last use, and signs one or every other out", async () => {
    const user = await registerUser(app(), { email: "many-devices@example.com" });
    const phone = await signIn(user.email, user.password, { "user-agent": PHONE, "x-forwarded-for": "203.0.113.20" });
    const laptop = await signIn(user.email, user.password, { "user-agent": FIREFOX, "x-forwarded-for": "203.0.113.21" });
    const stranger = await registerUser(app(), { email: "not-mine@example.com" });
    const fromLaptop = authed(app(), laptop);
    const overview = (await fromLaptop<Overview>("/api/account")).body;
    expect(overview.sessions).toHaveLength(3);
    const devices = overview.sessions.map((s) => [s.device, s.ip, s.current]);
    // The laptop's address is the one it was last used from: this request's (the test's loopback peer).
    expect(devices).toEqual(expect.arrayContaining([["Safari on iPhone", "203.0.113.20", false], ["Firefox on Windows", "127.0.0.1", true]]));
    expect(overview.sessions.every((s) => !Number.isNaN(Date.parse(s.lastSeenAt)))).toBe(true);

    const phoneSession = overview.sessions.find((s) => s.device === "Safari on iPhone")!;
    // Another user cannot end it.
    expect((await authed(app(), stranger.cookie)(`/api/account/sessions/${phoneSession.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await authed(app(), phone)("/api/auth/user")).status).toBe(200);
    expect((await fromLaptop(`/api/account/sessions/${phoneSession.id}`, { method: "DELETE" })).body).toEqual({ removed: true, current: false });
    expect((await authed(app(), phone)("/api/auth/user")).status).toBe(401);
    expect((await fromLaptop(`/api/account/sessions/${phoneSession.id}`, { method: "DELETE" })).status).toBe(404);

    const others = await fromLaptop<{ ended: number }>("/api/account/sessions/sign-out-others", { method: "POST" });
    expect(others.body).toEqual({ ended: 1 });
    expect((await authed(app(), user.cookie)("/api/auth/user")).status).toBe(401);
    expect((await fromLaptop<Overview>("/api/account")).body.sessions.map((s) => s.current)).toEqual([true]);
    expect((await authed(app(), stranger.cookie)("/api/auth/user")).status).toBe(200);
  });

  it("refuses every account route without a session", async () => {
    for (const [method, path] of [["GET", "/api/account"], ["POST", "/api/account/password"], ["POST", "/api/account/email"], ["GET", "/api/account/sessions"],
      ["POST", "/api/account/sessions/sign-out-others"], ["POST", "/api/account/two-factor/setup"], ["GET", "/api/account/export"], ["POST", "/api/account/delete"]] as const) {
      const res = await app().request(`${TEST_ORIGIN}${path}`, { method, headers: { origin: TEST_ORIGIN, "content-type": "application/json" }, body: method === "GET" ? undefined : "{}" });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});
