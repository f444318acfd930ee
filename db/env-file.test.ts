import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadEnvFile } from "./env-file.ts";

describe(".env", () => {
  const dir = mkdtempSync(join(tmpdir(), "env-file-"));

  it("adds the keys the environment lacks and never overrides one already set", () => {
    const path = join(dir, ".env");
    writeFileSync(path, "# a comment\nPORT=4000\nLOG_LEVEL=debug\nAPP_URL=\"https://domains.example.com\"\n");
    const env: NodeJS.ProcessEnv = { PORT: "3000" };
    expect(loadEnvFile(path, env).sort()).toEqual(["APP_URL", "LOG_LEVEL"]);
    expect(env).toEqual({ PORT: "3000", LOG_LEVEL: "debug", APP_URL: "https://domains.example.com" });
  });

  it("is optional: without the file nothing changes", () => {
    const env: NodeJS.ProcessEnv = { PORT: "3000" };
    expect(loadEnvFile(join(dir, "missing.env"), env)).toEqual([]);
    expect(env).toEqual({ PORT: "3000" });
  });
});
