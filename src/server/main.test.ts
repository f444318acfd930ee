import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createTestDb } from "../../db/testing/test-db.ts";
import { freePort } from "../../scripts/lib/server-process.ts";

/** The real server process with `env`; output collects its stdout and stderr. */
function startProcess(env: Record<string, string>) {
  const child = spawn("node_modules/.bin/tsx", ["src/server/main.ts"], {
    env: { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "info", DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const proc = { child, output: "", exited: new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code))) };
  child.stdout.on("data", (d) => (proc.output += d));
  child.stderr.on("data", (d) => (proc.output += d));
  return proc;
}

/** Seeding and the warm-up renders each took over 30 s on a machine busy with the rest of the suite. */
async function until(check: () => Promise<boolean> | boolean, timeoutMs = 150_000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("timed out");
}

/** Whether npm run build made the client (CI runs these tests before building). */
const CLIENT_BUILT = existsSync("dist/client/index.html");

const getJson = (url: string) => fetch(url).then((r) => (r.ok ? r.json() : undefined), () => undefined);

it("boots on an empty SQLite file (migrate + seed), serves data, and stops cleanly on SIGTERM", async () => {
  const dir = mkdtempSync(join(tmpdir(), "boot-"));
  const port = await freePort();
  const proc = startProcess({ PORT: String(port), SQLITE_PATH: join(dir, "app.db"), RENDER_WORKERS: "1" });
  try {
    // The port opens before the database is migrated and seeded: health says where boot is, and a
    // page asked meanwhile is a 503 with Retry-After, not the client shell.
    let health: { status: string; step?: string } | undefined;
    await until(async () => !!(health = await getJson(`http://127.0.0.1:${port}/api/health`)));
    expect(health).toMatchObject({ status: "starting", step: expect.any(String) });
    const early = await fetch(`http://127.0.0.1:${port}/tld/com`, { headers: { accept: "text/html" } });
    expect(early.status).toBe(503);
    expect(early.headers.get("retry-after")).toBe("5");
    expect(await early.text()).not.toContain('id="ssr-state"');
    let stats: { tlds: number } | undefined;
    await until(async () => !!(stats = await getJson(`http://127.0.0.1:${port}/api/stats`)));
    expect(stats?.tlds).toBe(1437); // delegated root-zone TLDs (decision 030)
    // Readiness follows liveness: the database, the queue and the renderers (warmed) each say ready.
    let ready: { status: string; checks: Record<string, { state: string }> } | undefined;
    await until(async () => (ready = await getJson(`http://127.0.0.1:${port}/api/ready`))?.status === "ready");
    if (CLIENT_BUILT) {
      expect(ready?.checks).toEqual({ database: { state: "ready" }, queue: { state: "ready" }, renderers: { state: "ready" } });
      expect(proc.output).toContain("renderers warm; ready");
      // Ready means each public page kind rendered: the first page asked is rendered whole.
      expect(await (await fetch(`http://127.0.0.1:${port}/tld/com`)).text()).toContain('id="ssr-state"');
    } else {
      // Before npm run build there are no pages to serve: the API is ready, the renderers off.
      expect(ready?.checks).toEqual({ database: { state: "ready" }, queue: { state: "ready" }, renderers: { state: "off" } });
      expect(proc.output).toContain("no client build: serving the API only");
    }
    expect(await getJson(`http://127.0.0.1:${port}/api/health`)).toEqual({ status: "ok" });
    expect(proc.output).toContain("reference data imported");
    expect(proc.output).toMatch(/"queue":"in-process","work":true,"msg":"job queue started"/);
    // No admin on a fresh database: a one-time setup link is printed, and it answers.
    const setupLink = /No administrator yet\. Open (http:\/\/localhost:\d+\/setup\?token=[a-z2-7]{32}) /.exec(proc.output)?.[1];
    expect(setupLink).toBeDefined();
    const setupPath = new URL(setupLink!).pathname + new URL(setupLink!).search;
    const setup = await fetch(`http://127.0.0.1:${port}${setupPath}`, { redirect: "manual" });
    expect(setup.status).toBe(302);
    expect(setup.headers.get("location")).toBe(`/api/login?returnTo=${encodeURIComponent(setupPath)}`);
    proc.child.kill("SIGTERM");
    expect(await proc.exited).toBe(0);
    expect(proc.output).toContain('"msg":"stopped"');
  } finally {
    if (proc.child.exitCode === null) proc.child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
}, 400_000);

it("refuses ROLE=web or worker on SQLite, which one process owns", async () => {
  const dir = mkdtempSync(join(tmpdir(), "boot-"));
  try {
    const proc = startProcess({ ROLE: "worker", SQLITE_PATH: join(dir, "app.db") });
    expect(await proc.exited).toBe(1);
    expect(proc.output).toContain("ROLE=worker needs PostgreSQL");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 30_000);

describe.skipIf(!process.env.TEST_DATABASE_URL)("roles on PostgreSQL", () => {
  it("runs a web process that serves HTTP and a worker process that listens on no port, on one database", async () => {
    const testDb = await createTestDb("postgres");
    const [webPort, workerPort] = [await freePort(), await freePort()];
    // Every process on one PostgreSQL database needs the same APP_SECRET (it encrypts registrar credentials).
    const shared = { DATABASE_URL: testDb.url!, APP_SECRET: "a shared secret of at least thirty-two characters" };
    const web = startProcess({ ROLE: "web", PORT: String(webPort), RENDER_WORKERS: "1", ...shared });
    const worker = startProcess({ ROLE: "worker", PORT: String(workerPort), ...shared });
    try {
      await until(async () => (await getJson(`http://127.0.0.1:${webPort}/api/health`))?.status === "ok");
      await until(() => worker.output.includes("job queue started"));
      expect(web.output).toMatch(/"queue":"pg-boss","work":false/);
      expect(worker.output).toMatch(/"queue":"pg-boss","work":true/);
      expect(worker.output).not.toContain("listening on");
      await expect(fetch(`http://127.0.0.1:${workerPort}/api/health`)).rejects.toThrow();
      for (const p of [web, worker]) p.child.kill("SIGTERM");
      expect(await web.exited).toBe(0);
      expect(await worker.exited).toBe(0);
      expect(worker.output).toContain('"msg":"stopped"');
    } finally {
      for (const p of [web, worker]) if (p.child.exitCode === null) p.child.kill("SIGKILL");
      await testDb.drop();
    }
  }, 90_000);
});
