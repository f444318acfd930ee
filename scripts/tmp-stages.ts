import { count, desc, eq } from "drizzle-orm";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb } from "../db/client.ts";
import { seedDatabase } from "../db/seed/seed.ts";
import { listRenewingEntries, upsertUserDomains } from "../db/repositories/user-domain-repository.ts";
import { priceEntries } from "../src/server/features/portfolio/item.ts";
import { portfolioConverter } from "../src/server/features/portfolio/display.ts";
import { forecastRenewals } from "../src/server/features/portfolio/forecast.ts";
const isoDay = (o: number) => new Date(Date.now() + o * 86_400_000).toISOString().slice(0, 10);
const handle = openDb({ sqlitePath: join(mkdtempSync(join(tmpdir(), "p3-")), "a.db") });
await handle.migrate(); await seedDatabase(handle);
const { orm: db, t } = handle;
const [u] = await db.insert(t.users).values({ email: "p@x.invalid" }).returning({ id: t.users.id });
const dp = t.domainPrices;
const tlds = await db.select({ id: dp.tldId, name: t.tlds.name, n: count() }).from(dp).innerJoin(t.tlds, eq(t.tlds.id, dp.tldId)).groupBy(dp.tldId, t.tlds.name).orderBy(desc(count()), t.tlds.name).limit(60);
const quotes = await db.select({ tldId: dp.tldId, providerId: dp.serviceProviderId }).from(dp).orderBy(dp.id);
const providersOf = new Map<number, number[]>();
for (const q of quotes) providersOf.set(q.tldId, [...(providersOf.get(q.tldId) ?? []), q.providerId]);
await upsertUserDomains(handle, u!.id, Array.from({ length: 10000 }, (_, i) => { const tld = tlds[i % 60]!; const p = providersOf.get(tld.id)!; return { domainName: `b-${i}.${tld.name}`, tldId: tld.id, serviceProviderId: p[i % p.length]!, registrationDate: null, expirationDate: i % 10 === 9 ? null : isoDay(i % 425), autoRenew: i % 4 < 2 ? true : i % 4 === 2 ? null : false, notes: null }; }));
const sums = { read: 0, price: 0, conv: 0, forecast: 0, json: 0 };
const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
const N = 40;
for (let r = 0; r < N + 5; r++) {
  let c = cpu();
  const e = await listRenewingEntries(handle, u!.id); const a = cpu() - c; c = cpu();
  const rows = await priceEntries(handle, e, new Date(), 90); const b = cpu() - c; c = cpu();
  const conv = (await portfolioConverter(handle, "EUR", rows))!; const d = cpu() - c; c = cpu();
  const f = forecastRenewals(rows, conv, new Date(), 90); const g = cpu() - c; c = cpu();
  JSON.stringify(f); const j = cpu() - c;
  if (r >= 5) { sums.read += a; sums.price += b; sums.conv += d; sums.forecast += g; sums.json += j; }
}
console.log(Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, (v / N).toFixed(1)])));
