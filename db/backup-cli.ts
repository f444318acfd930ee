/**
 * npm run backup -- FILE: a consistent copy of the database (DATABASE_URL or SQLITE_PATH) while
 * the server runs (db/backup/backup.ts). Exit codes: 0 done, 1 failed, 2 wrong usage.
 */
import "./load-env.ts";
import { isPostgresUrl } from "./client.ts";
import { backupPostgres, backupSqlite, BackupError } from "./backup/backup.ts";

const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length > 0 || file.startsWith("-")) {
  console.error("Usage: npm run backup -- FILE");
  process.exit(2);
}
const io = { out: (line: string) => console.log(line) };
try {
  const url = process.env.DATABASE_URL;
  if (isPostgresUrl(url)) backupPostgres(url, file, io);
  else await backupSqlite(process.env.SQLITE_PATH ?? "./data/app.db", file, io);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = error instanceof BackupError ? error.exitCode : 1;
}
