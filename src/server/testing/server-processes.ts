/**
 * Real server processes for process tests, each one OS process (a signal sent to its id reaches
 * the server itself, SIGKILL included), with its output collected: from source
 * (`node --import tsx src/server/main.ts`) or, `built`, as `npm start` runs it
 * (`node scripts/run-built.mjs main`, which `npm run build` must have made). Several web
 * processes from source each compile the page code in their render threads, minutes on a busy
 * two-core machine; built, they are ready in seconds.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";

/** Whether `npm run build` has made the server that `built` processes run. */
export const serverBuilt = () => ["dist/server/main.js", "dist/ssr/entry-server.js", "dist/client/index.html"].every((f) => existsSync(f));

/**
 * Whether to run the tests of the built server under load: asked for with TEST_BUILT_SERVER=1
 * (.ci/run, after the build) and a build present. They time a stop and a crawl, so they run on
 * their own, never beside the rest of `npm test` on a two-core machine.
 */
export const builtServerTests = () => process.env.TEST_BUILT_SERVER === "1" && serverBuilt();

export interface ServerProcess {
  child: ChildProcess;
  /** Its stdout and stderr so far. */
  output: string;
  exited: Promise<number | null>;
  /** SIGKILL if still running (for `finally` blocks). */
  kill(): void;
}

export function startServerProcess(env: Record<string, string>, { built = false } = {}): ServerProcess {
  const args = built ? ["scripts/run-built.mjs", "main"] : ["--import", "tsx", "src/server/main.ts"];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "info", DATABASE_URL: "", ...(built ? { NODE_ENV: "production" } : {}), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const proc: ServerProcess = {
    child,
    output: "",
    exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))),
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
  child.stdout.on("data", (d) => (proc.output += d));
  child.stderr.on("data", (d) => (proc.output += d));
  return proc;
}

/** Resolves once `check` holds; throws `what` after `timeoutMs`. */
export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000, everyMs = 200): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** GET `url` as JSON, or undefined when it fails or answers an error. */
export const getJson = <T = unknown>(url: string): Promise<T | undefined> =>
  fetch(url).then((r) => (r.ok ? (r.json() as Promise<T>) : undefined), () => undefined);
