import { eq, inArray } from "drizzle-orm";
import type { Db } from "../client.ts";

export const META_KEYS = {
  /** When the catalogue was first seeded on this database (ISO instant). */
  deployedAt: "deployed_at",
  /** Digest of the bundled data last imported; its row's updated_at is when that import finished. */
  seedFingerprint: "seed_fingerprint",
  /** The one-time admin setup link while no admin exists: JSON { hash, expiresAt, usedAt? }. */
  adminSetup: "admin_setup",
  /** Format of the stored price-list row JSON (see price-summary-repository.ts). */
  priceRowFormat: "price_row_format",
  /** Up to when price rows were rewritten for quotes turning stale (ISO instant). */
  priceStaleSweptAt: "price_stale_swept_at",
  /** Changes whenever price rows are written, in the same transaction (price-read-model.ts). */
  priceRowsVersion: "price_rows_version",
  /** The RDAP bootstrap last downloaded from IANA: JSON { fetchedAt, publication, services }. */
  rdapBootstrap: "rdap_bootstrap",
  /** The port-43 server IANA lists per TLD, as last asked: JSON { [tld]: { host: string | null, checkedAt } }. */
  whoisServers: "whois_servers",
  /** The share, in whole percent, by which two sources' prices may differ before the price checks call it unusual (decision 059). */
  priceCheckSharePercent: "price_check_share_percent",
  /** The admin General Settings as last saved: JSON (src/shared/schemas/general-settings.ts). */
  generalSettings: "general_settings",
  /** The admin area's first-run checklist: JSON { dismissedAt?, dismissedBy?, backupsConfirmedAt?, backupsConfirmedBy? }. */
  setupChecklist: "setup_checklist",
} as const;

/**
 * When the bundled data (catalogue, price lists, rates) now in the database was imported: the
 * last import that changed it, or the first seed on a database from before that was recorded.
 * Null on a database never seeded.
 */
export async function bundledDataInstalledAt({ orm: db, t }: Db): Promise<Date | null> {
  const rows = await db.select({ key: t.appMeta.key, value: t.appMeta.value, updatedAt: t.appMeta.updatedAt }).from(t.appMeta)
    .where(inArray(t.appMeta.key, [META_KEYS.seedFingerprint, META_KEYS.deployedAt]));
  const imported = rows.find((r) => r.key === META_KEYS.seedFingerprint);
  if (imported) return imported.updatedAt;
  const deployed = rows.find((r) => r.key === META_KEYS.deployedAt);
  const at = deployed ? new Date(deployed.value) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}

export async function getMeta({ orm: db, t }: Db, keys: string[]): Promise<Record<string, string>> {
  const rows = await db.select({ key: t.appMeta.key, value: t.appMeta.value }).from(t.appMeta).where(inArray(t.appMeta.key, keys));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** Sets a key unless it exists (first writer wins, safe with several processes). */
export async function setMetaIfAbsent({ orm: db, t }: Db, key: string, value: string): Promise<void> {
  await db.insert(t.appMeta).values({ key, value }).onConflictDoNothing();
}

export async function setMeta({ orm: db, t }: Db, key: string, value: string): Promise<void> {
  await db.insert(t.appMeta).values({ key, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: t.appMeta.key, set: { value, updatedAt: new Date() } });
}

export async function deleteMeta({ orm: db, t }: Db, key: string): Promise<void> {
  await db.delete(t.appMeta).where(eq(t.appMeta.key, key));
}
