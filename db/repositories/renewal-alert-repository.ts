/** What the renewal price alerts read: the portfolio entries held at a registrar in some TLDs. */
import { and, asc, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../client.ts";

export interface HeldDomain {
  userId: number;
  domainName: string;
  tldId: number;
  serviceProviderId: number;
}

/** Ids per statement: far below both databases' parameter limits. */
const IDS_PER_STATEMENT = 5000;

/**
 * Entries of the TLDs with a registrar set, departed ones (gone from their account) left out,
 * by user then name: one pass over the portfolio per group of TLDs.
 */
export async function listHeldDomainsOfTlds({ orm: db, t }: Db, tldIds: readonly number[]): Promise<HeldDomain[]> {
  const d = t.userDomains;
  const rows: HeldDomain[] = [];
  for (let i = 0; i < tldIds.length; i += IDS_PER_STATEMENT) {
    const found = await db
      .select({ userId: d.userId, domainName: d.domainName, tldId: d.tldId, serviceProviderId: d.serviceProviderId })
      .from(d)
      .where(and(inArray(d.tldId, tldIds.slice(i, i + IDS_PER_STATEMENT)), isNull(d.departedAt), isNotNull(d.serviceProviderId)))
      .orderBy(asc(d.userId), asc(d.domainName));
    for (const r of found) rows.push({ ...r, serviceProviderId: r.serviceProviderId! });
  }
  return rows;
}
