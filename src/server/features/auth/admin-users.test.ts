import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { linkIn, mailEnv, waitForMail } from "../../testing/account-mail.ts";
import { AUTH_TEST_ENV, authed, formPost, registerAdmin, registerUser } from "../../testing/auth.ts";
import { startSmtpFake, type SmtpFake } from "../../testing/smtp-fake.ts";
import { signInWithCode, turnOnTwoFactor } from "../../testing/two-factor.ts";
import { createTestApp, TEST_ORIGIN } from "../../testing/test-app.ts";
import { NEVER_LAST_ADMIN } from "./admin-users.ts";
import { ACCOUNT_DISABLED } from "./sign-in-session.ts";

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

interface UserRow { id: number; email: string; isAdmin: boolean; disabled: boolean; domainCount: number; accountCount: number; twoFactorEnabled: boolean; lastSignInAt: string | null; createdAt: string }
interface UserPage { users: UserRow[]; page: number; pageSize: number; total: number; totalPages: number; requireTwoFactorForAdmins: boolean }
interface AuditPage { entries: { actorEmail: string; targetEmail: string | null; action: string; description: string; ip: string | null; createdAt: string }[]; total: number }

/** Every admin user route, REST and tRPC, with a body each accepts from an administrator. */
const ADMIN_ROUTES: [string, string, unknown?][] = [
  ["GET", "/api/admin/users"],
  ["GET", "/api/admin/users/audit-log"],
  ["PUT", "/api/admin/users/two-factor-policy", { requireForAdmins: false }],
  ["PUT", "/api/admin/users/1/admin", { isAdmin: true }],
  ["PUT", "/api/admin/users/1/disabled", { disabled: false }],
  ["POST", "/api/admin/users/1/reset-link", {}],
  ["GET", `/trpc/adminUsers.list?input=${encodeURIComponent(JSON.stringify({}))}`],
  ["GET", `/trpc/adminUsers.auditLog?input=${encodeURIComponent(JSON.stringify({}))}`],
  ["POST", "/trpc/adminUsers.setAdmin", { id: 1, isAdmin: true }],
  ["POST", "/trpc/adminUsers.setDisabled", { id: 1, disabled: false }],
  ["POST", "/trpc/adminUsers.sendResetLink", { id: 1 }],
  ["POST", "/trpc/adminUsers.setTwoFactorPolicy", { requireForAdmins: false }],
];

forEachDialect("admin users", (getDb) => {
  useSmtp();
  const app = () => createTestApp(getDb(), { env: { ...AUTH_TEST_ENV, ...mailEnv(smtp) } });

  it("answers 403 to a signed-in non-administrator and 401 to a visitor on every admin user route", async () => {
    const user = await registerUser(app(), { email: "plain@example.com" });
    const as = authed(app(), user.cookie);
    for (const [method, path, body] of ADMIN_ROUTES) {
      expect((await as(path, { method, body })).status, `${method} ${path}`).toBe(403);
      const anonymous = await app().request(`${TEST_ORIGIN}${path}`, {
        method, headers: { origin: TEST_ORIGIN, ...(body ? { "content-type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined,
      });
      expect(anonymous.status, `${method} ${path} signed out`).toBe(401);
    }
    expect((await as<{ isAdmin: boolean }>("/api/auth/user")).body.isAdmin).toBe(false);
  });

  it("lists users a page at a time with their counts, and finds them by part of the address or name", async () => {
    const admin = await registerAdmin(app(), getDb(), { email: "lister@example.com" });
    const holder = await registerUser(app(), { email: "holder@example.com", firstName: "Hollis" });
    await authed(app(), holder.cookie)("/api/user-domains", { method: "POST", body: { domainName: "holder-one.com", tldId: "com" } });
    await authed(app(), holder.cookie)("/api/user-domains", { method: "POST", body: { domainName: "holder-two.com", tldId: "com" } });
    for (let i = 0; i < 3; i++) await registerUser(app(), { email: `pager${i}@example.com` });
    const as = authed(app(), admin.cookie);
    const first = (await as<UserPage>("/api/admin/users?pageSize=2")).body;
    expect(first.users).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(6);
    expect(first.totalPages).toBe(Math.ceil(first.total / 2));
    const emails = first.users.map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
    const second = (await as<UserPage>("/api/admin/users?pageSize=2&page=2")).body;
    expect(second.users.map((u) => u.email)).not.toContain(emails[0]);
    const found = (await as<UserPage>("/api/admin/users?search=HOLLIS")).body;
    expect(found.users).toEqual([expect.objectContaining({ email: "holder@example.com", domainCount: 2, accountCount: 0, isAdmin: false, disabled: false, twoFactorEnabled: false })]);
    expect(found.users[0]!.lastSignInAt).not.toBeNull();
    expect((await as<UserPage>("/api/admin/users?search=pager")).body.total).toBe(3);
    expect((await as("/api/admin/users?pageSize=500")).status).toBe(400);
    expect((await as("/api/admin/users?page=0")).status).toBe(400);
  });

  it("makes and unmakes administrators, never the last one, and writes each action to the audit log", async () => {
    const boss = await registerAdmin(app(), getDb(), { email: "boss@example.com" });
    const other = await registerUser(app(), { email: "promoted@example.com" });
    const as = authed(app(), boss.cookie);
    const list = (await as<UserPage>("/api/admin/users?search=promoted")).body.users;
    const otherId = list[0]!.id;
    const bossId = (await as<{ id: number }>("/api/auth/user")).body.id;

    expect((await as("/api/admin/users/999999/admin", { method: "PUT", body: { isAdmin: true } })).status).toBe(404);
    expect((await as("/api/admin/users/abc/admin", { method: "PUT", body: { isAdmin: true } })).status).toBe(404);
    expect((await as("/api/admin/users/1/admin", { method: "PUT", body: { isAdmin: "yes" } })).status).toBe(400);
    const granted = await as("/api/admin/users/" + otherId + "/admin", { method: "PUT", body: { isAdmin: true }, headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(granted.body).toEqual({ id: otherId, isAdmin: true, disabled: false, changed: true });
    expect((await authed(app(), other.cookie)<{ isAdmin: boolean }>("/api/auth/user")).body.isAdmin).toBe(true);
    expect((await as(`/api/admin/users/${otherId}/admin`, { method: "PUT", body: { isAdmin: false } })).status).toBe(200);
    expect((await authed(app(), other.cookie)<{ isAdmin: boolean }>("/api/auth/user")).body.isAdmin).toBe(false);

    // Other tests of this file made administrators too: unmake every working one but boss.
    const admins = (await as<UserPage>("/api/admin/users?pageSize=100")).body.users.filter((u) => u.isAdmin && !u.disabled && u.id !== bossId);
    for (const a of admins) expect((await as(`/api/admin/users/${a.id}/admin`, { method: "PUT", body: { isAdmin: false } })).status).toBe(200);
    const last = await as<{ message: string }>(`/api/admin/users/${bossId}/admin`, { method: "PUT", body: { isAdmin: false } });
    expect(last.status).toBe(409);
    expect(last.body.message).toBe(NEVER_LAST_ADMIN);
    expect((await as<{ isAdmin: boolean }>("/api/auth/user")).body.isAdmin).toBe(true);
    // Via tRPC too.
    const viaTrpc = await as("/trpc/adminUsers.setAdmin", { method: "POST", body: { id: bossId, isAdmin: false } });
    expect(viaTrpc.status).toBe(409);

    const audit = (await as<AuditPage>("/api/admin/users/audit-log?pageSize=100")).body;
    const mine = audit.entries.filter((e) => e.targetEmail === "promoted@example.com");
    expect(mine.map((e) => [e.actorEmail, e.action, e.description])).toEqual([
      ["boss@example.com", "revoke_admin", "Removed administrator"],
      ["boss@example.com", "grant_admin", "Made administrator"],
    ]);
    expect(mine[1]!.ip).toBe("203.0.113.9");
    expect(Date.parse(mine[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    // Refused changes are not logged as done.
    expect(audit.entries.some((e) => e.targetEmail === "boss@example.com" && e.action === "revoke_admin")).toBe(false);
  });

  it("disables sign-in at once (sessions and API keys stop) and enables it again", async () => {
    const admin = await registerAdmin(app(), getDb(), { email: "warden@example.com" });
    const user = await registerUser(app(), { email: "troublemaker@example.com" });
    const asUser = authed(app(), user.cookie);
    const key = (await asUser<{ key: string }>("/api/api-keys", { method: "POST", body: { name: "bot", password: user.password } })).body.key;
    const keyed = () => app().request(`${TEST_ORIGIN}/api/currencies`, { headers: { authorization: `Bearer ${key}` } });
    expect((await keyed()).status).toBe(200);
    const as = authed(app(), admin.cookie);
    const id = (await as<UserPage>("/api/admin/users?search=troublemaker")).body.users[0]!.id;
    const adminId = (await as<{ id: number }>("/api/auth/user")).body.id;
    expect((await as(`/api/admin/users/${adminId}/disabled`, { method: "PUT", body: { disabled: true } })).status).toBe(409);

    expect((await as(`/api/admin/users/${id}/disabled`, { method: "PUT", body: { disabled: true } })).body).toMatchObject({ disabled: true, changed: true });
    expect((await asUser("/api/auth/user")).status).toBe(401);
    expect((await keyed()).status).toBe(401);
    const signIn = await formPost(app(), "/api/login", { email: user.email, password: user.password });
    expect(signIn.status).toBe(403);
    expect(await signIn.text()).toContain(ACCOUNT_DISABLED);
    // A wrong password still reads as one: the disabled state is told only to whoever knows the password.
    expect((await formPost(app(), "/api/login", { email: user.email, password: "wrong wrong" })).status).toBe(401);
    expect((await as<UserPage>("/api/admin/users?search=troublemaker")).body.users[0]!.disabled).toBe(true);

    expect((await as(`/api/admin/users/${id}/disabled`, { method: "PUT", body: { disabled: false } })).body).toMatchObject({ disabled: false });
    expect((await formPost(app(), "/api/login", { email: user.email, password: user.password })).status).toBe(302);
    // Disabling revoked the key: enabling the account does not bring it back.
    expect((await keyed()).status).toBe(401);
    const actions = (await as<AuditPage>("/api/admin/users/audit-log?pageSize=100")).body.entries.filter((e) => e.targetEmail === user.email).map((e) => e.action);
    expect(actions).toEqual(["enable", "disable"]);
  });

  it("sends a reset link the owner can use, logged in the audit log", async () => {
    const admin = await registerAdmin(app(), getDb(), { email: "helper@example.com" });
    const user = await registerUser(app(), { email: "locked-out@example.com" });
    const as = authed(app(), admin.cookie);
    const id = (await as<UserPage>("/api/admin/users?search=locked-out")).body.users[0]!.id;
    const sent = await as(`/api/admin/users/${id}/reset-link`, { method: "POST" });
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ sentTo: user.email });
    const link = linkIn(await waitForMail(smtp, user.email), "/api/password-reset");
    expect((await app().request(`${TEST_ORIGIN}${link}`)).status).toBe(200);
    const entries = (await as<AuditPage>("/api/admin/users/audit-log?pageSize=100")).body.entries;
    expect(entries.find((e) => e.targetEmail === user.email)).toMatchObject({ actorEmail: "helper@example.com", action: "send_reset_link" });
  });

  it("can require two-step sign-in for administrators: one without it keeps only the settings page until it is on", async () => {
    const chief = await registerAdmin(app(), getDb(), { email: "chief@example.com" });
    // Chief turns it on first and signs in again with a code, so the policy does not hold chief back.
    const { secret } = await turnOnTwoFactor(app(), chief);
    const sameSession = authed(app(), chief.cookie);
    const as = authed(app(), await signInWithCode(app(), chief, secret));

    const deputy = await registerAdmin(app(), getDb(), { email: "deputy@example.com" });
    expect((await as("/api/admin/users/two-factor-policy", { method: "PUT", body: { requireForAdmins: true } })).body).toEqual({ requireForAdmins: true });
    const asDeputy = authed(app(), deputy.cookie);
    expect((await asDeputy("/api/auth/user")).body).toMatchObject({ isAdmin: false, adminNeedsTwoFactor: true });
    expect((await asDeputy("/api/admin/users")).status).toBe(403);
    expect((await asDeputy("/api/admin/ping")).status).toBe(403);
    expect((await asDeputy("/api/account")).status).toBe(200);
    expect((await as<UserPage>("/api/admin/users")).body.requireTwoFactorForAdmins).toBe(true);
    expect((await as("/api/admin/users")).status).toBe(200);
    // The session in which chief turned it on passed no code at sign-in: under the policy it is not an administrator's.
    expect((await sameSession("/api/auth/user")).body).toMatchObject({ isAdmin: false, adminNeedsTwoFactor: true });
    expect((await sameSession("/api/admin/users")).status).toBe(403);

    expect((await as("/api/admin/users/two-factor-policy", { method: "PUT", body: { requireForAdmins: false } })).status).toBe(200);
    expect((await asDeputy<{ isAdmin: boolean }>("/api/auth/user")).body.isAdmin).toBe(true);
    const actions = (await as<AuditPage>("/api/admin/users/audit-log?pageSize=100")).body.entries.map((e) => e.action);
    expect(actions.slice(0, 2)).toEqual(["allow_without_two_factor", "require_two_factor"]);
  });
});
