/**
 * Starts the real server as a child process on a fresh SQLite database and a free port, for
 * benchmarks and browser tests, and stops it by its process group (never by name).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface RunningServer {
  url: string;
  /** The environment the server runs with, for commands that must open the same database. */
  env: Record<string, string | undefined>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export async function startServer(env: Record<string, string> = {}, timeoutMs = 60_000): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), "tld-server-"));
  const port = await freePort();
  const serverEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", SQLITE_PATH: join(dir, "app.db"), LOG_LEVEL: "warn", DATABASE_URL: "", ...env };
  const child: ChildProcess = spawn("node_modules/.bin/tsx", ["src/server/main.ts"], {
    env: serverEnv,
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((r) => child.once("exit", r));
      try { process.kill(-child.pid, "SIGTERM"); } catch { /* already gone */ }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) try { process.kill(-child.pid, "SIGKILL"); } catch { /* gone */ }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, env: serverEnv, stop };
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error("server did not become healthy in time");
}
