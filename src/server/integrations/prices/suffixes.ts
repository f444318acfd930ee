/**
 * Which names below a TLD the catalogue carries: registrable second-level suffixes (co.uk,
 * com.au) from the Public Suffix List's ICANN section, read through tldts-icann, and the
 * registry-run names of its private section listed in private-suffixes.ts (uk.com). Only names
 * a price list quotes are asked about, so the catalogue holds the suffixes people can buy.
 */
import { createRequire } from "node:module";
import punycode from "punycode/punycode.js";
import { getPublicSuffix } from "tldts-icann";
import type { Db, Executor, Tables, TxBody } from "../../../../db/client.ts";
import {
  addSuffixesToCatalogue as storeSuffixes, upsertSuffixes as upsertSuffixRows, type ParentFacts, type SuffixColumns, type SuffixImportResult,
} from "../../../../db/repositories/suffix-repository.ts";
import { PRIVATE_REGISTRY_SUFFIXES } from "./private-suffixes.ts";
import type { TldRecord } from "./types.ts";

export type SuffixKind = "icann-suffix" | "private-suffix";

export interface SuffixRecord {
  /** ASCII form: "co.uk", "xn--gmqw5a.xn--j6w193g". */
  name: string;
  unicodeName: string | null;
  kind: SuffixKind;
  /** The top-level TLD it sits under ("uk"). */
  parentName: string;
  /** The registry the private section names; null for the ICANN section (the parent's registry sets its policy). */
  registryOperator: string | null;
}

/** Which copy of the Public Suffix List decides: a tldts-icann upgrade may recognise other names. */
export const SUFFIX_RULES = `tldts-icann@${(createRequire(import.meta.url)("tldts-icann/package.json") as { version: string }).version}`;

const privateOperator = new Map(PRIVATE_REGISTRY_SUFFIXES.map((s) => [s.name, s.operator]));

/**
 * The suffix a name is, or null. With two or more labels, tldts answers the whole name only for
 * an explicit rule (co.uk) or a wildcard (*.bd gives com.bd); its default rule "*" yields one
 * label and an exception rule (!www.ck) a shorter name, so both fall out here.
 */
export function recogniseSuffix(name: string): SuffixRecord | null {
  const labels = name.split(".");
  if (labels.length < 2 || labels.some((l) => l === "") || name !== name.toLowerCase()) return null;
  const parentName = labels[labels.length - 1]!;
  const unicodeName = name.includes("xn--") ? safeToUnicode(name) : null;
  if (getPublicSuffix(`x.${name}`) === name) return { name, unicodeName, kind: "icann-suffix", parentName, registryOperator: null };
  const operator = privateOperator.get(name);
  if (operator) return { name, unicodeName, kind: "private-suffix", parentName, registryOperator: operator };
  return null;
}

function safeToUnicode(name: string): string | null {
  try {
    const unicode = punycode.toUnicode(name);
    return unicode === name ? null : unicode;
  } catch {
    return null;
  }
}

/** The suffixes among a price list's names whose parent TLD is in the catalogue, each once, sorted. */
export function suffixesAmong(names: Iterable<string>, isCatalogueTld: (name: string) => boolean): SuffixRecord[] {
  const found = new Map<string, SuffixRecord>();
  for (const name of names) {
    if (found.has(name) || isCatalogueTld(name)) continue;
    const suffix = recogniseSuffix(name);
    if (suffix && isCatalogueTld(suffix.parentName)) found.set(name, suffix);
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export type { ParentFacts } from "../../../../db/repositories/suffix-repository.ts";

const CATEGORY_WORDS: Record<string, string> = {
  generic: "generic", "country-code": "country-code", sponsored: "sponsored", other: "infrastructure, test or restricted",
};

export function describeSuffix(suffix: SuffixRecord, parent: Pick<ParentFacts, "name" | "unicodeName" | "category">): string {
  const shown = suffix.unicodeName ? `.${suffix.unicodeName} (${suffix.name})` : `.${suffix.name}`;
  const parentShown = `.${parent.unicodeName ?? parent.name}`;
  const under = `Second-level domain ${shown} under the ${CATEGORY_WORDS[parent.category] ?? parent.category} top-level domain ${parentShown}`;
  return suffix.kind === "icann-suffix"
    ? `${under}, a public suffix in the ICANN section of the Public Suffix List.`
    : `${under}, sold by ${suffix.registryOperator} as its own registry (Public Suffix List, private section).`;
}

/**
 * A suffix's catalogue columns. Category, IANA type and active state are its parent's (a
 * ccTLD's second level is country-code). RDAP is bootstrapped per TLD, so the parent's server
 * answers for an ICANN-section name but not for a privately run one, which gets none.
 */
export function suffixColumns(suffix: SuffixRecord, parent: ParentFacts, registryOperatorId: number | null): SuffixColumns {
  return {
    name: suffix.name,
    unicodeName: suffix.unicodeName,
    description: describeSuffix(suffix, parent),
    category: parent.category as TldRecord["category"],
    ianaType: parent.ianaType,
    registryOperatorId,
    isActive: parent.isActive,
    rdapUrl: suffix.kind === "icann-suffix" ? parent.rdapUrl : null,
    dnssec: null,
    kind: suffix.kind,
    parentTldId: parent.id,
  };
}

/** Writes `suffixes` into the catalogue with these columns, inside the caller's transaction (the seed's). */
export const upsertSuffixes = (db: Executor, t: Tables, suffixes: SuffixRecord[]): TxBody<SuffixImportResult> =>
  upsertSuffixRows(db, t, suffixes, suffixColumns);

/** The same in its own transaction: a live price fetch that quotes suffixes the catalogue lacks. */
export const addSuffixesToCatalogue = (handle: Db, suffixes: SuffixRecord[]): Promise<SuffixImportResult> =>
  storeSuffixes(handle, suffixes, suffixColumns);
