/**
 * The expiry date reminders, expiry views, the sort by expiry and the forecast use (and the
 * registration date the transfer plan counts its locks from, by the same rule), as SQL over
 * user_domains (ud) joined to domain_registry_records (rr): the registry's date, unless it has
 * none, the owner chose their own (own_dates_override), or it was read over WHOIS and the
 * entry's own date came from a registrar account (a WHOIS date never overrides one). The same
 * rule in TypeScript is shownDate in src/server/features/portfolio/registry-view.ts, for the card.
 */
import { sql, type Column, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";

export function effectiveExpirySql(t: Db["t"]): SQL {
  return effectiveDateSql(t, t.userDomains.expirationDate, t.domainRegistryRecords.expirationDate);
}

/** The registration date by the same rule (the transfer plan's locks count from it). */
export function effectiveRegistrationSql(t: Db["t"]): SQL {
  return effectiveDateSql(t, t.userDomains.registrationDate, t.domainRegistryRecords.registrationDate);
}

function effectiveDateSql(t: Db["t"], own: Column, registry: Column): SQL {
  const ud = t.userDomains;
  const rr = t.domainRegistryRecords;
  return sql`case
    when ${registry} is null then ${own}
    when ${own} is not null and ${rr.ownDatesOverride} then ${own}
    when ${own} is not null and ${rr.protocol} = 'whois'
      and (${ud.source} = 'sync' or ${ud.registrarAccountId} is not null) then ${own}
    else ${registry} end`;
}
