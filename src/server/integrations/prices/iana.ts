/**
 * Parsers for IANA's root zone database and registrar ID list (shapes in data/SOURCES.md).
 * Pure functions of the file text: the seeder reads the files, the tests read the same ones.
 * A row that cannot be read throws, unlike the price parsers: the catalogue is the reference
 * every price is matched against, so a silently missing TLD would hide prices too.
 */
import { parse } from "csv-parse/sync";
import punycode from "punycode/punycode.js";
import type { IanaRegistrarRecord, TldRecord } from "./types.ts";

// IANA wraps right-to-left IDNs in bidi marks (U+200F ".موقع" U+200E) so they render
// correctly; they are not part of the label and would end up inside the punycode.
const BIDI_MARKS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const ASCII_NAME = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*$/;

/**
 * Any spelling of a DNS name (".COM", "рф", "xn--p1ai", bidi-wrapped Arabic) as lowercase
 * ASCII without the leading dot, or null when it cannot be a DNS name at all. Shared with
 * the price parsers so both sides of the seeder's TLD lookup agree on the key.
 */
export function toAsciiName(raw: string): string | null {
  const cleaned = raw.replace(BIDI_MARKS, "").trim().replace(/^\./, "").normalize("NFC").toLowerCase();
  try {
    const ascii = punycode.toASCII(cleaned);
    return ASCII_NAME.test(ascii) ? ascii : null;
  } catch {
    return null; // punycode throws on input it cannot encode (e.g. lone surrogates)
  }
}

const isIdn = (asciiName: string) => asciiName.split(".").some((label) => label.startsWith("xn--"));

const CATEGORIES: Record<string, TldRecord["category"]> = {
  generic: "generic",
  "country-code": "country-code",
  sponsored: "sponsored",
};

interface RootZoneJsonRow {
  domain?: unknown;
  rdap?: unknown;
  dnssec?: unknown;
}

function firstUrl(list: unknown): string | null {
  if (!Array.isArray(list)) return null;
  const url = list.find((u): u is string => typeof u === "string" && u.trim() !== "");
  return url?.trim() ?? null;
}

export function parseRootZone(csvText: string, rdapJsonText: string, rdapServicesJsonText: string): TldRecord[] {
  // The JSON copy is a different crawl (2025-08) that lacks a few TLDs, and only lists RDAP
  // for ASCII TLDs; IDN RDAP servers come from the bootstrap file, keyed by punycode.
  const fromJson = new Map<string, { rdapUrl: string | null; dnssec: boolean | null }>();
  for (const row of JSON.parse(rdapJsonText) as RootZoneJsonRow[]) {
    const name = typeof row.domain === "string" ? toAsciiName(row.domain) : null;
    if (!name) continue;
    // That crawl never fetched IDN pages: all 169 IDNs say dnssec false and have no RDAP,
    // yet e.g. .рф is signed. For IDNs "false" means "not looked at", so it becomes null.
    fromJson.set(name, {
      rdapUrl: firstUrl(row.rdap),
      dnssec: typeof row.dnssec === "boolean" && !isIdn(name) ? row.dnssec : null,
    });
  }
  const fromBootstrap = new Map<string, string>();
  for (const service of JSON.parse(rdapServicesJsonText) as unknown[][]) {
    const url = firstUrl(service[1]);
    if (!url || !Array.isArray(service[0])) continue;
    for (const tld of service[0]) if (typeof tld === "string") fromBootstrap.set(tld.toLowerCase(), url);
  }

  const rows = parse<Record<string, string>>(csvText, { columns: true, bom: true, skip_empty_lines: true });
  return rows.map((row, index) => {
    const domain = row["Domain"] ?? "";
    const name = toAsciiName(domain);
    if (!name) throw new Error(`root-zone-db.csv row ${index + 2}: unreadable domain ${JSON.stringify(domain)}`);
    const ianaType = (row["Type"] ?? "").trim();
    // A few ccTLD managers span two lines (organisation, then department).
    const manager = (row["Sponsoring Organization"] ?? "").split(/\r?\n/).map((s) => s.trim()).filter(Boolean).join(", ");
    const assigned = manager !== "" && manager.toLowerCase() !== "not assigned";
    const json = fromJson.get(name);
    return {
      name,
      unicodeName: isIdn(name) ? punycode.toUnicode(name) : null,
      ianaType,
      category: CATEGORIES[ianaType] ?? "other",
      registryOperator: assigned ? manager : null,
      isActive: assigned,
      rdapUrl: json?.rdapUrl ?? fromBootstrap.get(name) ?? null,
      dnssec: json?.dnssec ?? null,
    };
  });
}

export function parseRegistrarIds(csvText: string): IanaRegistrarRecord[] {
  const rows = parse<Record<string, string>>(csvText, {
    columns: (header: string[]) => header.map((h) => h.trim()),
    bom: true,
    skip_empty_lines: true,
  });
  return rows.map((row, index) => {
    const id = Number((row["ID"] ?? "").trim());
    if (!Number.isSafeInteger(id) || id <= 0) {
      throw new Error(`registrar-ids.csv row ${index + 2}: unreadable ID ${JSON.stringify(row["ID"])}`);
    }
    const rdap = (row["RDAP Base URL"] ?? "").trim();
    return {
      id,
      name: (row["Registrar Name"] ?? "").trim(),
      status: (row["Status"] ?? "").trim(),
      rdapUrl: rdap === "" ? null : rdap,
    };
  });
}
