/**
 * A domain's DNS records through the configured resolvers (DNS_SERVERS, each ip[:port]; the
 * system's when empty), answers normalised and sorted so two looks compare as sets: NS and MX
 * hosts in lower case without the final dot, MX as "preference host", TXT only the SPF record of
 * the name and the DMARC record at `_dmarc.` (other TXT records are verification tokens that
 * change without meaning anything), CAA as `flags tag "value"`.
 *
 * "No such name" and "no records of this type" are answers (an empty set); a timeout, a refusal
 * or a server failure is not an answer, and a failure is never taken for a change.
 */
import { DnsResolver as Resolver } from "../net/connect.ts";
import { ServerGates } from "../net/host-gates.ts";

export const RECORD_TYPES = ["NS", "A", "AAAA", "MX", "TXT", "CAA"] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export type RecordsOutcome = { ok: true; records: string[] } | { ok: false; reason: string };

/** Answers that say "nothing there" rather than "could not ask". */
const EMPTY_ANSWERS = new Set(["ENODATA", "ENOTFOUND"]);
const FAILURE_WORDS: Record<string, string> = {
  ETIMEOUT: "the DNS resolver did not answer in time",
  ESERVFAIL: "the DNS resolver reported a server failure",
  EREFUSED: "the DNS resolver refused the query",
  ECONNREFUSED: "the DNS resolver could not be reached",
  EBADRESP: "the DNS resolver sent a malformed answer",
};

const host = (name: string) => name.toLowerCase().replace(/\.$/, "");
const sorted = (values: string[]) => [...new Set(values)].sort();

/** Compressed, lower-case IPv6 as Node prints it; IPv4 as is. */
function normaliseAddress(address: string): string {
  return address.includes(":") ? new URL(`http://[${address}]/`).hostname.slice(1, -1) : address;
}

export interface DnsLookupOptions {
  /** ip or ip:port ([v6]:port) entries; empty: the system's resolvers. */
  servers: readonly string[];
  timeoutMs: number;
  /** At most this many queries in flight at once toward one resolver. */
  maxInFlightPerServer: number;
  /** Query starts per second toward one resolver. */
  perSecondPerServer: number;
}

export class DnsRecords {
  private readonly resolvers: { key: string; resolver: Resolver }[];
  readonly gates: ServerGates;
  /** Questions being asked now: the same name and type asked again meanwhile shares the answer. */
  private readonly asking = new Map<string, Promise<RecordsOutcome>>();

  constructor(options: DnsLookupOptions) {
    const servers = options.servers.length ? options.servers : ["system"];
    this.resolvers = servers.map((server) => {
      const resolver = new Resolver({ timeout: options.timeoutMs, tries: 1 });
      if (server !== "system") resolver.setServers([server]);
      return { key: server, resolver };
    });
    this.gates = new ServerGates(options.maxInFlightPerServer, options.perSecondPerServer);
  }

  /**
   * One record type of `domain` (an ASCII name), from the resolver chosen by the name, the next on
   * failure. A question already in flight is not asked twice (a domain's records and its
   * certificate probe both want the apex's addresses).
   */
  lookup(domain: string, type: RecordType): Promise<RecordsOutcome> {
    const key = `${type} ${domain.toLowerCase()}`;
    let asked = this.asking.get(key);
    if (!asked) {
      asked = this.ask(domain, type).finally(() => this.asking.delete(key));
      this.asking.set(key, asked);
    }
    return asked;
  }

  private async ask(domain: string, type: RecordType): Promise<RecordsOutcome> {
    const start = hashOf(domain) % this.resolvers.length;
    let last: RecordsOutcome = { ok: false, reason: "no DNS resolver answered" };
    for (let i = 0; i < this.resolvers.length; i++) {
      const { key, resolver } = this.resolvers[(start + i) % this.resolvers.length]!;
      // Each query takes its own slot (TXT asks two names).
      const ask: Ask = async (run) => {
        const ran = await this.gates.run(key, run);
        if (!("value" in ran)) throw Object.assign(new Error("not asked"), { code: "ECANCELLED" });
        return ran.value;
      };
      const outcome = await query(resolver, domain, type, ask);
      if (outcome.ok) return outcome;
      last = outcome;
    }
    return last;
  }

  cancel(): void {
    for (const { resolver } of this.resolvers) resolver.cancel();
  }
}

function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

type Ask = <T>(run: () => Promise<T>) => Promise<T>;

async function answer<T>(ask: () => Promise<T[]>): Promise<{ ok: true; values: T[] } | { ok: false; reason: string }> {
  try {
    return { ok: true, values: await ask() };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    if (EMPTY_ANSWERS.has(code)) return { ok: true, values: [] };
    return { ok: false, reason: FAILURE_WORDS[code] ?? `the DNS lookup failed (${code || (error as Error).message})` };
  }
}

async function query(resolver: Resolver, domain: string, type: RecordType, gate: Ask): Promise<RecordsOutcome> {
  switch (type) {
    case "NS": return done(await answer(() => gate(() => resolver.resolveNs(domain))), (v) => v.map(host));
    case "A": return done(await answer(() => gate(() => resolver.resolve4(domain))), (v) => v);
    case "AAAA": return done(await answer(() => gate(() => resolver.resolve6(domain))), (v) => v.map(normaliseAddress));
    case "MX": return done(await answer(() => gate(() => resolver.resolveMx(domain))), (v) => v.map((mx) => `${mx.priority} ${host(mx.exchange)}`));
    case "CAA": return done(await answer(() => gate(() => resolver.resolveCaa(domain))), (v) => v.map((caa) => {
      const { critical, ...rest } = caa as { critical: number } & Record<string, string>;
      const [tag, value] = Object.entries(rest)[0] ?? ["", ""];
      return `${critical} ${tag} "${value}"`;
    }));
    case "TXT": {
      const [own, dmarc] = await Promise.all([answer(() => gate(() => resolver.resolveTxt(domain))), answer(() => gate(() => resolver.resolveTxt(`_dmarc.${domain}`)))]);
      if (!own.ok) return own;
      if (!dmarc.ok) return dmarc;
      const text = (chunks: string[][]) => chunks.map((c) => c.join(""));
      return {
        ok: true,
        records: sorted([
          ...text(own.values).filter((t) => /^v=spf1(\s|$)/i.test(t)),
          ...text(dmarc.values).filter((t) => /^v=DMARC1/i.test(t)).map((t) => `_dmarc ${t}`),
        ]),
      };
    }
  }
}

function done<T>(got: { ok: true; values: T[] } | { ok: false; reason: string }, normalise: (values: T[]) => string[]): RecordsOutcome {
  return got.ok ? { ok: true, records: sorted(normalise(got.values)) } : got;
}
