/**
 * Which WHOIS server answers for a TLD, from IANA's root zone database: asked of IANA's WHOIS
 * server (WHOIS_IANA_SERVER) the first time a TLD without RDAP needs it, then kept in app_meta
 * for every process and asked again after 30 days. A TLD IANA lists no server for is kept as
 * having none. Lookups of many names of one TLD at once ask IANA once.
 */
import type { Db } from "../../../../db/client.ts";
import { getMeta, META_KEYS, setMeta } from "../../../../db/repositories/app-meta-repository.ts";

const KEEP_MS = 30 * 86_400_000;

interface Known {
  host: string | null;
  checkedAt: string;
}

export interface WhoisServerDirectory {
  serverFor(tld: string): Promise<string | null>;
  /** What is stored now, without asking IANA: TLD → host, or null where IANA lists none. A TLD never asked is absent. */
  stored(): Promise<Map<string, string | null>>;
}

export function whoisServerDirectory(db: Db, askIana: (tld: string) => Promise<string | null>, now = () => Date.now()): WhoisServerDirectory {
  let known: Map<string, Known> | null = null;
  const asking = new Map<string, Promise<string | null>>();
  const read = async () => {
    const stored = (await getMeta(db, [META_KEYS.whoisServers]))[META_KEYS.whoisServers];
    let parsed: Record<string, Known> = {};
    try {
      parsed = stored ? (JSON.parse(stored) as Record<string, Known>) : {};
    } catch {
      parsed = {};
    }
    return new Map(Object.entries(parsed));
  };
  const load = async () => {
    known ??= await read();
    return known;
  };
  const ask = async (tld: string) => {
    const host = await askIana(tld);
    const all = await load();
    all.set(tld, { host, checkedAt: new Date(now()).toISOString() });
    await setMeta(db, META_KEYS.whoisServers, JSON.stringify(Object.fromEntries(all)));
    return host;
  };
  return {
    async serverFor(tld) {
      const entry = (await load()).get(tld);
      if (entry && now() - Date.parse(entry.checkedAt) < KEEP_MS) return entry.host;
      let pending = asking.get(tld);
      if (!pending) {
        pending = ask(tld).finally(() => asking.delete(tld));
        asking.set(tld, pending);
      }
      return pending;
    },
    async stored() {
      return new Map([...await read()].map(([tld, entry]) => [tld, entry.host]));
    },
  };
}
