/**
 * Where the credentials key comes from: APP_SECRET when set (config requires it on
 * PostgreSQL); otherwise, on SQLite, a random key kept in app-secret.key beside the database
 * file, created once with owner-only permissions so the same key decrypts after a restart.
 */
import { chmodSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { randomBytes } from "node:crypto";
import type { Config } from "../config.ts";
import type { Logger } from "./logger.ts";

export const secretFileFor = (sqlitePath: string) => join(dirname(resolve(sqlitePath)), "app-secret.key");

export function resolveAppSecret(config: Config, log: Logger): string {
  if (config.APP_SECRET) return config.APP_SECRET;
  if (config.DATABASE_URL && /^postgres(ql)?:\/\//i.test(config.DATABASE_URL)) {
    throw new Error("APP_SECRET is required with PostgreSQL");
  }
  if (config.SQLITE_PATH === ":memory:") {
    log.warn("APP_SECRET is not set and the database is in memory: using a key that lasts this process only");
    return randomBytes(32).toString("base64url");
  }
  const file = secretFileFor(config.SQLITE_PATH);
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length < 32) throw new Error(`${file} holds fewer than 32 characters; remove it or set APP_SECRET`);
    if ((statSync(file).mode & 0o077) !== 0) {
      chmodSync(file, 0o600);
      log.warn({ file }, "the credentials key file was readable by others; its permissions are now 0600");
    }
    return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = randomBytes(32).toString("base64url");
  // "wx": if another process created it first, fail and read theirs instead of overwriting.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim();
    throw error;
  }
  log.info({ file }, "APP_SECRET is not set: generated a key for stored registrar credentials (keep this file with the database)");
  return secret;
}
