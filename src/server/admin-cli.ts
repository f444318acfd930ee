/**
 * npm run admin -- grant EMAIL | revoke EMAIL | list | reset-password EMAIL | reset-2fa EMAIL
 *
 * Makes or unmakes administrators from a shell on the server, the one place where being an
 * admin needs no further proof, and prints a one-time password reset link for an account (for
 * a server that cannot send mail: the link is handed over by hand), and turns an account's two-step
 * sign-in off (its owner lost the phone, or someone else set it up). Each change is written to the
 * admin audit log with the actor "operator (command line)". Reads the same configuration and opens (and migrates) the same
 * database as the server, so it works on SQLite and PostgreSQL alike.
 *
 * On PostgreSQL it uses one pooled connection, plus one more while it holds the migration lock,
 * and it gives up rather than wait without end: after CONNECT_TIMEOUT_MS to reach the server,
 * and after LOCK_TIMEOUT_MS for a lock another process holds (a server starting up holds it while
 * it migrates), saying which backend holds it.
 */
import { pathToFileURL } from "node:url";
import { DatabaseLockTimeoutError, isPostgresUrl, openDb, type Db } from "../../db/client.ts";
import { loadEnvFile } from "../../db/env-file.ts";
import { findAccountByEmail, insertAudit } from "../../db/repositories/account-repository.ts";
import { loadConfig, type Config } from "./config.ts";
import { grantAdmin, listAdministrators, revokeAdmin } from "./features/auth/admins.ts";
import { issueResetLink } from "./features/auth/password-reset.ts";
import { OPERATOR_ACTOR, resetTwoFactorFor } from "./features/auth/admin-users.ts";
import { createLogger } from "./lib/logger.ts";

const OPERATOR = { userId: null, email: OPERATOR_ACTOR, ip: null };
const OPERATOR_AUDIT = { actorUserId: null, actorEmail: OPERATOR_ACTOR, ip: null };

const USAGE = "Usage: npm run admin -- grant EMAIL | revoke EMAIL | list | reset-password EMAIL | reset-2fa EMAIL";
export const CONNECT_TIMEOUT_MS = 10_000;
export const LOCK_TIMEOUT_MS = 30_000;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

type Command = { name: "list" } | { name: "grant" | "revoke" | "reset-password" | "reset-2fa"; email: string };

function parse([name, email, ...rest]: string[]): Command | undefined {
  if (name === "list" && email === undefined) return { name };
  if ((name === "grant" || name === "revoke" || name === "reset-password" || name === "reset-2fa") && email && rest.length === 0) return { name, email };
  return undefined;
}

/** The link's origin: APP_URL's, else this machine's port, as the setup link printed at start. */
const linkOrigin = (config: Config) => (config.APP_URL ? new URL(config.APP_URL).origin : `http://localhost:${config.PORT}`);

async function printResetLink(db: Db, config: Config, email: string, io: CliIo): Promise<void> {
  const account = await findAccountByEmail(db, email.trim().toLowerCase());
  if (!account) throw new Error(`There is no account with the e-mail ${email}.`);
  if (account.disabledAt) throw new Error(`${account.email} is disabled: enable it on the admin Users page first.`);
  const { link, expiresAt } = await issueResetLink(db, account.id, linkOrigin(config));
  io.out(`One-time link for ${account.email} to choose a new password (valid until ${expiresAt.toISOString()}; any earlier link stops working):`);
  io.out(link);
}

async function run(db: Db, config: Config, command: Command, io: CliIo): Promise<void> {
  if (command.name === "reset-password") return printResetLink(db, config, command.email, io);
  if (command.name === "list") {
    const admins = await listAdministrators(db);
    if (admins.length === 0) io.out("No administrators yet. Grant one with: npm run admin -- grant EMAIL");
    for (const admin of admins) io.out(admin.email);
    return;
  }
  if (command.name === "reset-2fa") {
    const account = await findAccountByEmail(db, command.email.trim().toLowerCase());
    if (!account) throw new Error(`There is no account with the e-mail ${command.email}.`);
    const log = createLogger(config.LOG_LEVEL);
    await resetTwoFactorFor({ db, config, log, origin: linkOrigin(config) }, account, OPERATOR);
    io.out(`Two-step sign-in is off for ${account.email}, and every session of the account was ended; they sign in with their password and can set it up again.`);
    return;
  }
  const user = command.name === "grant" ? await grantAdmin(db, command.email) : await revokeAdmin(db, command.email);
  await insertAudit(db, { ...OPERATOR_AUDIT, action: command.name === "grant" ? "grant_admin" : "revoke_admin", detail: null, targetUserId: user.id, targetEmail: user.email });
  io.out(command.name === "grant" ? `${user.email} is now an administrator.` : `${user.email} is no longer an administrator.`);
}

/** A connection that timed out says where it was going; other failures say what they are. */
function openFailure(error: unknown, databaseUrl: string | undefined): unknown {
  if (error instanceof DatabaseLockTimeoutError || !isPostgresUrl(databaseUrl)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  if (!/timeout expired|connection timeout/i.test(reason)) return error;
  const { hostname, port } = new URL(databaseUrl);
  return new Error(`PostgreSQL at ${hostname}:${port || 5432} did not complete a connection within ${CONNECT_TIMEOUT_MS / 1000} s: check DATABASE_URL and that the database server is up and reachable from here.`);
}

/**
 * Returns the exit code. `db` is for tests; otherwise the configured database is opened, and
 * `lockTimeoutMs` replaces LOCK_TIMEOUT_MS.
 */
export async function runAdminCli(
  args: string[],
  options: { env?: Record<string, string | undefined>; db?: Db; io?: CliIo; lockTimeoutMs?: number } = {},
): Promise<number> {
  const io = options.io ?? { out: (l) => console.log(l), err: (l) => console.error(l) };
  const command = parse(args);
  // Wrong usage is answered before any database is opened (or waited for).
  if (!command) {
    io.err(USAGE);
    return 2;
  }
  let db = options.db;
  try {
    const config = loadConfig(options.env ?? process.env, { serving: false });
    if (!db) {
      db = openDb({
        databaseUrl: config.DATABASE_URL,
        sqlitePath: config.SQLITE_PATH,
        poolSize: 1,
        connectTimeoutMs: CONNECT_TIMEOUT_MS,
        lockTimeoutMs: options.lockTimeoutMs ?? LOCK_TIMEOUT_MS,
      });
      await db.migrate().catch((error: unknown) => {
        throw openFailure(error, config.DATABASE_URL);
      });
    }
    await run(db, config, command, io);
    return 0;
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    if (db && !options.db) await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  loadEnvFile();
  process.exitCode = await runAdminCli(process.argv.slice(2));
}
