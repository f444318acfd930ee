import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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

describe("SQLite files [sqlite]", () => {
  const modeOf = (path: string) => statSync(path).mode & 0o777;

  it("are made readable by their owner only: the database, its -wal and -shm files and the directory made for them", async () => {
    const root = mkdtempSync(join(tmpdir(), "tld-modes-"));
    const dir = join(root, "data");
    const file = join(dir, "app.db");
    const db = openDb({ sqlitePath: file });
    try {
      await db.migrate();
      expect(modeOf(dir)).toBe(0o700);
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
      expect(modeOf(`${file}-shm`)).toBe(0o600);
    } finally {
      await db.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("close up a database file, -wal and -shm left readable by others, and leave an existing directory's mode alone", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tld-modes-"));
    chmodSync(dir, 0o755);
    const file = join(dir, "app.db");
    const first = openDb({ sqlitePath: file });
    await first.migrate();
    await first.close();
    for (const path of [file, `${file}-wal`, `${file}-shm`]) {
      writeFileSync(path, "", { flag: "a" });
      chmodSync(path, 0o644);
    }
    const db = openDb({ sqlitePath: file });
    try {
      for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(path)).toBe(0o600);
      expect(modeOf(dir)).toBe(0o755);
      const [fk] = await db.all<{ foreign_keys: number }>(sql`pragma foreign_keys`);
      expect(fk!.foreign_keys).toBe(1);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
