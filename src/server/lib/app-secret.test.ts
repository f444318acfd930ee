import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { resolveAppSecret } from "./app-secret.ts";
import { createCredentialCipher } from "./credential-cipher.ts";
import { createLogger } from "./logger.ts";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const log = createLogger("silent");

describe("credentials key", () => {
  it("generates a key file beside the SQLite database with owner-only permissions, then reuses it", () => {
    const dir = mkdtempSync(join(tmpdir(), "secret-"));
    dirs.push(dir);
    const config = loadConfig({ SQLITE_PATH: join(dir, "app.db") });
    const first = resolveAppSecret(config, log);
    const file = join(dir, "app-secret.key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(resolveAppSecret(config, log)).toBe(first);
    expect(resolveAppSecret(loadConfig({ SQLITE_PATH: join(dir, "app.db"), APP_SECRET: "s".repeat(40) }), log)).toBe("s".repeat(40));
  });

  it("refuses a key file too short to be a key", () => {
    const dir = mkdtempSync(join(tmpdir(), "secret-"));
    dirs.push(dir);
    writeFileSync(join(dir, "app-secret.key"), "short", { mode: 0o600 });
    expect(() => resolveAppSecret(loadConfig({ SQLITE_PATH: join(dir, "app.db") }), log)).toThrowError(/fewer than 32 characters/);
  });

  it("encrypts with AES-GCM: round-trips, detects tampering and a changed key", () => {
    const cipher = createCredentialCipher("a".repeat(32));
    const { ciphertext, keyId } = cipher.encrypt({ apiKey: "pk1_abc", secretKey: "sk1_def" });
    expect(ciphertext).not.toContain("pk1_abc");
    expect(cipher.decrypt(ciphertext, keyId)).toEqual({ apiKey: "pk1_abc", secretKey: "sk1_def" });
    const flipped = ciphertext.slice(0, -4) + (ciphertext.endsWith("AAAA") ? "BBBB" : "AAAA");
    expect(() => cipher.decrypt(flipped, keyId)).toThrowError(/could not be decrypted/);
    const other = createCredentialCipher("b".repeat(32));
    expect(other.keyId).not.toBe(keyId);
    expect(() => other.decrypt(ciphertext, keyId)).toThrowError(/different APP_SECRET/);
  });
});
