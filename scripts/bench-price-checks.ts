/**
 * npm run bench:price-checks: how many quotes each price check (src/shared/price-checks.ts,
 * docs/decisions/059) flags on the price lists bundled in db/seed/data/prices, as the seed
 * stores them: each registrar's newest list is its quote; a registrar's older list (another date
 * or another format: Namecheap's 2023 website list and 2025 API export, Cloudflare's January
 * JSON and April CSV) is the other source its quote is compared with. Every name a list prices
 * is checked, whether or not the catalogue knows it. No database: the lists are parsed as the
 * seed parses them. The share is DEFAULT_SOURCE_DIFFERENCE_PERCENT unless BENCH_SHARE_PERCENT
 * says another; BENCH_EXAMPLES (default 3) examples per rule are printed.
 */
import { BUNDLED_DATA_DIR } from "../db/bundled-data.ts";
import { normaliseQuote } from "../src/server/integrations/prices/quote-normalise.ts";
import { loadAllPriceSnapshots } from "../src/server/integrations/prices/prices.ts";
import {
  checkTldQuotes, DEFAULT_SOURCE_DIFFERENCE_PERCENT, PRICE_CHECK_RULES, type CheckedQuote, type PriceCheckRule, type ReferenceQuote,
} from "../src/shared/price-checks.ts";

const share = Number(process.env.BENCH_SHARE_PERCENT ?? DEFAULT_SOURCE_DIFFERENCE_PERCENT);
const examples = Number(process.env.BENCH_EXAMPLES ?? 3);

const started = performance.now();
const snapshots = loadAllPriceSnapshots(BUNDLED_DATA_DIR);
// Oldest first: each later list of a registrar becomes its quote, the one before it the other source.
const newest = new Map<string, (typeof snapshots)[number]>();
const previous = new Map<string, (typeof snapshots)[number]>();
for (const s of snapshots) {
  const before = newest.get(s.providerKey);
  if (before) previous.set(s.providerKey, before);
  newest.set(s.providerKey, s);
}

interface Entry { provider: string; quote: CheckedQuote; reference?: ReferenceQuote }
const byTld = new Map<string, Entry[]>();
let id = 0;
for (const [provider, snapshot] of newest) {
  const older = previous.get(provider);
  const olderByTld = new Map(older?.quotes.map((q) => [q.tld, normaliseQuote(q)]) ?? []);
  for (const q of snapshot.quotes) {
    const values = normaliseQuote(q);
    if (values.registrationPrice === null && values.renewalPrice === null && values.transferPrice === null) continue;
    const other = olderByTld.get(q.tld);
    const entry: Entry = { provider, quote: { id: ++id, ...values } };
    if (other && older) entry.reference = { ...other, source: `${provider}'s list of ${older.snapshotDate}` };
    (byTld.get(q.tld) ?? byTld.set(q.tld, []).get(q.tld)!).push(entry);
  }
}

const quotesFlagged = new Map<PriceCheckRule, number>(PRICE_CHECK_RULES.map((r) => [r, 0]));
const shown = new Map<PriceCheckRule, string[]>(PRICE_CHECK_RULES.map((r) => [r, []]));
let quotes = 0;
let compared = 0;
let unusual = 0;
for (const [tld, entries] of [...byTld].sort(([a], [b]) => (a < b ? -1 : 1))) {
  quotes += entries.length;
  const references = new Map(entries.flatMap((e) => (e.reference ? [[e.quote.id, e.reference] as const] : [])));
  compared += references.size;
  const flags = checkTldQuotes(entries.map((e) => e.quote), references, { tldName: tld, differencePercent: share });
  unusual += flags.size;
  for (const [quoteId, found] of flags) {
    const provider = entries.find((e) => e.quote.id === quoteId)!.provider;
    for (const rule of new Set(found.map((f) => f.rule))) {
      quotesFlagged.set(rule, quotesFlagged.get(rule)! + 1);
      const list = shown.get(rule)!;
      if (list.length < examples) list.push(`.${tld} at ${provider}: ${found.find((f) => f.rule === rule)!.reason}`);
    }
  }
}

console.log(`price checks on the bundled lists: ${newest.size} registrars' newest lists, ${byTld.size} names, ${quotes} quotes`);
console.log(`${compared} quotes have an older list of the same registrar to compare with; share ${share}%`);
for (const rule of PRICE_CHECK_RULES) {
  console.log(`  ${rule.padEnd(30)} ${String(quotesFlagged.get(rule)).padStart(5)} quotes`);
  for (const line of shown.get(rule)!) console.log(`      ${line}`);
}
console.log(`unusual in all: ${unusual} of ${quotes} quotes (${((unusual / quotes) * 100).toFixed(1)}%), in ${Math.round(performance.now() - started)} ms`);
