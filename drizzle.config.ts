import { defineConfig } from "drizzle-kit";

// One config, two dialects: `npm run db:generate` runs drizzle-kit once per dialect so both
// migration folders stay in step with db/schema/{sqlite,pg}.ts.
const dialect = process.env.DRIZZLE_DIALECT === "postgresql" ? "postgresql" : "sqlite";

export default defineConfig(
  dialect === "postgresql"
    ? {
        dialect,
        schema: "./db/schema/pg.ts",
        out: "./db/migrations/pg",
        dbCredentials: { url: process.env.DATABASE_URL ?? "postgres://postgres@localhost:5432/postgres" },
      }
    : {
        dialect,
        schema: "./db/schema/sqlite.ts",
        out: "./db/migrations/sqlite",
        dbCredentials: { url: process.env.SQLITE_PATH ?? "./data/app.db" },
      },
);
