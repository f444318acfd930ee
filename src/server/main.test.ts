import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { freePort } from "../../scripts/lib/server-process.ts";

it("boots on an empty SQLite file (migrate + seed), serves data, and stops cleanly on SIGTERM", async () => {
  const dir = mkdtempSync(join(tmpdir(), "boot-"));
  const port = await freePort();
  const child = spawn("node_modules/.bin/tsx", ["src/server/main.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", SQLITE_PATH: join(dir, "app.db"), LOG_LEVEL: "info", DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  try {
    let stats: { tlds: number } | undefined;
    for (let i = 0; i < 150 && !stats; i++) {
      await new Promise((r) => setTimeout(r, 200));
      stats = await fetch(`http://127.0.0.1:${port}/api/stats`).then((r) => (r.ok ? r.json() : undefined), () => undefined);
    }
    expect(stats?.tlds).toBe(1594);
    expect(output).toContain("reference data imported");
    // No admin on a fresh database: a one-time setup link is printed, and it answers.
    const setupLink = /No administrator yet\. Open (http:\/\/localhost:\d+\/setup\?token=[a-z2-7]{32}) /.exec(output)?.[1];
    expect(setupLink).toBeDefined();
    const setupPath = new URL(setupLink!).pathname + new URL(setupLink!).search;
    const setup = await fetch(`http://127.0.0.1:${port}${setupPath}`, { redirect: "manual" });
    expect(setup.status).toBe(302);
    expect(setup.headers.get("location")).toBe(`/api/login?returnTo=${encodeURIComponent(setupPath)}`);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain('"msg":"stopped"');
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
