/**
 * A failed registry lookup in words its owner understands: which kind of server (the TLD
 * registry's RDAP or WHOIS server, or IANA) and what went wrong, never a host name, a port or a
 * system error code. The lookup's own reason (with those details) stays stored with the record
 * (registry_records.error_reason) for operators.
 */
const WHAT_WENT_WRONG: [RegExp, string][] = [
  [/does not resolve|was not found \(DNS\)|ENOTFOUND|EAI_AGAIN/i, "could not be found"],
  [/not a public address/i, "is not on a public address, so it was not asked"],
  [/did not answer within|timed out|ETIMEDOUT/i, "did not answer in time"],
  [/sent more than|too large|too big/i, "sent an answer too large to read"],
  [/unreadable answer|unexpected shape|could not be read/i, "sent an answer that could not be read"],
  [/broke off|ECONNRESET|closed unexpectedly/i, "broke off its answer"],
  [/could not be reached|could not reach|refused the connection|ECONNREFUSED|no network route|EHOSTUNREACH|ENETUNREACH/i, "could not be reached"],
  [/answered \d{3}|answered HTTP|\bHTTP \d{3}\b/i, "answered with an error"],
];

/** "the .de registry's WHOIS server could not be reached" */
export function registryFailureInWords(reason: string | null, protocol: "rdap" | "whois" | null, tld: string): string {
  const text = reason ?? "";
  if (/from IANA which WHOIS server/i.test(text)) return `IANA could not tell which WHOIS server answers for ${tld}`;
  const server = protocol === "whois" ? `the ${tld} registry's WHOIS server` : `the ${tld} registry's RDAP server`;
  const wrong = WHAT_WENT_WRONG.find(([pattern]) => pattern.test(text))?.[1];
  return wrong ? `${server} ${wrong}` : `the lookup at ${server} failed`;
}
