/**
 * Starts the real server as a child process on a fresh SQLite database and a free port, for
 * benchmarks and browser tests, and stops it by its process group (never by name).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface RunningServer {
  url: string;
  /** The spawned process (tsx or node), leader of the server's process group. */
  pid: number;
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

/** What `npm start` runs after `node` (its V8 flags, scripts/run-built.mjs main), from package.json. */
function startArgs(): string[] {
  const start = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start.split(/\s+/);
  if (start[0] !== "node") throw new Error(`package.json's start script does not run node: ${start.join(" ")}`);
  // BENCH_NODE_FLAGS: node flags NODE_OPTIONS refuses, for the server only (e.g. --cpu-prof --cpu-prof-dir=DIR).
  return [...(process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? []), ...start.slice(1)];
}

/**
 * `built`: the production build as `npm start` runs it (node with the start script's flags,
 * scripts/run-built.mjs, dist/server); otherwise the source through tsx.
 */
export async function startServer(env: Record<string, string> = {}, timeoutMs = 60_000, { built = false } = {}): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), "tld-server-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const serverEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", APP_URL: url, SQLITE_PATH: join(dir, "app.db"), LOG_LEVEL: "warn", DATABASE_URL: "", ...env };
  const [command, args] = built ? [process.execPath, startArgs()] : ["node_modules/.bin/tsx", ["src/server/main.ts"]];
  const child: ChildProcess = spawn(command, args, {
    env: serverEnv,
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
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
      // /api/health says "starting" while the database is migrated and seeded; "ok" once the API answers.
      const health = await fetch(`${url}/api/health`).then((r) => (r.ok ? r.json() as Promise<{ status?: string }> : undefined));
      if (health?.status === "ok") return { url, pid: child.pid!, env: serverEnv, stop };
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error("server did not become healthy in time");
}

/**
 * Resolves once `path` answers server-rendered HTML: until the render threads have loaded the page
 * code (seconds after start), pages answer the client shell. Stops the server and throws after
 * `timeoutMs`.
 */
export async function waitForServerRender(server: RunningServer, path = "/tlds", timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await fetch(`${server.url}${path}`).then((r) => r.text())).includes('id="ssr-state"')) {
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the server answered no server-rendered page within ${timeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * For a server a test starts for its API or its jobs, not its pages: pages render on the main
 * thread (RENDER_WORKERS=0) instead of in one thread per core, each loading the page code
 * through tsx (about 5 s of CPU per thread, measured on the 2-core test machine).
 */
export const NO_RENDER_THREADS = { RENDER_WORKERS: "0" } as const;
