/**
 * The operator's own registry servers (RDAP_SERVERS_FILE): a CSV file that adds or replaces a
 * TLD's RDAP base URL or WHOIS server. Read when the process starts. The servers it names are
 * asked under the same outgoing-address policy and answer caps as IANA's (they are not trusted
 * like RDAP_BASE_URL_OVERRIDE): a private or loopback address works only when listed in
 * OUTBOUND_ALLOW_PRIVATE.
 *
 *   # comment lines and blank lines are skipped
 *   tld,rdap_base_url,whois_server
 *   de,https://rdap.denic.de/,
 *   es,,whois.nic.es
 *
 * An RDAP base URL is asked before IANA's bootstrap and its supplement; a WHOIS server (host, or
 * host:port) before the one IANA lists, for a TLD that has no RDAP server.
 */
import { readFileSync, statSync } from "node:fs";
import { domainToASCII } from "node:url";

export const OPERATOR_SERVERS_HEADER = "tld,rdap_base_url,whois_server";
/** A file of a few hundred lines is a few kilobytes; anything past this is refused unread. */
const MAX_FILE_BYTES = 1024 * 1024;

export interface OperatorServers {
  /** Lower-case TLD (A-label) → RDAP base URL, ending in "/". */
  rdap: Map<string, string>;
  /** Lower-case TLD (A-label) → WHOIS server, "host" or "host:port". */
  whois: Map<string, string>;
}

export const noOperatorServers = (): OperatorServers => ({ rdap: new Map(), whois: new Map() });

const WHOIS_SERVER = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;

function rdapUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.search || url.hash || url.username || url.password) return null;
  return url.href.endsWith("/") ? url.href : `${url.href}/`;
}

/** Reads the file's text; throws an Error whose message names the line that is wrong. */
export function parseOperatorServers(text: string): OperatorServers {
  const servers = noOperatorServers();
  const seen = new Map<string, number>();
  let header = false;
  const lines = text.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const at = `line ${index + 1}`;
    const line = lines[index]!.replace(/\r$/, "").trim();
    if (line === "" || line.startsWith("#")) continue;
    if (!header) {
      if (line.replace(/\s/g, "").toLowerCase() !== OPERATOR_SERVERS_HEADER) throw new Error(`${at}: the first line must be the header ${OPERATOR_SERVERS_HEADER}`);
      header = true;
      continue;
    }
    const fields = line.split(",").map((f) => f.trim());
    if (fields.length !== 3) throw new Error(`${at}: expected 3 fields (${OPERATOR_SERVERS_HEADER}), found ${fields.length}`);
    const [tldText, rdapText, whoisText] = fields as [string, string, string];
    const tld = domainToASCII(tldText.replace(/^\./, "").toLowerCase());
    if (!/^[a-z0-9-]+$/.test(tld)) throw new Error(`${at}: "${tldText}" is not a top-level domain`);
    const earlier = seen.get(tld);
    if (earlier !== undefined) throw new Error(`${at}: .${tld} is already listed on line ${earlier}`);
    seen.set(tld, index + 1);
    if (!rdapText && !whoisText) throw new Error(`${at}: names neither an RDAP base URL nor a WHOIS server for .${tld}`);
    if (rdapText) {
      const url = rdapUrl(rdapText);
      if (!url) throw new Error(`${at}: "${rdapText}" is not an http(s) URL without query or credentials`);
      servers.rdap.set(tld, url);
    }
    if (whoisText) {
      if (!WHOIS_SERVER.test(whoisText)) throw new Error(`${at}: "${whoisText}" is not a host name or address, optionally with :port`);
      servers.whois.set(tld, whoisText.toLowerCase());
    }
  }
  if (!header) throw new Error(`the file is empty: its first line must be the header ${OPERATOR_SERVERS_HEADER}`);
  return servers;
}

/** Reads and checks the file at `path`; throws an Error naming the file and, for a bad entry, its line. */
export function readOperatorServers(path: string): OperatorServers {
  let text: string;
  try {
    if (statSync(path).size > MAX_FILE_BYTES) throw new Error(`larger than ${MAX_FILE_BYTES / 1024} KB`);
    text = readFileSync(path, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new Error(`${path} cannot be read (${reason})`);
  }
  try {
    return parseOperatorServers(text);
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`);
  }
}
