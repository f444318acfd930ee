/** The PostgreSQL server a benchmark runs on: BENCH_DATABASE_URL, else TEST_DATABASE_URL. */
import pg from "pg";
import { adminUrl, databaseUrlFor } from "../../db/testing/urls.ts";

const PG_BASE = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/**
 * Runs fn on a fresh database named `${prefix}_…` on `server` (PG_BASE unless given), dropped
 * afterwards; says so and skips without a server.
 */
export async function withPostgres(prefix: string, fn: (url: string) => Promise<void>, server = PG_BASE) {
  if (!server) return console.log("\nPostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a postgres:// server.");
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl(server) });
    await client.connect();
    try { await client.query(statement); } finally { await client.end(); }
  };
  await admin(`CREATE DATABASE ${name}`);
  try {
    await fn(databaseUrlFor(server, name));
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
