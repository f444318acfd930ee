/**
 * Reads a registry's WHOIS answer into the same record an RDAP answer gives (expiry,
 * registration and last-changed dates, EPP statuses, nameservers, the sponsoring registrar),
 * with whoiser's parser for the many label spellings (".uk" multi-line blocks, DENIC's, the
 * gTLD "Registry Expiry Date"…). A registry that holds no such name says so in words, which are
 * recognised here; so is a server saying it is being asked too often.
 */
import { parseDomainWhois, parseSimpleWhois, type ParsedWhois } from "whoiser/src/parsers.js";
import type { RdapDomainRecord } from "../rdap/domain-answer.ts";

export type WhoisAnswer =
  | { kind: "ok"; record: RdapDomainRecord }
  | { kind: "not_found" }
  | { kind: "rate_limited" }
  | { kind: "unreadable"; reason: string };

/** How registries say a name is not registered (first lines of their answers). */
const NOT_FOUND = [
  /^\s*no match for\b/im, // Verisign, many gTLD back ends
  /^\s*(%\s*)?no match\b/im,
  /^\s*domain not found\.?\s*$/im, // Identity Digital (.io, .me…)
  /^\s*not found\b/im,
  /^\s*no data found\s*$/im, // GoDaddy Registry (.co, .us…)
  /^\s*status:\s*free\s*$/im, // DENIC (.de)
  /^\s*no entries found\b/im,
  /^\s*(%\s*)?no object found\b/im,
  /this domain name has not been registered/i, // Nominet (.uk)
  /^\s*the queried object does not exist/im,
  /^\s*domain\s+\S+\s+is available for registration/im,
  /^\s*%%? ?(no such domain|object does not exist)/im,
];

/** How registries say they are being asked too often. */
const RATE_LIMITED = /access control limit|query rate limit|rate limit exceeded|too many (queries|requests)|quota exceeded|limit exceeded/i;

const MONTHS: Record<string, string> = {
  jan: "01", feb: "02", mar: "03", apr: "04", may: "05", jun: "06", jul: "07", aug: "08", sep: "09", oct: "10", nov: "11", dec: "12",
};

/** A WHOIS date to "YYYY-MM-DD": ISO instants, "2025-08-13 04:00:00", "2025.08.13", "2025/08/13", "14-Feb-2026", "13.08.2025". */
export function whoisDate(value: string | string[] | undefined): string | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return null;
  let m = /^(\d{4})[-./](\d{2})[-./](\d{2})/.exec(text);
  let iso: string | null = m ? `${m[1]}-${m[2]}-${m[3]}` : null;
  if (!iso && (m = /^(\d{1,2})[- ]([A-Za-z]{3})[a-z]*[- ](\d{4})/.exec(text))) {
    const month = MONTHS[m[2]!.toLowerCase()];
    iso = month ? `${m[3]}-${month}-${m[1]!.padStart(2, "0")}` : null;
  }
  if (!iso && (m = /^(\d{2})\.(\d{2})\.(\d{4})/.exec(text))) iso = `${m[3]}-${m[2]}-${m[1]}`;
  if (!iso) return null;
  // An instant with its zone: the UTC day, as RDAP's dates are read.
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) {
    const at = new Date(text);
    if (!Number.isNaN(at.getTime())) return at.toISOString().slice(0, 10);
  }
  const check = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== iso ? null : iso;
}

const first = (parsed: ParsedWhois, label: string): string | undefined => {
  const value = parsed[label];
  return Array.isArray(value) ? value[0] : value;
};

/** "clientTransferProhibited https://icann.org/epp#…" → "clientTransferProhibited"; DENIC's "connect" → "ok". */
function eppStatuses(values: string[]): string[] {
  const codes = values.flatMap((v) => {
    const word = v.trim().split(/\s+/)[0] ?? "";
    if (word.toLowerCase() === "connect" || word.toLowerCase() === "active") return ["ok"];
    return /^[a-z]+[A-Za-z]*$/.test(word) ? [word] : [];
  });
  return [...new Set(codes)];
}

/** Servers end lines with CRLF (RFC 3912); the parsers split on LF and read a lone CR as text. */
const lines = (text: string) => text.replace(/\r\n?/g, "\n");

/** Reads the answer for `domain` (its A-label). */
export function readWhoisAnswer(domain: string, raw: string): WhoisAnswer {
  const text = lines(raw);
  if (NOT_FOUND.some((pattern) => pattern.test(text))) return { kind: "not_found" };
  if (RATE_LIMITED.test(text) && !/domain name:/i.test(text)) return { kind: "rate_limited" };
  const parsed = parseDomainWhois(domain, text, true);
  const named = [first(parsed, "Domain Name"), first(parsed, "Domain-Ace")].filter((n): n is string => Boolean(n)).map((n) => n.toLowerCase());
  if (named.length === 0) return { kind: "unreadable", reason: "the answer names no domain" };
  const ianaText = first(parsed, "Registrar IANA ID")?.trim();
  const ianaId = ianaText && /^\d+$/.test(ianaText) ? Number(ianaText) : null;
  const registrarName = first(parsed, "Registrar")?.trim() || null;
  const statuses = Array.isArray(parsed["Domain Status"]) ? parsed["Domain Status"] : [];
  const nameservers = Array.isArray(parsed["Name Server"]) ? parsed["Name Server"] : [];
  return {
    kind: "ok",
    record: {
      expirationDate: whoisDate(parsed["Expiry Date"]),
      registrationDate: whoisDate(parsed["Created Date"]),
      lastChangedDate: whoisDate(parsed["Updated Date"]),
      statuses: eppStatuses(statuses),
      nameservers: [...new Set(nameservers.map((n) => n.toLowerCase()))],
      registrar: ianaId === null && registrarName === null ? null : { ianaId, name: registrarName },
    },
  };
}

/**
 * IANA's answer for a TLD (the root zone database over WHOIS): the port-43 server it lists, or
 * null when it lists none. Throws when the answer is not about a TLD at all.
 */
export function readIanaTldAnswer(raw: string): string | null {
  const text = lines(raw);
  const parsed = parseSimpleWhois(text);
  if (!parsed.domain && /returned 0 objects/i.test(text)) return null;
  if (!parsed.domain) throw new Error("IANA's answer names no TLD");
  const server = typeof parsed.whois === "string" ? parsed.whois.trim().toLowerCase() : "";
  return /^[a-z0-9.-]+$/.test(server) ? server : null;
}
