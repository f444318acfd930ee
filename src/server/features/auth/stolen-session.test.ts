/**
 * What a stolen session cookie can and cannot do: everything that changes how one signs in or
 * who acts for the account (two-step sign-in, API keys) asks for the password and is told to the
 * owner by mail; a password reset or change revokes API keys unless the owner keeps them; an
 * administrator or the operator can reset a user's two-step sign-in (audited); mails to an
 * address someone else typed respect its opt-out and daily count, "+tags" included.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { suppress } from "../../../../db/repositories/mail-suppression-repository.ts";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { addressHash } from "../../domain/mail-recipients.ts";
import { linkIn, mailEnv, settle, tokenOf, waitForMail } from "../../testing/account-mail.ts";
import { AUTH_TEST_ENV, authed, formPost, registerAdmin, registerUser, sessionCookieOf } from "../../testing/auth.ts";
import { startSmtpFake, type SmtpFake } from "../../testing/smtp-fake.ts";
import { createTestApp, TEST_ORIGIN } from "../../testing/test-app.ts";
import { codeAt, turnOnTwoFactor } from "../../testing/two-factor.ts";
import { runAdminCli } from "../../admin-cli.ts";

let smtp: SmtpFake;
type Err = { message: string; issues?: { field: string; message: string }[] };
type AuditPage = { entries: { action: string; actorEmail: string; targetEmail: string | null }[] };

forEachDialect("a stolen session", (getDb) => {
  beforeAll(async () => {
    smtp = await startSmtpFake();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const app = () => createTestApp(getDb(), { env: { ...AUTH_TEST_ENV, ...mailEnv(smtp) } });
  const subjects = (to: string) => smtp.mailsTo(to).map((m) => m.subject);
  const withKey = (key: string) => app().request(`${TEST_ORIGIN}/api/user-domains`, { headers: { authorization: `Bearer ${key}` } });

  it("cannot set up or turn on two-step sign-in without the password; the owner is mailed when it goes on and off", async () => {
    const owner = await registerUser(app(), { email: "tfa-owner@example.com" });
    const thief = authed(app(), owner.cookie);
    const bare = await thief<Err>("/api/account/two-factor/setup", { method: "POST", body: {} });
    expect(bare.status).toBe(400);
    expect(bare.body.issues?.[0]).toMatchObject({ field: "password" });
    expect((await thief<Err>("/api/account/two-factor/setup", { method: "POST", body: { password: "a guess at it" } })).body.message).toBe("Your current password is not right.");
    expect(await getDb().orm.select().from(getDb().t.userTotp)).toHaveLength(0);

    // The owner, with the password, sets it up; the enable step asks for the password too.
    const setup = await thief<{ secret: string }>("/api/account/two-factor/setup", { method: "POST", body: { password: owner.password } });
    expect(setup.status).toBe(200);
    expect((await thief("/api/account/two-factor/enable", { method: "POST", body: { code: codeAt(setup.body.secret) } })).status).toBe(400);
    expect((await thief("/api/account/two-factor/enable", { method: "POST", body: { code: codeAt(setup.body.secret), password: owner.password } })).status).toBe(200);
    expect((await waitForMail(smtp, owner.email)).subject).toBe("Two-step sign-in is now on for your TLDScope account");

    expect((await thief("/api/account/two-factor/disable", { method: "POST", body: { code: codeAt(setup.body.secret, 1), password: owner.password } })).status).toBe(200);
    expect((await waitForMail(smtp, owner.email, 2)).subject).toBe("Two-step sign-in is now off for your TLDScope account");
  });

  it("cannot make an API key without the password; the owner is mailed the key's name when one is made", async () => {
    const owner = await registerUser(app(), { email: "key-owner@example.com" });
    const thief = authed(app(), owner.cookie);
    const bare = await thief<Err>("/api/api-keys", { method: "POST", body: { name: "exfil", scope: "write" } });
    expect(bare.status).toBe(400);
    expect(bare.body.issues?.[0]).toMatchObject({ field: "password" });
    expect((await thief("/api/api-keys", { method: "POST", body: { name: "exfil", scope: "write", password: "wrong wrong" } })).status).toBe(400);
    expect(await getDb().orm.select().from(getDb().t.apiKeys)).toHaveLength(0);
    await settle(100);
    expect(subjects(owner.email)).toEqual([]);

    const made = await thief<{ key: string }>("/api/api-keys", { method: "POST", body: { name: "Nightly report", scope: "write", password: owner.password } });
    expect(made.status).toBe(201);
    const mail = await waitForMail(smtp, owner.email);
    expect(mail.subject).toBe("A new API key was made for your TLDScope account");
    expect(mail.text).toContain('"Nightly report"');
    expect(mail.text).toContain(made.body.key.slice(0, 13));
    expect(mail.text).not.toContain(made.body.key);
  });

  it("revokes API keys at a password reset unless the owner keeps them, and the mail names the keys that stay", async () => {
    const owner = await registerUser(app(), { email: "reset-keys@example.com" });
    const as = authed(app(), owner.cookie);
    const key = (await as<{ key: string }>("/api/api-keys", { method: "POST", body: { name: "stolen", scope: "write", password: owner.password } })).body.key;
    expect((await withKey(key)).status).toBe(200);
    const resetWith = async (password: string, extra: Record<string, unknown>, mailNumber: number) => {
      expect((await formPost(app(), "/api/password-reset/request", { email: owner.email })).status).toBe(202);
      const link = linkIn(await waitForMail(smtp, owner.email, mailNumber), "/api/password-reset");
      const page = await app().request(`${TEST_ORIGIN}${link}`);
      expect(await page.text()).toContain("Keep my 1 API key working");
      const res = await app().request(`${TEST_ORIGIN}/api/password-reset`, {
        method: "POST", headers: { "content-type": "application/json", origin: TEST_ORIGIN }, body: JSON.stringify({ token: tokenOf(link), password, ...extra }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { apiKeysRevoked: boolean; keptApiKeys: string[] };
    };
    // Mail 1 was the new key's. Kept on purpose: the key works and the mail names it.
    const kept = await resetWith("lantern meadow copper", { keepApiKeys: true }, 2);
    expect(kept).toEqual({ ok: true, apiKeysRevoked: false, keptApiKeys: [`stolen (${key.slice(0, 13)}…)`] });
    expect((await withKey(key)).status).toBe(200);
    const keptMail = await waitForMail(smtp, owner.email, 3);
    expect(keptMail.subject).toBe("Your TLDScope password was changed");
    expect(keptMail.text).toContain(`These API keys still work, as you chose: stolen (${key.slice(0, 13)}…)`);
    // The default: every key is revoked with the reset.
    const revoked = await resetWith("harbour violet engine", {}, 4);
    expect(revoked.apiKeysRevoked).toBe(true);
    expect((await withKey(key)).status).toBe(401);
    expect((await waitForMail(smtp, owner.email, 5)).text).toContain("Every API key of the account was revoked");
  });

  it("revokes API keys at a password change by default", async () => {
    const owner = await registerUser(app(), { email: "change-keys@example.com" });
    const as = authed(app(), owner.cookie);
    const key = (await as<{ key: string }>("/api/api-keys", { method: "POST", body: { name: "script", password: owner.password } })).body.key;
    const changed = await as("/api/account/password", { method: "POST", body: { currentPassword: owner.password, newPassword: "quiet orchard lamp" } });
    expect(changed.body).toEqual({ otherSessionsEnded: true, apiKeysRevoked: true, keptApiKeys: [] });
    expect((await withKey(key)).status).toBe(401);
  });

  it("lets an administrator and the operator reset a user's two-step sign-in: audited, signed out, told by mail", async () => {
    const admin = await registerAdmin(app(), getDb(), { email: "tfa-admin@example.com" });
    const user = await registerUser(app(), { email: "lost-phone@example.com" });
    await turnOnTwoFactor(app(), user);
    const asAdmin = authed(app(), admin.cookie);
    const id = (await asAdmin<{ users: { id: number; email: string }[] }>("/api/admin/users?search=lost-phone")).body.users[0]!.id;
    expect((await authed(app(), user.cookie)(`/api/admin/users/${id}/two-factor/reset`, { method: "POST" })).status).toBe(403);

    expect((await asAdmin(`/api/admin/users/${id}/two-factor/reset`, { method: "POST" })).body).toEqual({ id, twoFactorEnabled: false });
    expect((await authed(app(), user.cookie)("/api/auth/user")).status).toBe(401);
    expect((await waitForMail(smtp, user.email, 2)).subject).toBe("Two-step sign-in was reset for your TLDScope account");
    // The password alone signs in again.
    expect(sessionCookieOf(await formPost(app(), "/api/login", { email: user.email, password: user.password }))).not.toBeNull();
    expect((await asAdmin<Err>(`/api/admin/users/${id}/two-factor/reset`, { method: "POST" })).status).toBe(409);

    // The operator's command line does the same, and both are in the audit log under their actors.
    const again = await registerUser(app(), { email: "lost-again@example.com" });
    await turnOnTwoFactor(app(), again);
    const lines: string[] = [];
    const code = await runAdminCli(["reset-2fa", again.email], { db: getDb(), env: { ...AUTH_TEST_ENV, ...mailEnv(smtp) }, io: { out: (l) => lines.push(l), err: (l) => lines.push(l) } });
    expect(code).toBe(0);
    expect(lines.join("\n")).toContain("Two-step sign-in is off for lost-again@example.com");
    expect(await getDb().orm.select().from(getDb().t.userTotp)).toHaveLength(0);
    expect((await runAdminCli(["grant", again.email], { db: getDb(), env: AUTH_TEST_ENV, io: { out: () => {}, err: () => {} } }))).toBe(0);
    const audit = (await asAdmin<AuditPage>("/api/admin/users/audit-log?pageSize=100")).body.entries;
    expect(audit.slice(0, 3).map((e) => [e.actorEmail, e.action, e.targetEmail])).toEqual([
      ["operator (command line)", "grant_admin", again.email],
      ["operator (command line)", "reset_two_factor", again.email],
      ["tfa-admin@example.com", "reset_two_factor", user.email],
    ]);
  });

  it("sends no address-change mail to an address that opted out, and counts +tags as one address", async () => {
    const owner = await registerUser(app(), { email: "mover@example.com" });
    const as = authed(app(), owner.cookie);
    await suppress(getDb(), addressHash("quiet@example.com"));
    const refused = await as<Err>("/api/account/email", { method: "POST", body: { newEmail: "quiet+x@example.com", currentPassword: owner.password } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("asked to get no mail");

    for (const tag of ["a", "b", "c"]) {
      expect((await as("/api/account/email", { method: "POST", body: { newEmail: `victim+${tag}@example.com`, currentPassword: owner.password } })).status).toBe(202);
    }
    const fourth = await as<Err>("/api/account/email", { method: "POST", body: { newEmail: "victim+d@example.com", currentPassword: owner.password } });
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toContain("at most 3 a day");
    await settle(200);
    expect(smtp.mailsTo("quiet+x@example.com")).toHaveLength(0);
    expect(smtp.mailsTo("victim+d@example.com")).toHaveLength(0);
  });
});
