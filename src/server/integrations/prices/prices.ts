/**
 * One parser per price-list format in data/prices (shapes and provenance in SOURCES.md).
 * Each takes the file text and returns what the file says, normalised: names lowercased,
 * without the leading dot and in punycode; money in integer minor units. A bad row never
 * throws, it lands in `skipped` as "malformed"; only an unreadable file throws. Whether a
 * name is an IANA TLD, and whether 0 means "not offered", is the seeder's business.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import type { PriceSnapshot } from "./types.ts";
import { readOpenproviderSheet } from "./openprovider-sheet.ts";
import {
  addHoverEntry, addNamecheapTldRow, addOpenproviderEntry, addPorkbunEntry, checkedDate, currencyCode, dynadotRawPrices,
  isObject, namecheapRawPrices, SnapshotBuilder,
} from "./price-list-builder.ts";

const readJson = (text: string): unknown => JSON.parse(text.replace(/^\uFEFF/, ""));

function objectAt(value: unknown, what: string): Record<string, unknown> {
  if (!isObject(value)) throw new Error(`${what}: expected an object`);
  return value;
}

/** Porkbun `pricing/get`, as saved from the API (see addPorkbunEntry for the rules). */
export function parsePorkbunPricing(text: string, snapshotDate: string): PriceSnapshot {
  const out = new SnapshotBuilder("porkbun", snapshotDate);
  for (const [name, entry] of Object.entries(objectAt(objectAt(readJson(text), "porkbun").pricing, "porkbun.pricing"))) {
    addPorkbunEntry(out, name, entry);
  }
  return out.build();
}

/** Dynadot: dated by its `updated` epoch (ms); like Porkbun, its renewal is the regular price. */
export function parseDynadotPrices(text: string): PriceSnapshot {
  const file = objectAt(readJson(text), "dynadot");
  const updated = typeof file.updated === "number" ? new Date(file.updated) : null;
  const iso = updated && !isNaN(updated.getTime()) ? updated.toISOString() : null;
  const out = new SnapshotBuilder("dynadot", checkedDate(iso, "dynadot.updated"));
  for (const [name, e] of Object.entries(objectAt(file.prices, "dynadot.prices"))) {
    if (!isObject(e)) out.skip(name, "malformed");
    else out.add(name, dynadotRawPrices(e.register_price, e.renew_price, e.transfer_price, e.currency));
  }
  return out.build();
}

/** Namecheap API export (2025): regular and sale maps per action, one year. */
export function parseNamecheapApiPricing(text: string): PriceSnapshot {
  const file = objectAt(readJson(text), "namecheap");
  const meta = objectAt(file.meta, "namecheap.meta");
  const date = checkedDate(meta.generated_at, "namecheap.meta.generated_at");
  const out = new SnapshotBuilder("namecheap", date, currencyCode(meta.currency) ?? "USD");
  for (const [name, e] of Object.entries(objectAt(file.data, "namecheap.data"))) {
    const regular = isObject(e) ? e["regular-price"] : undefined;
    if (!isObject(e) || !isObject(regular)) { out.skip(name, "malformed"); continue; }
    const sale = isObject(e["sale-price"]) ? e["sale-price"] : {};
    out.add(name, namecheapRawPrices(regular, sale.create, sale.transfer));
  }
  return out.build();
}

/** Namecheap website list (tlds.ashx, 2023): see addNamecheapTldRow. */
export function parseNamecheapTldList(text: string, snapshotDate: string): PriceSnapshot {
  const out = new SnapshotBuilder("namecheap", snapshotDate);
  const rows = readJson(text);
  if (!Array.isArray(rows)) throw new Error("namecheap list: expected an array");
  for (const row of rows) addNamecheapTldRow(out, row);
  return out.build();
}

/**
 * Openprovider reseller sheet, as the JSON export of registrar-pricelist carries it (see
 * addOpenproviderEntry). The file states no currency (its generator labels it EUR), but the
 * member prices are exactly USD registry fees plus ICANN's $0.20 (.com 10.26 + 0.20 = 10.46,
 * .app 14.20, .dev 12.20), so this sheet is USD.
 */
export function parseOpenproviderPricing(text: string): PriceSnapshot {
  const file = objectAt(readJson(text), "openprovider");
  const meta = objectAt(file.meta, "openprovider.meta");
  const date = checkedDate(meta.generated_at, "openprovider.meta.generated_at");
  const out = new SnapshotBuilder("openprovider", date, currencyCode(meta.currency) ?? "USD");
  for (const [name, e] of Object.entries(objectAt(file.data, "openprovider.data"))) addOpenproviderEntry(out, name, e);
  return out.build();
}

/** Openprovider's sheet itself, as its CSV export (readOpenproviderSheet); USD, as above. */
export function parseOpenproviderSheetCsv(text: string, snapshotDate: string): PriceSnapshot {
  const out = new SnapshotBuilder("openprovider", snapshotDate);
  for (const [name, e] of readOpenproviderSheet(text)) addOpenproviderEntry(out, name, e);
  return out.build();
}

/** Cloudflare (at cost, ICANN fee excluded): a transfer is charged as one year of renewal. */
export function parseCloudflareJson(text: string, snapshotDate: string): PriceSnapshot {
  const out = new SnapshotBuilder("cloudflare", snapshotDate);
  const rows = readJson(text);
  if (!Array.isArray(rows)) throw new Error("cloudflare json: expected an array");
  for (const row of rows) {
    if (!isObject(row)) out.skip(row, "malformed");
    else out.add(row.tld, { registration: row.price, renewal: row.renewal, transfer: row.renewal, regular: row.renewal });
  }
  return out.build();
}

export function parseCloudflareCsv(text: string, snapshotDate: string): PriceSnapshot {
  const out = new SnapshotBuilder("cloudflare", snapshotDate);
  // relax_column_count turns a short row into a malformed skip instead of failing the file.
  const rows = parse<Record<string, string | undefined>>(text, {
    columns: true, bom: true, trim: true, skip_empty_lines: true, relax_column_count: true,
  });
  for (const row of rows) {
    const renewal = row.renewal_price_usd;
    if (renewal === undefined || row.registration_price_usd === undefined) out.skip(row.tld_name, "malformed");
    else out.add(row.tld_name, { registration: row.registration_price_usd, renewal, transfer: renewal, regular: renewal });
  }
  return out.build();
}

/** Hover's `{prices: {tld: [flag, registration, renewal, transfer, …]}}` (see addHoverEntry). */
export function parseHoverPrices(text: string, snapshotDate: string): PriceSnapshot {
  const out = new SnapshotBuilder("hover", snapshotDate);
  for (const [name, v] of Object.entries(objectAt(objectAt(readJson(text), "hover").prices, "hover.prices"))) addHoverEntry(out, name, v);
  return out.build();
}

// Regex reader for easyname's PHP config (no PHP runtime here). PHP single-quoted strings
// only escape \' and \\; entries are innermost `'key' => [ ... ]` blocks with no nesting.
const PHP_STRING = String.raw`'((?:[^'\\]|\\.)*)'`;
const PHP_ENTRY = new RegExp(String.raw`${PHP_STRING}\s*=>\s*\[([^\[\]]*)\]`, "g");
const PHP_FIELD = new RegExp(String.raw`${PHP_STRING}\s*=>\s*(?:${PHP_STRING}|([^,\s\]]+))`, "g");
const phpUnescape = (s: string) => s.replace(/\\([\\'])/g, "$1");

function phpTopLevelString(text: string, key: string): string | null {
  const match = new RegExp(String.raw`'${key}'\s*=>\s*${PHP_STRING}`).exec(text);
  return match?.[1] === undefined ? null : phpUnescape(match[1]);
}

/** easyname (EUR): one yearly price serves registration and renewal; entries without prices are skipped. */
export function parseEasynamePhp(text: string): PriceSnapshot {
  const code = text.replace(/^\s*(?:\/\/|#).*$/gm, ""); // whole-line comments only; prices never follow a comment
  const currency = currencyCode(phpTopLevelString(code, "currency"));
  if (!currency) throw new Error("easyname: no readable 'currency'");
  const date = checkedDate(phpTopLevelString(code, "lastPriceUpdate"), "easyname.lastPriceUpdate");
  const out = new SnapshotBuilder("easyname", date, currency);
  for (const [, rawKey = "", body = ""] of code.matchAll(PHP_ENTRY)) {
    const fields = new Map<string, string | null>();
    for (const [, field = "", quoted, bare] of body.matchAll(PHP_FIELD)) {
      // Bare tokens stay strings ("69.00"), so the money parser sees the source's digits.
      fields.set(phpUnescape(field), quoted !== undefined ? phpUnescape(quoted) : bare?.toLowerCase() === "null" ? null : (bare ?? null));
    }
    const name = phpUnescape(rawKey);
    if (!fields.has("priceYear") && !fields.has("priceTransfer")) out.skip(name, "malformed");
    else {
      const year = fields.get("priceYear");
      out.add(name, { registration: year, renewal: year, transfer: fields.get("priceTransfer") });
    }
  }
  return out.build();
}

const MARKDOWN_PROVIDERS: Record<string, string> = { aws: "route53", dnsimple: "dnsimple", gcp: "googledomains" };

/**
 * The route53/dnsimple/google domains table: one price per provider and TLD, used for
 * registration, renewal and transfer alike; `$13\*` means the provider only renews it.
 */
export function parseRegistrarTldMarkdown(text: string, snapshotDate: string): PriceSnapshot[] {
  const rows = text.split(/\r?\n/).filter((line) => line.trim().startsWith("|"))
    .map((line) => line.trim().replace(/^\||\|$/g, "").split("|").map((cell) => cell.trim()));
  const [header, ...body] = rows;
  if (!header) throw new Error("markdown prices: no table");
  const columns = header.slice(1).map((h) => MARKDOWN_PROVIDERS[h.toLowerCase()]);
  const builders = columns.map((key) => (key ? new SnapshotBuilder(key, snapshotDate) : null));
  for (const cells of body) {
    if (cells.every((c) => /^:?-+:?$/.test(c))) continue; // the |---|---| separator
    const name = cells[0] ?? "";
    builders.forEach((out, i) => {
      const cell = cells[i + 1];
      if (!out) return;
      if (cell === undefined || cells.length !== header.length) return out.skip(name, "malformed");
      if (cell === "") return; // this provider does not sell the name: no quote, no skip
      const renewalOnly = /\\?\*$/.test(cell);
      const price = cell.replace(/\\?\*$/, "");
      if (renewalOnly) out.add(name, { registration: null, renewal: price, transfer: null });
      else out.add(name, { registration: price, renewal: price, transfer: price });
    });
  }
  return builders.filter((b): b is SnapshotBuilder => b !== null).map((b) => b.build());
}

// porkbun.pricing-get.json carries no date; SOURCES.md only knows it is newer than the
// 2025-03-22 crawl (it has 50 more TLDs). Any fixed date after that keeps the dated file
// as history and this one as current; a fixed one (not "today") keeps re-seeding a no-op.
const PORKBUN_UNDATED = "2025-11-01";

type Reader = (text: string, fileDate: string | null) => PriceSnapshot | PriceSnapshot[];
const dated = (file: string, date: string | null): string => {
  if (!date) throw new Error(`prices/${file}: this format needs a YYYY-MM-DD date in the file name`);
  return date;
};

const READERS: [RegExp, (file: string) => Reader][] = [
  [/^porkbun\..*\.json$/, () => (t, d) => parsePorkbunPricing(t, d ?? PORKBUN_UNDATED)],
  [/^dynadot\..*\.json$/, () => (t) => parseDynadotPrices(t)],
  // Two Namecheap formats share the prefix: the API export is an object, the website list an array.
  [/^namecheap\..*\.json$/, (f) => (t, d) =>
    (t.trimStart().startsWith("[") ? parseNamecheapTldList(t, dated(f, d)) : parseNamecheapApiPricing(t))],
  [/^openprovider\..*\.json$/, () => (t) => parseOpenproviderPricing(t)],
  [/^openprovider\..*\.csv$/, (f) => (t, d) => parseOpenproviderSheetCsv(t, dated(f, d))],
  [/^cloudflare\..*\.json$/, (f) => (t, d) => parseCloudflareJson(t, dated(f, d))],
  [/^cloudflare\..*\.csv$/, (f) => (t, d) => parseCloudflareCsv(t, dated(f, d))],
  [/^hover\..*\.json$/, (f) => (t, d) => parseHoverPrices(t, dated(f, d))],
  [/^easyname\..*\.php$/, () => (t) => parseEasynamePhp(t)],
  [/^route53-dnsimple-googledomains\..*\.md$/, (f) => (t, d) => parseRegistrarTldMarkdown(t, dated(f, d))],
];

/** Every snapshot in dataDir/prices, oldest first. An unknown file throws rather than being ignored. */
export function loadAllPriceSnapshots(dataDir: string): PriceSnapshot[] {
  const dir = join(dataDir, "prices");
  const snapshots: PriceSnapshot[] = [];
  for (const file of readdirSync(dir).filter((f) => !f.startsWith(".")).sort()) {
    const reader = READERS.find(([pattern]) => pattern.test(file))?.[1](file);
    if (!reader) throw new Error(`prices/${file}: no parser for this file`);
    const fileDate = /\.(\d{4}-\d{2}-\d{2})\.[a-z]+$/.exec(file)?.[1] ?? null;
    snapshots.push(...[reader(readFileSync(join(dir, file), "utf8"), fileDate)].flat());
  }
  return snapshots.sort((a, b) => a.snapshotDate.localeCompare(b.snapshotDate) || a.providerKey.localeCompare(b.providerKey));
}
