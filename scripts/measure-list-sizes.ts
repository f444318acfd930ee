/**
 * How many bytes the price list's answers weigh with the specification's `prices[]` on each row
 * (the cheapest quote per type), against the same answers without it (the baseline, in the same
 * run): 20 rows by name, 20 by registration price, 100 by name, and the common table. SQLite, the
 * bundled data, or a scaled catalogue with BENCH_SCALE (scripts/lib/scale-data.ts).
 *
 *   npx tsx scripts/measure-list-sizes.ts
 *   BENCH_SCALE=10 npx tsx scripts/measure-list-sizes.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { openDb } from "../db/client.ts";
import { seedDatabase } from "../db/seed/seed.ts";
import { createTestApp, TEST_ORIGIN } from "../src/server/testing/test-app.ts";
import { benchScale, scaleCatalogue } from "./lib/scale-data.ts";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const dir = mkdtempSync(join(tmpdir(), "list-sizes-"));
const db = openDb({ sqlitePath: join(dir, "app.db") });
try {
  await db.migrate();
  await seedDatabase(db);
  const scale = benchScale();
  if (scale > 1) await scaleCatalogue(db, scale);
  const app = createTestApp(db, { env: { PRICE_CACHE_SECONDS: "0" } });
  console.log(`price list answers, SQLite, BENCH_SCALE=${scale}: with prices[] / without (baseline) / gzip with / gzip without`);
  for (const path of [
    "/api/domain-prices?limit=20", "/api/domain-prices?limit=20&sortBy=registrationPrice", "/api/domain-prices?limit=100", "/api/domain-prices/common",
  ]) {
    const text = await (await app.request(`${TEST_ORIGIN}${path}`)).text();
    const parsed = JSON.parse(text) as { data?: { prices?: unknown }[] } | { prices?: unknown }[];
    const rows = Array.isArray(parsed) ? parsed : parsed.data ?? [];
    for (const row of rows) delete row.prices;
    const without = JSON.stringify(parsed);
    console.log(`${path.padEnd(56)} ${kb(Buffer.byteLength(text)).padStart(9)} ${kb(Buffer.byteLength(without)).padStart(9)} ${kb(gzipSync(text).length).padStart(9)} ${kb(gzipSync(without).length).padStart(9)}`);
  }
} finally {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
