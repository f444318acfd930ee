/**
 * `npm run admin` as an operator runs it: a real process on a fresh database (SQLite file, or a
 * new PostgreSQL database when TEST_DATABASE_URL is set), then the real server on the same
 * database, and the CLI again while that server runs. Every process has a deadline, so a hang
 * fails the test instead of stalling the run.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Dialect } from "../../db/client.ts";
import { adminUrl, databaseUrlFor } from "../../db/testing/urls.ts";
import { freePort, NO_RENDER_THREADS, startServer, type RunningServer } from "../../scripts/lib/server-process.ts";
import { builtCli } from "../../scripts/testing/built-cli.ts";
import { runAdminCli } from "./admin-cli.ts";
import { AUTH_TEST_ENV, formPost, registerUser } from "./testing/auth.ts";
import { createTestApp, TEST_ORIGIN } from "./testing/test-app.ts";

const ADMIN_DEADLINE_MS = 20_000;
const NO_ADMINS = "No administrators yet. Grant one with: npm run admin -- grant EMAIL";
const APP_SECRET = "a shared secret of at least thirty-two characters";

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** Runs the CLI as its own process; killed (and reported as timed out) past the deadline. */
function runAdmin(args: string[], env: Record<string, string>): Promise<CliRun> {
  // As `npm run admin` runs it: the bundle the build makes.
  const [command, cli] = builtCli("admin-cli");
  const child = spawn(command, [cli, ...args], {
    env: { ...process.env, LOG_LEVEL: "warn", DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const run: CliRun = { code: null, stdout: "", stderr: "", timedOut: false };
  child.stdout.on("data", (d) => (run.stdout += d));
  child.stderr.on("data", (d) => (run.stderr += d));
  const deadline = setTimeout(() => {
    run.timedOut = true;
    child.kill("SIGKILL");
  }, ADMIN_DEADLINE_MS);
  return new Promise((resolve) =>
    child.once("close", (code) => {
      clearTimeout(deadline);
      run.code = code;
      resolve(run);
    }),
  );
}

/** The CLI finished in time with `code`; on failure the message carries what it printed. */
function expectExit(run: CliRun, code: number) {
  expect({ timedOut: run.timedOut, code: run.code }, `stdout: ${run.stdout}\nstderr: ${run.stderr}`).toEqual({ timedOut: false, code });
}

const lines = (text: string) => text.split("\n").filter(Boolean);

interface FreshDatabase {
  /** What the CLI and the server are started with. */
  env: Record<string, string>;
  /** Another handle on the same database, as another process would open it. */
  open(): ReturnType<typeof openDb>;
  drop(): Promise<void>;
}

/** An empty database: nothing migrated, nothing seeded. */
async function freshDatabase(dialect: Dialect): Promise<FreshDatabase> {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "admin-cli-"));
    const file = join(dir, "app.db");
    return {
      env: { SQLITE_PATH: file, DATABASE_URL: "" },
      open: () => openDb({ sqlitePath: file }),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `admin_cli_${process.pid}_${Date.now()}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl(base) });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = databaseUrlFor(base, name);
  return {
    env: { DATABASE_URL: url, APP_SECRET },
    open: () => openDb({ databaseUrl: url, poolSize: 2 }),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** Signs up through the running server's own HTTP, as a browser does. */
async function signUp(server: RunningServer, email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: new URLSearchParams({ email, password: "correct horse battery", firstName: "Ops" }).toString(),
    redirect: "manual",
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("session="))?.split(";")[0];
  if (res.status !== 302 || !cookie) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return cookie;
}

const isAdminOn = async (server: RunningServer, cookie: string) =>
  ((await (await fetch(`${server.url}/api/auth/user`, { headers: { cookie } })).json()) as { isAdmin: boolean }).isAdmin;

const dialects: Dialect[] = ["sqlite", "postgres"];

for (const dialect of dialects) {
  describe.skipIf(dialect === "postgres" && !process.env.TEST_DATABASE_URL)(`npm run admin as a process [${dialect}]`, () => {
    let database: FreshDatabase;
    beforeAll(async () => {
      database = await freshDatabase(dialect);
    });
    afterAll(async () => {
      await database?.drop();
    });

    it("lists no administrators on a fresh database, which it migrates", async () => {
      const list = await runAdmin(["list"], database.env);
      expectExit(list, 0);
      expect(lines(list.stdout)).toEqual([NO_ADMINS]);
      expect(list.stderr).toBe("");
    }, 30_000);

    it("answers wrong usage with the usage text and exit code 2", async () => {
      for (const args of [["promote", "ops@example.com"], ["grant"]]) {
        const run = await runAdmin(args, database.env);
        expectExit(run, 2);
        expect(run.stderr).toMatch(/^Usage: npm run admin -- grant EMAIL \| revoke EMAIL \| list \| reset-password EMAIL \| reset-2fa EMAIL\n$/);
      }
    }, 60_000);

    it("refuses an e-mail no account uses, with a message saying so", async () => {
      const run = await runAdmin(["grant", "nobody@example.com"], database.env);
      expectExit(run, 1);
      expect(lines(run.stderr)).toEqual(["No account uses the e-mail nobody@example.com. The person must sign up (or sign in once) first."]);
    }, 30_000);

    it("grants, lists and revokes an account created in the same database", async () => {
      const db = database.open();
      try {
        await registerUser(createTestApp(db), { email: "ops@example.com" });
      } finally {
        await db.close();
      }
      const grant = await runAdmin(["grant", "OPS@example.com"], database.env);
      expectExit(grant, 0);
      expect(lines(grant.stdout)).toEqual(["ops@example.com is now an administrator."]);
      const listed = await runAdmin(["list"], database.env);
      expectExit(listed, 0);
      expect(lines(listed.stdout)).toEqual(["ops@example.com"]);
      const revoke = await runAdmin(["revoke", "ops@example.com"], database.env);
      expectExit(revoke, 0);
      expect(lines(revoke.stdout)).toEqual(["ops@example.com is no longer an administrator."]);
      expect(lines((await runAdmin(["list"], database.env)).stdout)).toEqual([NO_ADMINS]);
    }, 60_000);

    it("prints a one-time reset link that sets a new password once, and replaces the link printed before it", async () => {
      const db = database.open();
      try {
        await db.migrate(); // already done by the first test when the file runs whole
        const app = createTestApp(db, { env: AUTH_TEST_ENV });
        await registerUser(app, { email: "forgetful@example.com" });
        const env = { ...database.env, APP_URL: "https://domains.example.com" };
        const first = await runAdmin(["reset-password", "Forgetful@example.com"], env);
        expectExit(first, 0);
        const second = await runAdmin(["reset-password", "forgetful@example.com"], env);
        expectExit(second, 0);
        const [intro, link] = lines(second.stdout);
        expect(intro).toMatch(/^One-time link for forgetful@example\.com to choose a new password \(valid until \d{4}-\d\d-\d\dT/);
        expect(link).toMatch(/^https:\/\/domains\.example\.com\/api\/password-reset\?token=[a-z2-7]{32}$/);
        const token = (link: string) => new URL(link).searchParams.get("token")!;
        const older = token(lines(first.stdout)[1]!);
        // The newer link replaced the older one.
        expect((await formPost(app, "/api/password-reset", { token: older, password: "a brand new secret" })).status).toBe(400);
        expect((await app.request(`${TEST_ORIGIN}/api/password-reset?token=${token(link!)}`)).status).toBe(200);
        expect((await formPost(app, "/api/password-reset", { token: token(link!), password: "a brand new secret" })).status).toBe(200);
        expect((await formPost(app, "/api/password-reset", { token: token(link!), password: "another new secret" })).status).toBe(400);
        expect((await formPost(app, "/api/login", { email: "forgetful@example.com", password: "a brand new secret" })).status).toBe(302);
        const unknown = await runAdmin(["reset-password", "nobody@example.com"], env);
        expectExit(unknown, 1);
        expect(lines(unknown.stderr)).toEqual(["There is no account with the e-mail nobody@example.com."]);
      } finally {
        await db.close();
      }
    }, 60_000);

    it("leaves the database to a server that starts after it, and runs beside that server", async () => {
      // A pool of one connection: the server's migration, seed and defaults each run under a
      // lock (PostgreSQL) while their queries go through that one pooled connection.
      const server = await startServer({ ...database.env, DATABASE_POOL_SIZE: "1", ...NO_RENDER_THREADS }, 90_000);
      try {
        expect(await (await fetch(`${server.url}/api/health`)).json()).toMatchObject({ status: "ok" });
        const cookie = await signUp(server, "night-shift@example.com");
        expect(await isAdminOn(server, cookie)).toBe(false);

        // The server keeps answering while the CLI opens, migrates and writes the same database.
        const health: number[] = [];
        let cliDone = false;
        const polling = (async () => {
          while (!cliDone) {
            health.push((await fetch(`${server.url}/api/health`)).status);
            await new Promise((r) => setTimeout(r, 50));
          }
        })();
        const grant = await runAdmin(["grant", "night-shift@example.com"], database.env);
        cliDone = true;
        await polling;
        expectExit(grant, 0);
        expect(health.length).toBeGreaterThan(0);
        expect(health.every((status) => status === 200)).toBe(true);
        expect(await isAdminOn(server, cookie)).toBe(true);

        const listed = await runAdmin(["list"], database.env);
        expectExit(listed, 0);
        expect(lines(listed.stdout)).toEqual(["night-shift@example.com"]);
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      } finally {
        await server.stop();
      }
    }, 150_000);
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("npm run admin gives up instead of hanging [postgres]", () => {
  it("names the backend holding the boot lock when it waits past its limit", async () => {
    const database = await freshDatabase("postgres");
    const holder = new pg.Client({ connectionString: database.env.DATABASE_URL, application_name: "stuck-boot" });
    try {
      await holder.connect();
      const pid = (await holder.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
      await holder.query("SELECT pg_advisory_lock(727274)");
      const err: string[] = [];
      const started = Date.now();
      const code = await runAdminCli(["list"], { env: database.env, lockTimeoutMs: 1_000, io: { out: () => undefined, err: (l) => err.push(l) } });
      const waited = Date.now() - started;
      expect(code).toBe(1);
      expect(waited).toBeLessThan(5_000);
      expect(err).toHaveLength(1);
      expect(err[0]).toMatch(/^Another process holds the database's boot lock \(advisory lock 727274\) and did not release it within 1 s: /);
      expect(err[0]).toContain(`PostgreSQL backend ${pid} (client `);
      expect(err[0]).toContain("stuck-boot");
      expect(err[0]).toContain(`SELECT pg_terminate_backend(${pid});`);

      // Once the holder lets go, the same command goes through.
      await holder.query("SELECT pg_advisory_unlock(727274)");
      const list = await runAdmin(["list"], database.env);
      expectExit(list, 0);
      expect(lines(list.stdout)).toEqual([NO_ADMINS]);
    } finally {
      await holder.end().catch(() => undefined);
      await database.drop();
    }
  }, 30_000);
});

it("says which PostgreSQL server it could not reach when a connection never completes", async () => {
  // A port that accepts connections and never answers, like a host behind a dropping firewall.
  const sockets: Socket[] = [];
  const silent = createServer((socket) => sockets.push(socket));
  const port = await freePort();
  await new Promise<void>((resolve) => silent.listen(port, "127.0.0.1", resolve));
  try {
    const started = Date.now();
    const run = await runAdmin(["list"], { DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${port}/app`, APP_SECRET });
    expectExit(run, 1);
    expect(Date.now() - started).toBeLessThan(ADMIN_DEADLINE_MS);
    expect(lines(run.stderr)).toEqual([
      `PostgreSQL at 127.0.0.1:${port} did not complete a connection within 10 s: check DATABASE_URL and that the database server is up and reachable from here.`,
    ]);
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  }
}, 30_000);
