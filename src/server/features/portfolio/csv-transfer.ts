/**
 * Portfolio export and import. The export carries the seven columns the import reads, then what
 * the registry said and where each date in force came from, then each domain's renewal money as
 * the cards, summary and forecast show it (money.ts): the renewal at the registrar in force in the
 * display currency, the day its price was last confirmed, whose price it is and the auto-renew
 * state (on, off or unknown). An export imports back unchanged.
 * An import checks every row first (a bad row is reported, never
 * fatal), then writes all good rows in one transaction: an unexpected failure writes nothing.
 * An import whose new domains would take the portfolio past PORTFOLIO_MAX_DOMAINS is refused
 * whole (409, saying how many more fit) before anything is written.
 * A domain already in the portfolio is updated from its row; the registrar column is matched
 * case-insensitively against provider name, display name or domain.
 */
import type { Db } from "../../../../db/client.ts";
import { listServiceProviders } from "../../../../db/repositories/service-provider-repository.ts";
import { listTldsByNames } from "../../../../db/repositories/tld-repository.ts";
import { listUserDomains, upsertUserDomains, type UserDomainValues } from "../../../../db/repositories/user-domain-repository.ts";
import { normaliseTldInput, validateDomainName } from "../../../shared/domain-name.ts";
import { unicodeFormOf } from "../../../shared/idna.ts";
import {
  autoRenewStateOf, CSV_COLUMNS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_TOO_LARGE, userDomainCreateSchema,
} from "../../../shared/schemas/user-domain.ts";
import { AppError, badRequest, conflict } from "../../lib/errors.ts";
import { importLimitMessage } from "../../domain/portfolio-limit.ts";
import { guardFormula, parseCsv, toCsv, unguardFormula } from "./csv.ts";
import { moneyConverter } from "./display.ts";
import { priceEntries } from "./item.ts";
import { PortfolioMoney } from "./money.ts";
import { registryView } from "./registry-view.ts";
import { lookupNames, matchTld } from "./service.ts";
import { requestRegistryChecks } from "../../domain/registry-checks.ts";
import type { RegistryQueue } from "./service.ts";

/** After the import's columns: the name as read, the registrar and dates in force with their sources, and the registry's record. */
export const EXPORT_EXTRA_COLUMNS = [
  "unicodeName", "registrarInForce", "registrarSource", "registrarIanaId",
  "expirationDateInForce", "expirationDateSource", "registrationDateInForce", "registrationDateSource",
  "registryOutcome", "registryProtocol", "registryExpirationDate", "registryRegistrationDate", "registryLastChanged",
  "registryStatuses", "registryCheckedAt",
  "renewalPrice", "renewalCurrency", "renewalPriceDate", "renewalPriceSource", "autoRenewState",
] as const;

const AUTO_RENEW_CELL = { on: "true", off: "false", unknown: "unknown" } as const;

/**
 * The whole portfolio as CSV, by name. The money columns are in `currency` (USD when none is
 * given; an unknown one is a 400): renewalPrice is empty when the registrar in force quotes no
 * renewal or no stored rate converts its quote; `staleDays` is PRICE_STALE_DAYS.
 */
export async function exportPortfolioCsv(db: Db, userId: number, staleDays: number, currency?: string, now = new Date()): Promise<string> {
  const rows = await priceEntries(db, await listUserDomains(db, userId), now, staleDays);
  const money = new PortfolioMoney(await moneyConverter(db, currency, rows), now, staleDays);
  const today = now.toISOString().slice(0, 10);
  return toCsv([
    [...CSV_COLUMNS, ...EXPORT_EXTRA_COLUMNS],
    ...rows.map((r) => {
      const { dates, registry } = registryView(r, today, false);
      const m = money.of(r);
      const holder = r.registrar.provider ?? r.serviceProvider;
      return [
        r.domainName, r.tld.name, guardFormula(r.serviceProvider?.name ?? ""), r.registrationDate ?? "", r.expirationDate ?? "",
        AUTO_RENEW_CELL[autoRenewStateOf(r.autoRenew)], guardFormula(r.notes ?? ""),
        unicodeFormOf(r.domainName) ?? "", guardFormula(r.registrar.provider?.name ?? r.registrar.name ?? ""), r.registrar.source ?? "",
        r.registrar.ianaId === null ? "" : String(r.registrar.ianaId),
        dates.expiration.date ?? "", dates.expiration.lowerConfidence ? "registry (WHOIS)" : (dates.expiration.source ?? ""),
        dates.registration.date ?? "", dates.registration.lowerConfidence ? "registry (WHOIS)" : (dates.registration.source ?? ""),
        registry.outcome, registry.protocol ?? "", dates.expiration.registry ?? "", dates.registration.registry ?? "",
        dates.lastChanged.date ?? "", registry.statuses.join(" "), registry.checkedAt ?? "",
        m.renewal?.minor == null ? "" : money.amount(m.renewal.minor), money.currency,
        m.renewal ? m.renewal.quote.lastCheckedAt.toISOString().slice(0, 10) : "", m.renewal ? guardFormula(holder?.name ?? "") : "",
        m.autoRenew,
      ];
    }),
  ]);
}

export interface ImportRowReport {
  /** Position in the file, the header being row 1 (as a spreadsheet numbers it). */
  row: number;
  domainName: string;
  status: "added" | "updated" | "rejected";
  /** Every problem of a rejected row, each a sentence, joined by "; ". */
  reason?: string;
}

/** What the autoRenew column takes, as the import's help says it. */
export const AUTO_RENEW_WORDS = "true, false or unknown (or left empty)";

/** A line of nothing but separators (",,,," as spreadsheets end a file) or blanks is no row. */
const isBlankRecord = (record: readonly string[]) => record.every((c) => c.trim() === "");

/** An autoRenew cell; an empty one, "unknown" or a file without the column says nothing (unknown, null). */
const AUTO_RENEW: Record<string, boolean | null> = {
  "": null, unknown: null, true: true, false: false, yes: true, no: false, "1": true, "0": false, on: true, off: false,
};

/** Given `registry`, the registry lookups of the imported names are queued at once (else the periodic run finds the new ones). */
export async function importPortfolioCsv(db: Db, userId: number, text: string, maxDomains: number, registry?: RegistryQueue) {
  if (Buffer.byteLength(text, "utf8") > IMPORT_MAX_BYTES) throw new AppError(413, IMPORT_TOO_LARGE);
  const [header = [], ...all] = parseCsv(text);
  const records = all.filter((r) => !isBlankRecord(r));
  const columns = header.map((h) => h.trim().toLowerCase());
  const at = (name: string) => columns.indexOf(name.toLowerCase());
  if (at("domainName") === -1) throw badRequest(`The first row must name the columns: ${CSV_COLUMNS.join(",")} (domainName is required)`);
  if (records.length > IMPORT_MAX_ROWS) throw badRequest(`Too many rows: ${records.length} (max ${IMPORT_MAX_ROWS})`);
  const cell = (record: string[], name: string) => (at(name) === -1 ? "" : (record[at(name)] ?? "").trim());

  const providers = await listServiceProviders(db);
  const providerByName = new Map<string, number>();
  for (const p of providers) for (const key of [p.name, p.displayName, p.domain]) providerByName.set(key.toLowerCase(), p.id);
  const tldNames = new Set<string>();
  for (const r of records) {
    const name = validateDomainName(cell(r, "domainName"));
    if (name.valid) for (const suffix of lookupNames(name.domain)) tldNames.add(suffix);
    const tld = cell(r, "tld") ? normaliseTldInput(cell(r, "tld")) : null;
    if (tld?.valid) tldNames.add(tld.tld);
  }
  const tlds = await listTldsByNames(db, [...tldNames].filter(Boolean));

  const report: ImportRowReport[] = [];
  const accepted: { report: ImportRowReport; values: UserDomainValues }[] = [];
  const firstRowOf = new Map<string, number>();
  records.forEach((record, index) => {
    const row = index + 2;
    const entry: ImportRowReport = { row, domainName: cell(record, "domainName"), status: "rejected" };
    report.push(entry);
    const reject = (reasons: string | string[]) => Object.assign(entry, { reason: typeof reasons === "string" ? reasons : reasons.join("; ") });
    // Every problem of the row is told at once, so one fix makes it importable.
    const problems: string[] = [];
    const registrar = unguardFormula(cell(record, "registrar"));
    const providerId = registrar ? providerByName.get(registrar.toLowerCase()) : null;
    if (providerId === undefined) problems.push(`Unknown registrar "${registrar}"`);
    const autoRenew = AUTO_RENEW[cell(record, "autoRenew").toLowerCase()];
    if (autoRenew === undefined) problems.push(`autoRenew must be ${AUTO_RENEW_WORDS}`);
    const parsed = userDomainCreateSchema.safeParse({
      domainName: entry.domainName, tldId: cell(record, "tld"), serviceProviderId: providerId ?? null,
      registrationDate: cell(record, "registrationDate"), expirationDate: cell(record, "expirationDate"),
      autoRenew: autoRenew ?? null, notes: unguardFormula(at("notes") === -1 ? "" : (record[at("notes")] ?? "")),
    });
    if (!parsed.success) problems.push(...new Set(parsed.error.issues.map((i) => i.message)));
    if (problems.length > 0 || !parsed.success) return reject(problems.length ? problems : ["Invalid row"]);
    const input = parsed.data;
    entry.domainName = input.domainName;
    const tld = matchTld(input.domainName, input.tldId, tlds);
    if ("field" in tld) return reject(tld.message);
    const earlier = firstRowOf.get(input.domainName);
    if (earlier !== undefined) return reject(`Duplicate of row ${earlier}`);
    firstRowOf.set(input.domainName, row);
    accepted.push({
      report: entry,
      values: {
        domainName: input.domainName, tldId: tld.id, serviceProviderId: input.serviceProviderId ?? null,
        registrationDate: input.registrationDate ?? null, expirationDate: input.expirationDate ?? null,
        autoRenew: input.autoRenew ?? null, notes: input.notes ?? null,
      },
    });
  });

  const withinLimit = (stored: Set<string>) => {
    const adding = accepted.filter((a) => !stored.has(a.values.domainName)).length;
    if (stored.size + adding > maxDomains) throw conflict(importLimitMessage(stored.size, adding, maxDomains));
  };
  const existing = accepted.length ? await upsertUserDomains(db, userId, accepted.map((a) => a.values), withinLimit) : new Set<string>();
  for (const a of accepted) a.report.status = existing.has(a.values.domainName) ? "updated" : "added";
  if (registry && accepted.length) await requestRegistryChecks(registry.queue, registry.log);
  const count = (status: ImportRowReport["status"]) => report.filter((r) => r.status === status).length;
  return { rows: report, totals: { rows: report.length, added: count("added"), updated: count("updated"), rejected: count("rejected") } };
}
export type ImportReport = Awaited<ReturnType<typeof importPortfolioCsv>>;
