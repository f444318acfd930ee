import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { forEachDialect } from "../../db/testing/test-db.ts";
import { runAdminCli, type CliIo } from "./admin-cli.ts";
import { AUTH_TEST_ENV, registerUser } from "./testing/auth.ts";
import { createTestApp, getJson } from "./testing/test-app.ts";

function captured() {
  const lines = { out: [] as string[], err: [] as string[] };
  const io: CliIo = { out: (l) => lines.out.push(l), err: (l) => lines.err.push(l) };
  return { lines, io };
}

forEachDialect("npm run admin", (getDb) => {
  const app = () => createTestApp(getDb(), { env: { ...AUTH_TEST_ENV, ADMIN_EMAILS: "founder@example.com" } });
  const isAdmin = async (cookie: string) => (await getJson<{ isAdmin: boolean }>(app(), "/api/auth/user", { headers: { cookie } })).body.isAdmin;

  it("never makes a password account admin: not the first one, not one listed in ADMIN_EMAILS", async () => {
    const first = await registerUser(app(), { email: "first@example.com" });
    const listed = await registerUser(app(), { email: "Founder@example.com" });
    expect(await isAdmin(first.cookie)).toBe(false);
    expect(await isAdmin(listed.cookie)).toBe(false);
    const { lines, io } = captured();
    expect(await runAdminCli(["list"], { db: getDb(), io })).toBe(0);
    expect(lines.out).toEqual(["No administrators yet. Grant one with: npm run admin -- grant EMAIL"]);
  });

  it("grants and revokes by e-mail; the live session sees the stored flag at once", async () => {
    const user = await registerUser(app(), { email: "ops@example.com" });
    const grant = captured();
    expect(await runAdminCli(["grant", " OPS@example.com "], { db: getDb(), io: grant.io })).toBe(0);
    expect(grant.lines.out).toEqual(["ops@example.com is now an administrator."]);
    expect(await isAdmin(user.cookie)).toBe(true);
    expect((await getJson(app(), "/api/admin/ping", { headers: { cookie: user.cookie } })).status).toBe(200);
    const list = captured();
    await runAdminCli(["list"], { db: getDb(), io: list.io });
    expect(list.lines.out).toEqual(["ops@example.com"]);
    expect(await runAdminCli(["revoke", "ops@example.com"], { db: getDb(), io: captured().io })).toBe(0);
    expect(await isAdmin(user.cookie)).toBe(false);
    expect((await getJson(app(), "/api/admin/ping", { headers: { cookie: user.cookie } })).status).toBe(403);
  });

  it("fails with a clear message and a non-zero exit for an unknown or malformed e-mail", async () => {
    const unknown = captured();
    expect(await runAdminCli(["grant", "nobody@example.com"], { db: getDb(), io: unknown.io })).toBe(1);
    expect(unknown.lines.err).toEqual(["No account uses the e-mail nobody@example.com. The person must sign up (or sign in once) first."]);
    const malformed = captured();
    expect(await runAdminCli(["revoke", "not-an-address"], { db: getDb(), io: malformed.io })).toBe(1);
    expect(malformed.lines.err[0]).toBe('"not-an-address" is not an e-mail address');
    const usage = captured();
    expect(await runAdminCli(["promote", "x@example.com"], { db: getDb(), io: usage.io })).toBe(2);
    expect(usage.lines.err[0]).toMatch(/^Usage: npm run admin -- grant EMAIL/);
  });
}, { seeded: false });

it("opens and migrates the configured SQLite database like the server does", async () => {
  const dir = mkdtempSync(join(tmpdir(), "admin-cli-"));
  try {
    const env = { SQLITE_PATH: join(dir, "app.db"), DATABASE_URL: "" };
    const { lines, io } = captured();
    expect(await runAdminCli(["grant", "a@example.com"], { env, io })).toBe(1);
    expect(lines.err[0]).toMatch(/^No account uses the e-mail a@example.com/);
    expect(await runAdminCli(["list"], { env, io })).toBe(0);
    expect(lines.out).toEqual(["No administrators yet. Grant one with: npm run admin -- grant EMAIL"]);
    const bad = captured();
    expect(await runAdminCli(["list"], { env: { ...env, PORT: "not a port" }, io: bad.io })).toBe(1);
    expect(bad.lines.err[0]).toMatch(/^Invalid configuration:/);
    // An operator's shell in production needs no APP_URL: the command builds no links.
    const production = captured();
    expect(await runAdminCli(["list"], { env: { ...env, NODE_ENV: "production" }, io: production.io })).toBe(0);
    expect(production.lines.err).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
