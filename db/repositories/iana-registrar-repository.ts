import { asc, eq } from "drizzle-orm";
import type { Db } from "../client.ts";

export interface IanaRegistrarDto {
  id: number;
  name: string;
  status: string;
  rdapUrl: string | null;
  databaseMatch: { id: number; name: string; domain: string; logoUrl: string | null; website: string | null; isActive: boolean } | null;
}

/** Accredited IANA registrars, each with the service provider linked to it, if any. */
export async function listAccreditedRegistrars({ orm: db, t }: Db): Promise<IanaRegistrarDto[]> {
  const sp = t.serviceProviders;
  const rows = await db
    .select({
      id: t.ianaRegistrars.id, name: t.ianaRegistrars.name, status: t.ianaRegistrars.status, rdapUrl: t.ianaRegistrars.rdapUrl,
      matchId: sp.id, matchName: sp.name, matchDomain: sp.domain, matchLogoUrl: sp.logoUrl, matchWebsite: sp.website, matchIsActive: sp.isActive,
    })
    .from(t.ianaRegistrars)
    .leftJoin(sp, eq(sp.ianaId, t.ianaRegistrars.id))
    .where(eq(t.ianaRegistrars.status, "Accredited"))
    .orderBy(asc(t.ianaRegistrars.name), asc(t.ianaRegistrars.id));
  return rows.map((r) => ({
    id: r.id, name: r.name, status: r.status, rdapUrl: r.rdapUrl,
    databaseMatch: r.matchId === null ? null : {
      id: r.matchId, name: r.matchName!, domain: r.matchDomain!, logoUrl: r.matchLogoUrl, website: r.matchWebsite, isActive: r.matchIsActive!,
    },
  }));
}
