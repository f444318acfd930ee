/**
 * The counts of finished lookups a registry-check run adds to registry_lookup_stats, per TLD
 * (the name's last label, A-label) and method (rdap/client.ts lookupMethod), gathered in memory
 * and handed over with each stored batch: one upsert per TLD and method in the batch. A lookup
 * that failed before any server was chosen (its method unknown) is not counted.
 */
import { domainToASCII } from "node:url";
import type { LookupStatRow } from "../../../../db/repositories/registry-lookup-stats-repository.ts";
import { lookupMethod, type RdapOutcome } from "../../integrations/rdap/client.ts";

type Finished = Exclude<RdapOutcome, { kind: "abandoned" | "retry_later" }>;

export function lookupCounts() {
  let pending = new Map<string, Omit<LookupStatRow, "day">>();
  return {
    add(domainName: string, outcome: Finished) {
      const method = lookupMethod(outcome);
      if (method === null) return;
      const ace = (domainToASCII(domainName) || domainName).toLowerCase().replace(/\.$/, "");
      const tld = ace.slice(ace.lastIndexOf(".") + 1);
      const key = `${tld} ${method}`;
      const row = pending.get(key) ?? { tld, method, ok: 0, failed: 0, found: 0, noExpiry: 0 };
      if (outcome.kind === "ok" || outcome.kind === "not_found") row.ok++;
      else row.failed++;
      if (outcome.kind === "ok") {
        row.found++;
        if (outcome.record.expirationDate === null) row.noExpiry++;
      }
      pending.set(key, row);
    },
    /** The counts gathered since the last call, dated `now`'s UTC day, and a fresh start. */
    take(now: Date): LookupStatRow[] {
      const day = now.toISOString().slice(0, 10);
      const rows = [...pending.values()].map((row) => ({ ...row, day }));
      pending = new Map();
      return rows;
    },
  };
}
