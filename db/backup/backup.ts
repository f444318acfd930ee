/**
 * Backups and restores of the database the server uses (npm run backup / npm run restore).
 *
 * SQLite: SQLite's online backup API (better-sqlite3's backup()), which copies a consistent
 * snapshot while the server keeps reading and writing; the credentials key kept beside the
 * database (app-secret.key, when APP_SECRET is unset) is copied next to the backup as
 * FILE.app-secret.key, since stored registrar credentials cannot be read without it. A restore
 * checks the file is a database this product made, refuses a database a running process holds
 * open (found through /proc on Linux) whatever it is told, refuses to replace an existing
 * database unless told to (--force), and writes the copy beside the target before renaming it
 * into place, so the target is never half-written.
 *
 * A backup holds what the database holds (password hashes, e-mail addresses, sessions, encrypted
 * credentials), so, like the database, its files are readable by their owner only: each is
 * created with mode 0600 before anything is written to it, whatever the umask.
 *
 * PostgreSQL: pg_dump's custom format and pg_restore, when they are installed; otherwise what
 * to run is printed. A restore refuses a database other processes of this product are
 * connected to, and one that has tables unless --force.
 */
import { spawnSync } from "node:child_process";
import {
  closeSync, copyFileSync, existsSync, openSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, writeFileSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";

export interface BackupIo {
  out(line: string): void;
}

export class BackupError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
    this.name = "BackupError";
  }
}

const secretBeside = (sqlitePath: string) => join(dirname(resolve(sqlitePath)), "app-secret.key");
const secretCopyOf = (file: string) => `${file}.app-secret.key`;

/**
 * Creates `file` empty, readable and writable by its owner only (0600), for a backup to be
 * written into; refuses a file that already exists, so no earlier backup is overwritten.
 */
function createPrivateFile(file: string): void {
  try {
    closeSync(openSync(file, "wx", 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") {
      throw new BackupError(`${file} already exists: name a new file, so no earlier backup is overwritten.`);
    }
    throw error;
  }
}

/** Process ids (other than this one) that hold `file` open, from /proc; empty where there is no /proc. */
export function processesHolding(file: string): number[] {
  const target = resolve(file);
  const wanted = new Set([target, `${target}-wal`, `${target}-shm`]);
  const holders: number[] = [];
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((p) => /^\d+$/.test(p) && Number(p) !== process.pid);
  } catch {
    return holders;
  }
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or not ours to read
    }
    for (const fd of fds) {
      try {
        if (wanted.has(readlinkSync(`/proc/${pid}/fd/${fd}`))) {
          holders.push(Number(pid));
          break;
        }
      } catch { /* closed meanwhile */ }
    }
  }
  return holders;
}

export async function backupSqlite(sqlitePath: string, file: string, io: BackupIo): Promise<void> {
  if (!existsSync(sqlitePath)) throw new BackupError(`There is no database at ${sqlitePath} (SQLITE_PATH).`);
  if (existsSync(file)) throw new BackupError(`${file} already exists: name a new file, so no earlier backup is overwritten.`);
  // SQLite writes into the empty file as it is, and gives its journal the file's mode.
  createPrivateFile(file);
  let source: Database.Database | undefined;
  try {
    source = new Database(sqlitePath, { readonly: true, fileMustExist: true });
    const started = performance.now();
    await source.backup(file);
    io.out(`Backed up ${sqlitePath} to ${file} (${statSync(file).size} bytes, ${Math.round(performance.now() - started)} ms).`);
  } catch (error) {
    rmSync(file, { force: true });
    throw error;
  } finally {
    source?.close();
  }
  const secret = secretBeside(sqlitePath);
  if (existsSync(secret)) {
    rmSync(secretCopyOf(file), { force: true });
    writeFileSync(secretCopyOf(file), readFileSync(secret), { mode: 0o600, flag: "wx" });
    io.out(`Copied its credentials key to ${secretCopyOf(file)}: keep the two files together.`);
  }
}

/** Refuses a file that is not a SQLite database with this product's migrations, or is damaged. */
function checkBackupFile(file: string): void {
  if (!existsSync(file)) throw new BackupError(`There is no backup at ${file}.`);
  let check: Database.Database | undefined;
  try {
    check = new Database(file, { readonly: true, fileMustExist: true });
    const migrations = check.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
    if (!migrations) throw new BackupError(`${file} is a SQLite database, but not one of this product (it has no migrations table).`);
    const integrity = check.pragma("quick_check", { simple: true });
    if (integrity !== "ok") throw new BackupError(`${file} is damaged (SQLite's quick_check says: ${String(integrity)}).`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a SQLite database: ${(error as Error).message}`);
  } finally {
    check?.close();
  }
}

export async function restoreSqlite(file: string, sqlitePath: string, options: { force: boolean }, io: BackupIo): Promise<void> {
  checkBackupFile(file);
  const target = resolve(sqlitePath);
  const holders = processesHolding(target);
  if (holders.length > 0) {
    throw new BackupError(`${target} is open in a running process (pid ${holders.join(", ")}): stop the server first, then restore.`, 3);
  }
  if (existsSync(target) && statSync(target).size > 0 && !options.force) {
    throw new BackupError(`${target} already holds a database: pass --force to replace it with ${basename(file)}.`, 3);
  }
  const partial = `${target}.restoring`;
  rmSync(partial, { force: true });
  createPrivateFile(partial);
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    source.close();
  }
  // A replaced database's write-ahead log belongs to it, not to the restored copy.
  rmSync(`${target}-wal`, { force: true });
  rmSync(`${target}-shm`, { force: true });
  renameSync(partial, target);
  io.out(`Restored ${file} into ${target}.`);
  const secret = secretCopyOf(file);
  if (existsSync(secret)) {
    copyFileSync(secret, secretBeside(target));
    io.out(`Restored its credentials key to ${secretBeside(target)}.`);
  }
}

const hasCommand = (name: string) => spawnSync(name, ["--version"], { stdio: "ignore" }).status === 0;

export function backupPostgres(databaseUrl: string, file: string, io: BackupIo): void {
  if (existsSync(file)) throw new BackupError(`${file} already exists: name a new file, so no earlier backup is overwritten.`);
  const command = `pg_dump --format=custom --no-owner --file ${JSON.stringify(file)} "$DATABASE_URL"`;
  if (!hasCommand("pg_dump")) throw new BackupError(`pg_dump is not installed here. Run, where it is (same major version as the server): ${command}`);
  // pg_dump takes one snapshot for the whole dump, so it is consistent while the servers write.
  // It writes into the file made here, which keeps its mode.
  createPrivateFile(file);
  const result = spawnSync("pg_dump", ["--format=custom", "--no-owner", "--file", file, databaseUrl], { stdio: ["ignore", "inherit", "pipe"], encoding: "utf8" });
  if (result.status !== 0) {
    rmSync(file, { force: true });
    throw new BackupError(`pg_dump failed: ${result.stderr.trim() || `exit code ${result.status}`}`);
  }
  io.out(`Backed up the PostgreSQL database to ${file} (${statSync(file).size} bytes).`);
}

export async function restorePostgres(file: string, databaseUrl: string, options: { force: boolean }, io: BackupIo): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`There is no backup at ${file}.`);
  const command = `pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" ${JSON.stringify(file)}`;
  if (!hasCommand("pg_restore")) throw new BackupError(`pg_restore is not installed here. Stop every server process, then run where it is: ${command}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const others = await client.query<{ pid: number; application_name: string }>(
      "SELECT pid, application_name FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name LIKE 'tldscope-%'",
    );
    if (others.rows.length > 0) {
      const names = others.rows.map((r) => `${r.application_name} (backend ${r.pid})`).join(", ");
      throw new BackupError(`Server processes are connected to this database: ${names}. Stop them first, then restore.`, 3);
    }
    const tables = await client.query<{ n: string }>("SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public'");
    if (Number(tables.rows[0]?.n ?? 0) > 0 && !options.force) {
      throw new BackupError("This PostgreSQL database already has tables: pass --force to replace them with the backup.", 3);
    }
  } finally {
    await client.end();
  }
  // One transaction: a failed restore leaves the database as it was.
  const result = spawnSync("pg_restore", ["--clean", "--if-exists", "--no-owner", "--single-transaction", "--exit-on-error", "--dbname", databaseUrl, file], { stdio: ["ignore", "inherit", "pipe"], encoding: "utf8" });
  if (result.status !== 0) throw new BackupError(`pg_restore failed, nothing was changed: ${result.stderr.trim() || `exit code ${result.status}`}`);
  io.out(`Restored ${file} into the PostgreSQL database.`);
}
