/**
 * `npm run jobs` as an operator runs it, a real process beside the real server on SQLite and on
 * PostgreSQL: `list` names the schedules the server registered, `run NAME` queues that
 * schedule's job once (two at the same moment: one is refused), an unknown name is a clear
 * error with a non-zero exit, and the queued job really runs in the server (its effect is in
 * the database).
 */
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSchedule, listSchedules } from "../../db/repositories/schedule-repository.ts";
import { createTestDb, type TestDb } from "../../db/testing/test-db.ts";
import type { Dialect } from "../../db/client.ts";
import { startFakes, type Fakes } from "../../e2e/fakes.ts";
import { freePort, NO_RENDER_THREADS } from "../../scripts/lib/server-process.ts";
import { builtCli } from "../../scripts/testing/built-cli.ts";
import { getJson, startServerProcess, until, type ServerProcess } from "./testing/server-processes.ts";

const APP_SECRET = "a shared secret of at least thirty-two characters";

interface CliRun { code: number | null; stdout: string; stderr: string }

/** `npm run jobs -- ARGS` (its bundle, as the build makes it), with a deadline. */
function runJobs(args: string[], env: Record<string, string>): Promise<CliRun> {
  const [command, cli] = builtCli("jobs-cli");
  const child = spawn(command, [cli, ...args], {
    env: { ...process.env, LOG_LEVEL: "warn", DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const run: CliRun = { code: null, stdout: "", stderr: "" };
  child.stdout.on("data", (d) => (run.stdout += d));
  child.stderr.on("data", (d) => (run.stderr += d));
  const deadline = setTimeout(() => child.kill("SIGKILL"), 60_000);
  return new Promise((resolve) => child.once("close", (code) => {
    clearTimeout(deadline);
    run.code = code;
    resolve(run);
  }));
}

const dialects: Dialect[] = ["sqlite", "postgres"];

for (const dialect of dialects) {
  describe.skipIf(dialect === "postgres" && !process.env.TEST_DATABASE_URL)(`npm run jobs as a process [${dialect}]`, () => {
    let testDb: TestDb;
    let fakes: Fakes;
    let env: Record<string, string>;
    let scheduleId: number;

    /** The server as `npm start` runs it on this database (from source), up once its queue started. */
    const startServer = async (): Promise<ServerProcess> => {
      const port = await freePort();
      const server = startServerProcess({ ...env, PORT: String(port), ...NO_RENDER_THREADS });
      await until("the server's queue to start", () => server.output.includes("job queue started"), 120_000);
      await until("the server to answer", async () => (await getJson(`http://127.0.0.1:${port}/api/health`)) !== undefined, 30_000);
      return server;
    };
    const stop = async (server: ServerProcess) => {
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    };

    beforeAll(async () => {
      testDb = await createTestDb(dialect);
      fakes = await startFakes();
      // Every provider's fetch goes to a loopback fake; nothing leaves the machine.
      env = { ...fakes.env, APP_SECRET, ...(testDb.url ? { DATABASE_URL: testDb.url } : { SQLITE_PATH: testDb.sqlitePath! }) };
      // The server registers the schedules (the default daily price refresh among them) at boot.
      await stop(await startServer());
      scheduleId = (await listSchedules(testDb.db))[0]!.id;
    }, 240_000);

    afterAll(async () => {
      await fakes?.close();
      await testDb?.drop();
    });

    it("lists the schedules, queues one run of two asked at once, and refuses an unknown name", async () => {
      const list = await runJobs(["list"], env);
      expect(list.code, list.stderr).toBe(0);
      const names = list.stdout.split("\n").filter(Boolean).map((line) => line.split(/\s+/)[0]);
      expect(names).toEqual(expect.arrayContaining(["reminders", "registry-checks", "rates", `price-schedule-${scheduleId}`]));
      expect(list.stdout).toMatch(new RegExp(`^price-schedule-${scheduleId}\\s+0 3 \\* \\* \\*\\s+next \\d{4}-\\d\\d-\\d\\dT03:00:00\\.000Z\\s+never run`, "m"));

      // No server runs now: the first run stays queued, so the second is refused whichever comes first.
      const both = await Promise.all([runJobs(["run", `price-schedule-${scheduleId}`], env), runJobs(["run", `price-schedule-${scheduleId}`], env)]);
      const codes = both.map((r) => r.code).sort();
      expect(codes, both.map((r) => r.stdout + r.stderr).join("\n")).toEqual([0, 3]);
      expect(both.find((r) => r.code === 0)!.stdout).toMatch(/^Price fetch schedule \d+ queued \(job .+\)\.\n$/);
      expect(both.find((r) => r.code === 3)!.stderr).toBe(`Price fetch schedule ${scheduleId} is already queued or running; it runs once at a time.\n`);

      const unknown = await runJobs(["run", "nightly-magic"], env);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toMatch(/^There is no scheduled job named "nightly-magic"\. Scheduled jobs: .*reminders.*\.\n$/);
      const usage = await runJobs(["run"], env);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toBe("Usage: npm run jobs -- list | run NAME\n");
    }, 120_000);

    it("runs the queued job in the server, once: the schedule's run is recorded and listed", async () => {
      expect((await findSchedule(testDb.db, scheduleId))?.lastRun).toBeNull();
      const server = await startServer();
      try {
        await until("the schedule's run to be recorded", async () => (await findSchedule(testDb.db, scheduleId))?.lastRun != null, 60_000, 250);
        await until("the run to be listed as completed", async () => {
          const list = await runJobs(["list"], env);
          return new RegExp(`^price-schedule-${scheduleId}\\s.*last run completed at `, "m").test(list.stdout);
        }, 60_000, 500);
      } finally {
        await stop(server);
      }
      // The rule holds while a run is queued or running, no longer: once it ran, a new run by hand is taken.
      const again = await runJobs(["run", `price-schedule-${scheduleId}`], env);
      expect(again.code, again.stderr).toBe(0);
    }, 240_000);
  });
}
