/** npm run db:migrate — applies pending migrations to DATABASE_URL or SQLITE_PATH. */
import "./load-env.ts";
import { openDb } from "./client.ts";

const db = openDb({ databaseUrl: process.env.DATABASE_URL, sqlitePath: process.env.SQLITE_PATH ?? "./data/app.db" });
await db.migrate();
await db.close();
console.log(`migrations applied (${db.dialect})`);
