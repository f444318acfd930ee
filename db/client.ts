/**
 * Opens the one database handle the app uses: SQLite (file, WAL, foreign keys) by default,
 * PostgreSQL when given a postgres:// URL. Repositories receive a `Db` and never know which.
 *
 * The dialect seam: tables and query builders are typed once, as the SQLite flavour, and the
 * PostgreSQL handle is cast to that type here and nowhere else. The builder chains the
 * repositories use (select/insert/update/delete, joins, where, orderBy, limit, offset,
 * onConflictDo*, returning, awaited) behave the same on both drivers; the few that differ
 * (raw statements, transactions) go through the helpers on `Db`.
 *
 * A transaction body is a generator that yields its statements (`yield* exec(tx.select()…)`)
 * and returns its result. On SQLite the whole body runs synchronously inside better-sqlite3's
 * own transaction, so no statement from another async chain can run while it is open; on
 * PostgreSQL each yielded statement is awaited inside drizzle's transaction on its own
 * connection. Work that is not a statement (hashing, fetching) is done before the transaction.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { drizzle as drizzleSqlite, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate as migrateSqlite } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as pgSchema from "./schema/pg.ts";
import * as sqliteSchema from "./schema/sqlite.ts";

export type Tables = typeof sqliteSchema;
export type Executor = BetterSQLite3Database<Tables>;
export type Dialect = "sqlite" | "postgres";

/** A statement a transaction body yields: a query builder made from its `tx`. */
export type TxStatement = PromiseLike<unknown>;
/** A transaction body: yields its statements, receives each one's result, returns the outcome. */
export type TxBody<T> = Generator<TxStatement, T, unknown>;

/**
 * One statement of a transaction body, with its result: `const rows = yield* exec(tx.select()…)`.
 * Helpers that write inside a caller's transaction are generators too, called with `yield*`.
 */
export function* exec<T>(statement: PromiseLike<T>): Generator<TxStatement, T, unknown> {
  return (yield statement) as T;
}

/**
 * A SQLite statement run at once: drizzle's builders on better-sqlite3 prepare synchronously
 * and their execute() gives a result with sync(); relational queries have sync() themselves.
 */
function executeSqliteNow(statement: TxStatement): unknown {
  const s = statement as { sync?: () => unknown; prepare?: () => { execute(): { sync?: () => unknown } } };
  if (typeof s.sync === "function") return s.sync();
  const result = typeof s.prepare === "function" ? s.prepare().execute() : undefined;
  if (result && typeof result.sync === "function") return result.sync();
  throw new TypeError("A SQLite transaction body may yield only statements built from its tx (it runs synchronously; do other async work before the transaction)");
}

/** Runs a body to its end, each yielded statement executed synchronously (SQLite). */
function runBodySync<T>(body: TxBody<T>): T {
  let step = body.next();
  while (!step.done) {
    let result: unknown;
    try {
      result = executeSqliteNow(step.value);
    } catch (error) {
      step = body.throw(error);
      continue;
    }
    step = body.next(result);
  }
  return step.value;
}

/**
 * Runs a body to its end, awaiting each yielded statement: PostgreSQL's transactions, and a
 * body shared with transactions run on its own outside one (each statement then stands alone).
 */
export async function runBodyAsync<T>(body: TxBody<T>): Promise<T> {
  let step = body.next();
  while (!step.done) {
    let result: unknown;
    try {
      result = await step.value;
    } catch (error) {
      step = body.throw(error);
      continue;
    }
    step = body.next(result);
  }
  return step.value;
}

export interface Db {
  readonly dialect: Dialect;
  readonly orm: Executor;
  readonly t: Tables;
  /** Rows of a raw statement (each dialect's own SQL where they differ). */
  all<T>(query: SQL): Promise<T[]>;
  /**
   * Runs the body atomically: all its statements commit together, or none do when it throws.
   * The body yields each statement through `exec` (see the header comment).
   */
  transaction<T>(fn: (tx: Executor) => TxBody<T>): Promise<T>;
  migrate(): Promise<void>;
  /**
   * Runs fn while holding a database-wide lock named by `key`, so processes booting together on
   * PostgreSQL take turns (an advisory lock on a connection opened for it, outside the pool, so
   * fn's own queries never wait for it); on SQLite, which one process owns, it just runs fn.
   * Fails with DatabaseLockTimeoutError when the handle was opened with `lockTimeoutMs` and
   * another process keeps the lock longer.
   */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** PostgreSQL: the pool's connections (total, idle) and clients waiting for one; SQLite has no pool (null). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// or postgresql:// URL; anything else (or nothing) means SQLite. */
  databaseUrl?: string | undefined;
  /** SQLite file path, ":memory:" for a throwaway database. */
  sqlitePath?: string;
  /** PostgreSQL pool size per process. */
  poolSize?: number;
  /**
   * Called when an idle PostgreSQL connection fails (server restart, terminated backend).
   * The pool drops that connection and opens a new one on demand; without a listener the
   * error would end the process.
   */
  onIdleConnectionError?: (error: Error) => void;
  /**
   * PostgreSQL: how long withLock waits for a lock another process holds before it fails with a
   * DatabaseLockTimeoutError naming the holder. Unset, it waits as long as the holder takes.
   */
  lockTimeoutMs?: number;
  /** PostgreSQL: how long opening a connection may take before it fails. Unset, no limit. */
  connectTimeoutMs?: number;
  /** PostgreSQL: the application_name its connections show in pg_stat_activity (e.g. tldscope-web). */
  applicationName?: string;
}

/** withLock gave up: another process kept the lock past the handle's `lockTimeoutMs`. */
export class DatabaseLockTimeoutError extends Error {
  override readonly name = "DatabaseLockTimeoutError";
  constructor(readonly key: number, readonly holderPid: number | undefined, message: string) {
    super(message);
  }
}

const migrationsDir = (dialect: "sqlite" | "pg") =>
  fileURLToPath(new URL(`./migrations/${dialect}`, import.meta.url));

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

export function openDb(options: OpenOptions = {}): Db {
  return isPostgresUrl(options.databaseUrl)
    ? openPostgres(options.databaseUrl, options)
    : openSqlite(options.sqlitePath ?? "./data/app.db");
}

/**
 * The database holds password hashes and private messages: a directory made for it is the
 * owner's only (0700), and the file, made or found, is readable and writable by its owner only
 * (0600). SQLite gives the -wal and -shm files the database file's mode when it creates them;
 * ones left from an earlier run get it here.
 */
function restrictSqliteFiles(path: string): void {
  const dir = dirname(path);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  closeSync(openSync(path, "a", 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    try {
      chmodSync(file, 0o600);
    } catch (error) {
      // Another process closing the database last removes its -wal and -shm files.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

function openSqlite(path: string): Db {
  if (path !== ":memory:" && path !== "") restrictSqliteFiles(path);
  const client = new Database(path);
  client.pragma("journal_mode = WAL");
  client.pragma("foreign_keys = ON");
  client.pragma("busy_timeout = 5000");
  client.pragma("synchronous = NORMAL");
  const db = drizzleSqlite(client, { schema: sqliteSchema });

  /**
   * better-sqlite3's own transaction (BEGIN IMMEDIATE … COMMIT, ROLLBACK on a throw) around a
   * body run synchronously: nothing else runs on the connection until it ends.
   */
  const transaction = async <T>(fn: (tx: Executor) => TxBody<T>): Promise<T> =>
    client.transaction(() => runBodySync(fn(db))).immediate();

  return {
    dialect: "sqlite",
    orm: db,
    t: sqliteSchema,
    all: async <T>(query: SQL) => db.all<T>(query),
    transaction,
    migrate: async () => migrateSqlite(db, { migrationsFolder: migrationsDir("sqlite") }),
    withLock: (_key, fn) => fn(),
    poolStats: () => null,
    close: async () => {
      client.close();
    },
  };
}

function openPostgres(url: string, options: OpenOptions): Db {
  const onIdleConnectionError = options.onIdleConnectionError ?? (() => undefined);
  const connectionTimeoutMillis = options.connectTimeoutMs ?? 0;
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, connectionTimeoutMillis, ...(options.applicationName ? { application_name: options.applicationName } : {}) });
  pool.on("error", onIdleConnectionError);
  const pgDb = drizzlePg(pool, { schema: pgSchema });
  // The one cast of the dialect seam (see the header comment).
  const db = pgDb as unknown as Executor;
  const t = pgSchema as unknown as Tables;
  /**
   * The advisory lock is a session lock held by a connection of its own, opened for the call and
   * never part of the pool: fn works through the pool, so however small the pool (one connection
   * is enough), fn never waits for the connection that holds the lock. If this process dies, the
   * server ends that session and the lock goes with it.
   */
  const withLock = async <T>(key: number, fn: () => Promise<T>): Promise<T> => {
    const lockTimeoutMs = options.lockTimeoutMs;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis, ...(lockTimeoutMs ? { lock_timeout: lockTimeoutMs } : {}) });
    // A failure while fn runs (the lock is lost with the session) must not end the process.
    client.on("error", onIdleConnectionError);
    try {
      await client.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [key]);
      } catch (error) {
        // 55P03 lock_not_available: lock_timeout expired while another session held the lock.
        if (lockTimeoutMs && (error as { code?: string }).code === "55P03") throw await lockTimeoutError(key, lockTimeoutMs);
        throw error;
      }
      return await fn();
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [key]).catch(() => undefined);
      await client.end().catch(() => undefined);
    }
  };
  /** Says who holds the lock (from pg_locks and pg_stat_activity) and what to do about it. */
  const lockTimeoutError = async (key: number, waitedMs: number) => {
    const holder = await pool.query<{ pid: number; since: Date | null; addr: string | null; app: string | null }>(
      `SELECT a.pid, a.backend_start AS since, host(a.client_addr) AS addr, a.application_name AS app
         FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND ((l.classid::bigint << 32) | l.objid::bigint) = $1 AND l.objsubid = 1
        LIMIT 1`,
      [key],
    ).then((r) => r.rows[0], () => undefined);
    const who = holder
      ? `PostgreSQL backend ${holder.pid}${holder.addr ? ` (client ${holder.addr}${holder.app ? `, ${holder.app}` : ""})` : holder.app ? ` (${holder.app})` : ""}${holder.since ? `, connected since ${holder.since.toISOString()}` : ""}`
      : "a session that has released it since";
    const advice = holder
      ? `A server holds it while it starts (migrating and importing data): try again once the server is up. If no server is starting, the holder is stuck; end it with SELECT pg_terminate_backend(${holder.pid});`
      : "Try again.";
    return new DatabaseLockTimeoutError(key, holder?.pid,
      `Another process holds the database's boot lock (advisory lock ${key}) and did not release it within ${waitedMs / 1000} s: ${who}. ${advice}`);
  };
  return {
    dialect: "postgres",
    orm: db,
    t,
    all: async <T>(query: SQL) => (await pgDb.execute(query)).rows as T[],
    transaction: (fn) => pgDb.transaction((tx) => runBodyAsync(fn(tx as unknown as Executor))),
    // Several processes may boot at once on PostgreSQL: one migrates, the others wait.
    migrate: () => withLock(727274, () => migratePg(pgDb, { migrationsFolder: migrationsDir("pg") })),
    withLock,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/**
 * `lower(column) LIKE lower(pattern)`: case-insensitive on both dialects, unlike LIKE/ILIKE.
 * Given a placeholder instead of text, bind containsPattern(text) to it.
 */
export function containsInsensitive(column: SQL | SQL.Aliased | import("drizzle-orm").Column, text: string | Placeholder): SQL {
  const pattern = typeof text === "string" ? containsPattern(text) : text;
  return sql`lower(${column}) like ${pattern} escape '\\'`;
}

/**
 * `text` occurs in `column` (case-sensitive, no wildcards: the caller stores and binds
 * lower-cased text). A plain substring search, cheaper than LIKE on both dialects.
 */
export function containsSubstring(handle: Pick<Db, "dialect">, column: SQL | import("drizzle-orm").Column, text: Placeholder): SQL {
  return handle.dialect === "postgres" ? sql`strpos(${column}, ${text}) > 0` : sql`instr(${column}, ${text}) > 0`;
}

/** A statement compiled once and run with named placeholder values (sql.placeholder). */
export interface PreparedSelect<T> {
  all(values: Record<string, unknown>): Promise<T[]>;
}

/**
 * Prepares a select once per handle: on PostgreSQL a named statement (node-postgres prepares
 * it once per connection), on SQLite a compiled statement. Hot read paths use it to skip
 * building and compiling the query on every request. `name` must be unique per statement text.
 */
export function prepareSelect<T>(handle: Db, name: string, query: { prepare(): { all(values?: Record<string, unknown>): T[] } }): PreparedSelect<T> {
  // The dialect seam again: PostgreSQL's builder takes the statement name, SQLite's ignores it.
  const prepared = (query.prepare as (name: string) => unknown).call(query, name);
  if (handle.dialect === "postgres") {
    const pgPrepared = prepared as { execute(values: Record<string, unknown>): Promise<T[]> };
    return { all: (values) => pgPrepared.execute(values) };
  }
  const sqlitePrepared = prepared as { all(values: Record<string, unknown>): T[] };
  return { all: async (values) => sqlitePrepared.all(values) };
}

/**
 * A one-value read compiled once, for the hottest checks: on SQLite the builder's SQL runs as a
 * raw better-sqlite3 statement (first column of the first row, synchronously: no row mapping,
 * no promise), on PostgreSQL as a named prepared statement. The builder must bind no placeholders.
 */
export function prepareScalar<T>(handle: Db, name: string, query: { toSQL(): { sql: string; params: unknown[] } }): () => T | undefined | Promise<T | undefined> {
  const { sql: text, params } = query.toSQL();
  if (handle.dialect === "postgres") {
    const pool = (handle.orm as unknown as { $client: pg.Pool }).$client;
    return async () => {
      const { rows } = await pool.query<Record<string, T>>({ name, text, values: params });
      const row = rows[0];
      return row ? Object.values(row)[0] : undefined;
    };
  }
  const statement = (handle.orm as unknown as { $client: Database.Database }).$client.prepare(text).pluck();
  return () => statement.get(...params) as T | undefined;
}

/** The bound value for containsInsensitive with a placeholder: `%text%`, lower-cased and escaped. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
