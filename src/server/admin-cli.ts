/**
 * npm run admin -- grant EMAIL | revoke EMAIL | list
 *
 * Makes or unmakes administrators from a shell on the server, the one place where being an
 * admin needs no further proof. Reads the same configuration and opens (and migrates) the same
 * database as the server, so it works on SQLite and PostgreSQL alike.
 */
import { pathToFileURL } from "node:url";
import { openDb, type Db } from "../../db/client.ts";
import { loadConfig } from "./config.ts";
import { grantAdmin, listAdministrators, revokeAdmin } from "./features/auth/admins.ts";

const USAGE = "Usage: npm run admin -- grant EMAIL | revoke EMAIL | list";

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

async function run(db: Db, [command, email, ...rest]: string[], io: CliIo): Promise<number> {
  if (command === "list" && email === undefined) {
    const admins = await listAdministrators(db);
    if (admins.length === 0) io.out("No administrators yet. Grant one with: npm run admin -- grant EMAIL");
    for (const admin of admins) io.out(admin.email);
    return 0;
  }
  if ((command === "grant" || command === "revoke") && email && rest.length === 0) {
    const user = command === "grant" ? await grantAdmin(db, email) : await revokeAdmin(db, email);
    io.out(command === "grant" ? `${user.email} is now an administrator.` : `${user.email} is no longer an administrator.`);
    return 0;
  }
  io.err(USAGE);
  return 2;
}

/** Returns the exit code. `db` is for tests; otherwise the configured database is opened. */
export async function runAdminCli(args: string[], options: { env?: Record<string, string | undefined>; db?: Db; io?: CliIo } = {}): Promise<number> {
  const io = options.io ?? { out: (l) => console.log(l), err: (l) => console.error(l) };
  let db = options.db;
  try {
    if (!db) {
      const config = loadConfig(options.env ?? process.env);
      db = openDb({ databaseUrl: config.DATABASE_URL, sqlitePath: config.SQLITE_PATH, poolSize: 1 });
      await db.migrate();
    }
    return await run(db, args, io);
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    if (db && !options.db) await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runAdminCli(process.argv.slice(2));
}
