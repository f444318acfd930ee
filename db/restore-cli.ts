/**
 * npm run restore -- FILE [--force]: puts a backup (npm run backup) in place of the database
 * (DATABASE_URL or SQLITE_PATH). Never into a database a running server holds; over an existing
 * one only with --force (db/backup/backup.ts). Exit codes: 0 done, 1 failed, 2 wrong usage,
 * 3 refused.
 */
import "./load-env.ts";
import { isPostgresUrl } from "./client.ts";
import { BackupError, restorePostgres, restoreSqlite } from "./backup/backup.ts";

const args = process.argv.slice(2);
const force = args.includes("--force");
const files = args.filter((a) => a !== "--force");
if (files.length !== 1 || files[0]!.startsWith("-")) {
  console.error("Usage: npm run restore -- FILE [--force]");
  process.exit(2);
}
const io = { out: (line: string) => console.log(line) };
try {
  const url = process.env.DATABASE_URL;
  if (isPostgresUrl(url)) await restorePostgres(files[0]!, url, { force }, io);
  else await restoreSqlite(files[0]!, process.env.SQLITE_PATH ?? "./data/app.db", { force }, io);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = error instanceof BackupError ? error.exitCode : 1;
}
