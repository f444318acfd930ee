/** The databases a benchmark times: SQLite always, PostgreSQL when a server is set (bench-postgres.ts). */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb, type Db } from "../../db/client.ts";
import { seedDatabase } from "../../db/seed/seed.ts";
import { withPostgres } from "./bench-postgres.ts";

/** The database's label ("SQLite", "PostgreSQL"), its handle, and its URL on PostgreSQL. */
export type SeededRun = (label: string, handle: Db, databaseUrl?: string) => Promise<void>;

/** Migrates and seeds a fresh database, runs the benchmark on it, and closes it. */
async function runSeeded(label: string, handle: Db, run: SeededRun, databaseUrl?: string) {
  try {
    await handle.migrate();
    await seedDatabase(handle);
    await run(label, handle, databaseUrl);
  } finally {
    await handle.close();
  }
}

/**
 * Runs the benchmark on a seeded SQLite file in a temporary directory, then on a seeded fresh
 * PostgreSQL database `bench_${name}_…`; both are removed afterwards.
 */
export async function runOnSeededDatabases(name: string, run: SeededRun) {
  const dir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  try {
    await runSeeded("SQLite", openDb({ sqlitePath: join(dir, "app.db") }), run);
    await withPostgres(`bench_${name}`, (url) => runSeeded("PostgreSQL", openDb({ databaseUrl: url }), run, url));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
