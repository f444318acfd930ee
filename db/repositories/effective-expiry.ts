/**
 * The expiry date reminders, expiry views, the sort by expiry and the forecast use, as SQL over
 * user_domains (ud) joined to domain_registry_records (rr): the registry's date, unless it has
 * none, the owner chose their own (own_dates_override), or it was read over WHOIS and the
 * entry's own date came from a registrar account (a WHOIS date never overrides one). The same
 * rule in TypeScript is shownDate in src/server/features/portfolio/registry-view.ts, for the card.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";

export function effectiveExpirySql(t: Db["t"]): SQL {
  const ud = t.userDomains;
  const rr = t.domainRegistryRecords;
  return sql`case
    when ${rr.expirationDate} is null then ${ud.expirationDate}
    when ${ud.expirationDate} is not null and ${rr.ownDatesOverride} then ${ud.expirationDate}
    when ${ud.expirationDate} is not null and ${rr.protocol} = 'whois'
      and (${ud.source} = 'sync' or ${ud.registrarAccountId} is not null) then ${ud.expirationDate}
    else ${rr.expirationDate} end`;
}
