import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDb } from "./client.ts";
import { adminUrl } from "./testing/urls.ts";

const base = process.env.TEST_DATABASE_URL;

describe.runIf(base)("PostgreSQL pool [postgres]", () => {
  it("survives an idle connection being terminated by the server and reconnects on the next query", async () => {
    const failures: Error[] = [];
    const db = openDb({ databaseUrl: base, poolSize: 1, onIdleConnectionError: (error) => failures.push(error) });
    try {
      const [before] = await db.all<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      const admin = new pg.Client({ connectionString: adminUrl(base!) });
      await admin.connect();
      await admin.query("select pg_terminate_backend($1)", [before!.pid]);
      await admin.end();
      await expect.poll(() => failures.length).toBe(1);
      expect((failures[0] as Error & { code?: string }).code).toBe("57P01");

      const [after] = await db.all<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      expect(after!.pid).not.toBe(before!.pid);
    } finally {
      await db.close();
    }
  });
});

describe("SQLite handle [sqlite]", () => {
  it("opens with foreign keys on and WAL journaling", async () => {
    const db = openDb({ sqlitePath: ":memory:" });
    try {
      const [fk] = await db.all<{ foreign_keys: number }>(sql`pragma foreign_keys`);
      expect(fk!.foreign_keys).toBe(1);
    } finally {
      await db.close();
    }
  });
});
