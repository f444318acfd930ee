/** npm run db:seed — imports the bundled reference data now and prints the import report. */
import "../load-env.ts";
import { openDb } from "../client.ts";
import { seedDatabase } from "./seed.ts";

const db = openDb({ databaseUrl: process.env.DATABASE_URL, sqlitePath: process.env.SQLITE_PATH ?? "./data/app.db" });
await db.migrate();
const report = await seedDatabase(db);
await db.close();
console.log(JSON.stringify(report, null, 2));
