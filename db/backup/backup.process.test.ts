/**
 * `npm run backup` and `npm run restore` as an operator runs them, as real processes: a backup
 * taken while the real server runs and another process writes in transactions of ten rows, a
 * restore into a fresh place, refusals (a database a server holds, an existing one without
 * --force), every table's rows compared, and the server started on the restored database.
 * On SQLite always; on PostgreSQL (pg_dump, pg_restore) when TEST_DATABASE_URL is set.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { NO_RENDER_THREADS, startServer } from "../../scripts/lib/server-process.ts";
import { builtCli } from "../../scripts/testing/built-cli.ts";
import { adminUrl, databaseUrlFor } from "../testing/urls.ts";

const BATCH = 10;
const APP_SECRET = "a shared secret of at least thirty-two characters";

/** The CLI as an operator's shell runs it, with the usual umask 022 (new files readable by all unless made otherwise). */
function runCli(script: "backup" | "restore", args: string[], env: Record<string, string | undefined>) {
  const [command, cli] = builtCli(`${script}-cli`);
  const child = spawn("sh", ["-c", 'umask 022 && exec "$0" "$@"', command, cli, ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  return new Promise<{ code: number | null; out: string }>((resolve) => child.once("exit", (code) => {
    clearTimeout(timer);
    resolve({ code, out });
  }));
}

/**
 * Another process writing batches of BATCH rows, each batch one transaction, 2 ms apart (hundreds
 * of transactions a second, without taking a whole core from the rest of the run), until stopped.
 */
function startWriter(kind: "sqlite" | "postgres", target: string) {
  const code = kind === "sqlite"
    ? `const D=require("better-sqlite3");const db=new D(process.argv[1]);db.pragma("busy_timeout = 5000");
       db.exec("CREATE TABLE IF NOT EXISTS load_probe (id INTEGER PRIMARY KEY, batch INTEGER NOT NULL)");
       const ins=db.prepare("INSERT INTO load_probe (batch) VALUES (?)");let b=0;
       const tx=db.transaction((n)=>{for(let i=0;i<${BATCH};i++)ins.run(n)});
       setInterval(()=>tx(b++),2);`
    : `const pg=require("pg");const c=new pg.Client(process.argv[1]);(async()=>{await c.connect();
       await c.query("CREATE TABLE IF NOT EXISTS load_probe (id serial PRIMARY KEY, batch integer NOT NULL)");
       for(let b=0;;b++){await c.query("BEGIN");for(let i=0;i<${BATCH};i++)await c.query("INSERT INTO load_probe (batch) VALUES ($1)",[b]);await c.query("COMMIT");await new Promise((r)=>setTimeout(r,2));}})();`;
  const child = spawn(process.execPath, ["-e", code, target], { stdio: "ignore" });
  const exited = new Promise((r) => child.once("exit", r));
  return { stop: () => { child.kill("SIGKILL"); return exited; } };
}

/** Ready means each public page kind rendered whole: on a machine busy with the rest of the suite that took over 90 s once. */
async function untilReady(url: string, timeoutMs = 240_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    const ready = await fetch(`${url}/api/ready`).then((r) => r.json() as Promise<{ status: string }>, () => undefined);
    if (ready?.status === "ready") return;
  }
  throw new Error(`${url} was not ready within ${timeoutMs / 1000} s`);
}

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Batch sizes seen in load_probe: a consistent copy holds only whole transactions. */
const wholeBatches = (rows: { batch: number }[]) => {
  const sizes = new Map<number, number>();
  for (const r of rows) sizes.set(r.batch, (sizes.get(r.batch) ?? 0) + 1);
  return [...sizes.values()].every((n) => n === BATCH);
};

function sqliteTables(file: string): Record<string, unknown[]> {
  const db = new Database(file, { readonly: true });
  try {
    const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[];
    return Object.fromEntries(names.map(({ name }) => [name, db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all()]));
  } finally {
    db.close();
  }
}

async function pgTables(url: string, except: string[] = []): Promise<Record<string, unknown[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const names = (await client.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name")).rows.map((r) => r.table_name);
    const out: Record<string, unknown[]> = {};
    for (const name of names.filter((n) => !except.includes(n))) out[name] = (await client.query(`SELECT * FROM "${name}" ORDER BY 1`)).rows;
    return out;
  } finally {
    await client.end();
  }
}

it("writes a SQLite backup, its credentials key and a restored database readable by their owner only, under umask 022", async () => {
  const dir = mkdtempSync(join(tmpdir(), "backup-mode-"));
  try {
    const live = join(dir, "app.db");
    const db = new Database(live);
    db.exec("CREATE TABLE users (email TEXT, password_hash TEXT); INSERT INTO users VALUES ('a@example.com', 'scrypt$x');");
    db.close();
    writeFileSync(join(dir, "app-secret.key"), "a key\n", { mode: 0o644 });
    const file = join(dir, "tldscope.backup");
    const backup = await runCli("backup", [file], { SQLITE_PATH: live, DATABASE_URL: "" });
    expect(backup.code, backup.out).toBe(0);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(`${file}.app-secret.key`)).toBe(0o600);

    const restoredDir = join(dir, "restored");
    mkdirSync(restoredDir, { mode: 0o755 });
    const restored = join(restoredDir, "app.db");
    // Restore checks for this product's migrations table.
    const withMigrations = new Database(file);
    withMigrations.exec("CREATE TABLE __drizzle_migrations (id INTEGER PRIMARY KEY)");
    withMigrations.close();
    const restore = await runCli("restore", [file], { SQLITE_PATH: restored, DATABASE_URL: "" });
    expect(restore.code, restore.out).toBe(0);
    expect(modeOf(restored)).toBe(0o600);
    expect(modeOf(join(restoredDir, "app-secret.key"))).toBe(0o600);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

it("backs up SQLite under write load while the server runs, restores into a fresh directory, and refuses a live or existing database", async () => {
  const server = await startServer({ LOG_LEVEL: "warn", ...NO_RENDER_THREADS }, 180_000);
  const dir = mkdtempSync(join(tmpdir(), "backup-"));
  const live = server.env.SQLITE_PATH!;
  const writer = startWriter("sqlite", live);
  try {
    await new Promise((r) => setTimeout(r, 500));
    const file = join(dir, "tldscope.backup");
    const backup = await runCli("backup", [file], { SQLITE_PATH: live, DATABASE_URL: "" });
    expect(backup.out).toContain(`Backed up ${live} to ${file}`);
    expect(backup.code).toBe(0);
    expect(backup.out).toContain("credentials key");
    // Never over an earlier backup.
    expect((await runCli("backup", [file], { SQLITE_PATH: live, DATABASE_URL: "" })).code).toBe(1);
    await writer.stop();
    const saved = sqliteTables(file);
    expect(saved.load_probe!.length).toBeGreaterThan(0);
    expect(wholeBatches(saved.load_probe as { batch: number }[])).toBe(true);
    expect(saved.tlds!.length).toBeGreaterThan(1000);

    // The running server holds its database: refused, even with --force.
    const onLive = await runCli("restore", [file, "--force"], { SQLITE_PATH: live, DATABASE_URL: "" });
    expect(onLive.code).toBe(3);
    expect(onLive.out).toMatch(/open in a running process \(pid \d+/);

    const fresh = join(dir, "restored", "app.db");
    rmSync(join(dir, "restored"), { recursive: true, force: true });
    mkdirSync(join(dir, "restored"));
    const restored = await runCli("restore", [file], { SQLITE_PATH: fresh, DATABASE_URL: "" });
    expect(restored.out).toContain(`Restored ${file} into ${fresh}`);
    expect(restored.code).toBe(0);
    expect(sqliteTables(fresh)).toEqual(saved);
    const again = await runCli("restore", [file], { SQLITE_PATH: fresh, DATABASE_URL: "" });
    expect(again.code).toBe(3);
    expect(again.out).toContain("pass --force");
    expect((await runCli("restore", [file, "--force"], { SQLITE_PATH: fresh, DATABASE_URL: "" })).code).toBe(0);
    expect((await runCli("restore", [join(dir, "missing.backup")], { SQLITE_PATH: join(dir, "x.db"), DATABASE_URL: "" })).out).toContain("There is no backup at");

    // The server starts on the restored copy and answers what the original did.
    const before = await (await fetch(`${server.url}/api/stats`)).json();
    const second = await startServer({ LOG_LEVEL: "warn", SQLITE_PATH: fresh, ...NO_RENDER_THREADS }, 180_000);
    try {
      expect(await (await fetch(`${second.url}/api/stats`)).json()).toEqual(before);
    } finally {
      await second.stop();
    }
  } finally {
    await writer.stop();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}, 480_000);

describe.skipIf(!process.env.TEST_DATABASE_URL)("on PostgreSQL", () => {
  it("writes the dump readable by its owner only, under umask 022", async () => {
    const dir = mkdtempSync(join(tmpdir(), "backup-pg-mode-"));
    try {
      const file = join(dir, "tldscope.dump");
      const backup = await runCli("backup", [file], { DATABASE_URL: process.env.TEST_DATABASE_URL });
      expect(backup.code, backup.out).toBe(0);
      expect(modeOf(file)).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("dumps under write load while a server runs, restores into a fresh database with every table's rows, and refuses a database servers use", async () => {
    const base = process.env.TEST_DATABASE_URL!;
    const names = [`tld_backup_src_${process.pid}`, `tld_backup_dst_${process.pid}`];
    const admin = new pg.Client({ connectionString: adminUrl(base) });
    await admin.connect();
    for (const n of names) await admin.query(`DROP DATABASE IF EXISTS ${n}`);
    for (const n of names) await admin.query(`CREATE DATABASE ${n}`);
    const [source, target] = names.map((n) => databaseUrlFor(base, n)) as [string, string];
    const dir = mkdtempSync(join(tmpdir(), "backup-pg-"));
    const server = await startServer({ LOG_LEVEL: "warn", DATABASE_URL: source, APP_SECRET, ...NO_RENDER_THREADS }, 180_000);
    // Ready: its start-up writes are done (the warm-up's price pages sweep stale rows), so what
    // the source holds after the backup is what it held at the backup, but for load_probe.
    await untilReady(server.url);
    const writer = startWriter("postgres", source);
    try {
      await new Promise((r) => setTimeout(r, 500));
      const file = join(dir, "tldscope.dump");
      const backup = await runCli("backup", [file], { DATABASE_URL: source });
      expect(backup.out).toContain(`Backed up the PostgreSQL database to ${file}`);
      expect(backup.code).toBe(0);
      await writer.stop();

      const onLive = await runCli("restore", [file, "--force"], { DATABASE_URL: source });
      expect(onLive.code).toBe(3);
      expect(onLive.out).toMatch(/Server processes are connected to this database: .*tldscope-all/);

      const restored = await runCli("restore", [file], { DATABASE_URL: target });
      expect(restored.out).toContain("Restored");
      expect(restored.code).toBe(0);
      const copy = await pgTables(target);
      expect(wholeBatches(copy.load_probe as { batch: number }[])).toBe(true);
      expect(copy.load_probe!.length).toBeGreaterThan(0);
      // Every other table as the source has it (nothing else wrote meanwhile).
      const { load_probe: _probe, ...rest } = copy;
      expect(rest).toEqual(await pgTables(source, ["load_probe"]));
      expect((await runCli("restore", [file], { DATABASE_URL: target })).code).toBe(3);

      await server.stop();
      const second = await startServer({ LOG_LEVEL: "warn", DATABASE_URL: target, APP_SECRET, ...NO_RENDER_THREADS }, 180_000);
      try {
        const stats = (await (await fetch(`${second.url}/api/stats`)).json()) as { tlds: number };
        expect(stats.tlds).toBe(1437);
      } finally {
        await second.stop();
      }
    } finally {
      await writer.stop();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
      for (const n of names) await admin.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
      await admin.end();
    }
  }, 480_000);
});
