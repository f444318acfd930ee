/** The db:migrate command reads `.env` from its working directory, and a variable already set wins. */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..");
const tsx = join(root, "node_modules/.bin/tsx");
const migrate = join(root, "db/migrate-cli.ts");

function runMigrate(cwd: string, extraEnv: Record<string, string> = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv };
  delete env.DATABASE_URL;
  if (!("SQLITE_PATH" in extraEnv)) delete env.SQLITE_PATH;
  return execFileSync(tsx, [migrate], { cwd, env, encoding: "utf8" });
}

it("opens the SQLite file .env names, unless SQLITE_PATH is already set", { timeout: 60_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "env-cli-"));
  writeFileSync(join(dir, ".env"), "SQLITE_PATH=./from-env-file.db\n");
  expect(runMigrate(dir)).toContain("migrations applied (sqlite)");
  expect(existsSync(join(dir, "from-env-file.db"))).toBe(true);

  const other = mkdtempSync(join(tmpdir(), "env-cli-"));
  writeFileSync(join(other, ".env"), "SQLITE_PATH=./from-env-file.db\n");
  runMigrate(other, { SQLITE_PATH: "./from-environment.db" });
  expect(existsSync(join(other, "from-environment.db"))).toBe(true);
  expect(existsSync(join(other, "from-env-file.db"))).toBe(false);
});
