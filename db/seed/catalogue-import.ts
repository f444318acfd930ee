/**
 * Upserts the IANA catalogue, the second-level suffixes the price lists quote, and the service
 * providers. TLD, suffix and registrar rows follow the bundled files (a newer file updates
 * them); provider rows are only ever inserted, so edits made by an administrator survive every
 * restart (a provider stored before it had a country gets the seed's, once).
 */
import { and, eq, isNull } from "drizzle-orm";
import { exec, type Db } from "../client.ts";
import type { IanaRegistrarRecord, TldRecord } from "../../src/server/integrations/prices/types.ts";
import { checkProviderSeeds, type ProviderSeed } from "./providers.ts";
import { insertChunked } from "../repositories/insert-chunked.ts";
import { upsertSuffixes } from "../../src/server/integrations/prices/suffixes.ts";
import type { SuffixRecord } from "../../src/server/integrations/prices/suffixes.ts";

export interface CatalogueResult {
  tldIdByName: Map<string, number>;
  providerIdByKey: Map<string, number>;
  /** Root-zone TLDs in the catalogue. */
  tldCount: number;
  /** Second-level suffixes in the catalogue (co.uk, uk.com). */
  suffixCount: number;
  operatorCount: number;
  registrarCount: number;
  providerCount: number;
}

const CATEGORY_LABEL: Record<TldRecord["category"], string> = {
  generic: "Generic top-level domain",
  "country-code": "Country-code top-level domain",
  sponsored: "Sponsored top-level domain",
  other: "Infrastructure, test or restricted top-level domain",
};

export function describeTld(record: TldRecord): string {
  const shown = record.unicodeName ? `.${record.unicodeName} (${record.name})` : `.${record.name}`;
  const manager = record.registryOperator ? `, operated by ${record.registryOperator}` : ", not currently assigned to a registry operator";
  return `${CATEGORY_LABEL[record.category]} ${shown}${manager}.`;
}

export async function upsertCatalogue(
  handle: Db,
  tldRecords: TldRecord[],
  registrars: IanaRegistrarRecord[],
  providers: readonly ProviderSeed[],
  suffixes: SuffixRecord[] = [],
): Promise<CatalogueResult> {
  const { t } = handle;
  // A malformed link pattern stops the import before anything is written.
  checkProviderSeeds(providers);
  return handle.transaction(function* (db) {
    // Registry operators
    const operatorNames = [...new Set(tldRecords.flatMap((r) => (r.registryOperator ? [r.registryOperator] : [])))];
    const existingOps = yield* exec(db.select({ id: t.registryOperators.id, name: t.registryOperators.name }).from(t.registryOperators));
    const opId = new Map(existingOps.map((o) => [o.name, o.id]));
    const newOps = operatorNames.filter((n) => !opId.has(n)).map((name) => ({ name }));
    yield* insertChunked(db, t.registryOperators, newOps);
    if (newOps.length) {
      for (const o of yield* exec(db.select({ id: t.registryOperators.id, name: t.registryOperators.name }).from(t.registryOperators))) opId.set(o.name, o.id);
    }

    // TLDs
    const wanted = tldRecords.map((r) => ({
      name: r.name,
      unicodeName: r.unicodeName,
      description: describeTld(r),
      category: r.category,
      ianaType: r.ianaType,
      registryOperatorId: r.registryOperator ? opId.get(r.registryOperator)! : null,
      isActive: r.isActive,
      rdapUrl: r.rdapUrl,
      dnssec: r.dnssec,
    }));
    const existingTlds = yield* exec(db.select().from(t.tlds));
    const tldByName = new Map(existingTlds.map((row) => [row.name, row]));
    yield* insertChunked(db, t.tlds, wanted.filter((w) => !tldByName.has(w.name)));
    for (const w of wanted) {
      const row = tldByName.get(w.name);
      if (!row) continue;
      const changed = (Object.keys(w) as (keyof typeof w)[]).some((k) => row[k] !== w[k]);
      if (changed) yield* exec(db.update(t.tlds).set(w).where(eq(t.tlds.id, row.id)));
    }
    // After the TLDs, so each suffix finds its parent and inherits what the IANA file says today.
    yield* upsertSuffixes(db, t, suffixes);

    // IANA registrars
    const existingRegs = yield* exec(db.select().from(t.ianaRegistrars));
    const regById = new Map(existingRegs.map((r) => [r.id, r]));
    yield* insertChunked(db, t.ianaRegistrars, registrars.filter((r) => !regById.has(r.id)));
    for (const r of registrars) {
      const row = regById.get(r.id);
      if (row && (row.name !== r.name || row.status !== r.status || row.rdapUrl !== r.rdapUrl)) {
        yield* exec(db.update(t.ianaRegistrars).set({ name: r.name, status: r.status, rdapUrl: r.rdapUrl }).where(eq(t.ianaRegistrars.id, r.id)));
      }
    }

    // Service providers: insert-only (see header)
    const existingProviders = yield* exec(db.select({ id: t.serviceProviders.id, slug: t.serviceProviders.slug }).from(t.serviceProviders));
    const known = new Set(existingProviders.map((p) => p.slug));
    const registrarIds = new Set(registrars.map((r) => r.id));
    const newProviders = providers.filter((p) => !known.has(p.key)).map((p) => ({
      slug: p.key,
      name: p.name,
      displayName: p.displayName,
      domain: p.domain,
      website: p.website,
      logoUrl: null,
      isActive: p.isActive,
      ianaId: p.ianaId !== null && registrarIds.has(p.ianaId) ? p.ianaId : null,
      registrationUrlPattern: p.registrationUrlPattern,
      transferUrlPattern: p.transferUrlPattern,
      country: p.country,
    }));
    yield* insertChunked(db, t.serviceProviders, newProviders);
    for (const p of providers.filter((p) => known.has(p.key))) {
      yield* exec(db.update(t.serviceProviders).set({ country: p.country })
        .where(and(eq(t.serviceProviders.slug, p.key), isNull(t.serviceProviders.country))));
    }

    const catalogue = yield* exec(db.select({ id: t.tlds.id, name: t.tlds.name, kind: t.tlds.kind }).from(t.tlds));
    const tldIdByName = new Map(catalogue.map((r) => [r.name, r.id]));
    const providerRows = yield* exec(db.select({ id: t.serviceProviders.id, slug: t.serviceProviders.slug }).from(t.serviceProviders));
    const operators = yield* exec(db.select({ id: t.registryOperators.id }).from(t.registryOperators));
    return {
      tldIdByName,
      providerIdByKey: new Map(providerRows.map((p) => [p.slug, p.id])),
      tldCount: catalogue.filter((r) => r.kind === "tld").length,
      suffixCount: catalogue.filter((r) => r.kind !== "tld").length,
      operatorCount: operators.length,
      registrarCount: regById.size + registrars.filter((r) => !regById.has(r.id)).length,
      providerCount: providerRows.length,
    };
  });
}
