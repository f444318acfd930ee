import punycode from "punycode/punycode.js";
import { hasNonAscii, LABEL_SEPARATORS, mapLabel } from "./idna.ts";

export const EXAMPLE_HOST = "example.com";

export type DomainValidationResult =
  | { valid: true; domain: string }
  | { valid: false; message: string };

const MAX_DOMAIN_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;
const ACE_PREFIX = "xn--";
const LABEL_CHARS = /^[a-z0-9-]+$/;
// IDNA only admits letters, marks and digits (plus hyphen) in a U-label; without
// this, remainders such as "a" decode to a C1 control character and would pass.
const U_LABEL_CHARS = /^[\p{L}\p{M}\p{N}-]+$/u;

const fail = (message: string): DomainValidationResult => ({ valid: false, message });

function isValidAceLabel(label: string): boolean {
  if (label.length < ACE_PREFIX.length + 1) return false;
  const remainder = label.slice(ACE_PREFIX.length);
  let decoded: string;
  try {
    decoded = punycode.decode(remainder);
  } catch {
    return false;
  }
  // An xn-- label that decodes to plain ASCII is a disguised ordinary label;
  // the round trip rejects alternative spellings of the same Unicode label.
  return (
    decoded.length > 0 &&
    // eslint-disable-next-line no-control-regex -- "any non-ASCII character": the range starts at NUL
    /[^\x00-\x7f]/.test(decoded) &&
    U_LABEL_CHARS.test(decoded) &&
    decoded === decoded.normalize("NFC") &&
    punycode.encode(decoded) === remainder
  );
}

// Wording for the per-part rules and consecutive dots is ours: the specification
// names these rules without giving a message, so each message names the part.
function checkLabel(label: string): string | null {
  if (label.length > MAX_LABEL_LENGTH) {
    return `Domain part "${label}" is too long (max ${MAX_LABEL_LENGTH} characters)`;
  }
  if (label.startsWith("-") || label.endsWith("-")) {
    return `Domain part "${label}" cannot start or end with a hyphen`;
  }
  if (!LABEL_CHARS.test(label)) {
    return `Domain part "${label}" contains invalid characters. Only letters, numbers, and hyphens are allowed`;
  }
  if (label.startsWith(ACE_PREFIX) && !isValidAceLabel(label)) {
    return "Invalid punycode format";
  }
  return null;
}

function checkExtension(extension: string): string | null {
  if (/^[0-9]+$/.test(extension)) return "Domain extension cannot be all numbers";
  // A one-letter extension gets the generic format message (no wording in the spec).
  if (extension.length < 2) return "Invalid domain extension format";
  if (extension.includes("-") && !extension.startsWith(ACE_PREFIX)) {
    return "Invalid domain extension format";
  }
  return null;
}

/**
 * A name as typed, one trailing root dot dropped ("example.com." is how DNS tools print a fully
 * qualified name), each Unicode label mapped to its A-label (idna.ts, UTS #46), then lower-cased.
 * When a label cannot be mapped, the reason, naming the character.
 */
function toAsciiInput(trimmed: string): { domain: string } | { message: string } {
  let domain = trimmed;
  const chars = [...domain];
  if (chars.length > 1 && LABEL_SEPARATORS.test(chars.at(-1)!) && !LABEL_SEPARATORS.test(chars.at(-2)!)) domain = chars.slice(0, -1).join("");
  if (!hasNonAscii(domain)) return { domain: domain.toLowerCase() };
  const labels: string[] = [];
  for (const label of domain.split(LABEL_SEPARATORS)) {
    // Empty labels (edge or doubled dots) are left for the checks below, which name them.
    const mapped = label === "" ? { ok: true as const, ascii: "" } : mapLabel(label, (l) => `Domain part "${l}"`);
    if (!mapped.ok) return { message: mapped.message };
    labels.push(mapped.ascii);
  }
  return { domain: labels.join(".") };
}

/**
 * Full check run before a register or transfer, and on every name the portfolio takes; checks
 * follow the specification's order. Unicode input is accepted and becomes its A-label form
 * ("Müller.DE " → "xn--mller-kva.de"); the result is what is stored and sent on.
 */
export function validateDomainName(input: unknown): DomainValidationResult {
  // Non-strings cannot carry a domain, so they are treated as absent.
  if (typeof input !== "string" || input === "") return fail("Domain is required");
  const trimmed = input.trim();
  if (trimmed === "") return fail("Domain cannot be empty");
  const ascii = toAsciiInput(trimmed);
  if ("message" in ascii) return fail(ascii.message);
  const domain = ascii.domain;
  if (domain.length > MAX_DOMAIN_LENGTH) {
    return fail(`Domain too long (max ${MAX_DOMAIN_LENGTH} characters)`);
  }
  if (domain.startsWith(".") || domain.endsWith(".")) {
    return fail("Domain cannot start or end with a dot");
  }
  if (domain.startsWith("-") || domain.endsWith("-")) {
    return fail("Domain cannot start or end with a hyphen");
  }
  // Edge dots are already excluded, so this is the only way to get an empty part.
  if (domain.includes("..")) return fail("Domain cannot contain consecutive dots");

  const labels = domain.split(".");
  if (labels.length < 2) {
    return fail(`Domain must include at least a name and extension (e.g., ${EXAMPLE_HOST})`);
  }
  for (const label of labels) {
    const message = checkLabel(label);
    if (message) return fail(message);
  }
  const extension = labels[labels.length - 1] ?? "";
  const extensionMessage = checkExtension(extension);
  if (extensionMessage) return fail(extensionMessage);
  return { valid: true, domain };
}

export type TldValidationResult = { valid: true; tld: string } | { valid: false; message: string };

/**
 * A TLD or suffix as typed ("com", ".COM", "co.uk", "рф", ".РФ.", "xn--p1ai") to the catalogue's
 * ASCII spelling ("xn--p1ai"), or why it cannot be one. Whether the catalogue has it is the caller's question.
 */
export function normaliseTldInput(input: string): TldValidationResult {
  let text = input.trim();
  if (LABEL_SEPARATORS.test(text.charAt(0))) text = text.slice(1);
  const chars = [...text];
  if (chars.length > 0 && LABEL_SEPARATORS.test(chars.at(-1)!)) text = chars.slice(0, -1).join("");
  if (text === "") return { valid: false, message: "Enter a TLD, like com or co.uk" };
  const labels: string[] = [];
  for (const label of text.split(LABEL_SEPARATORS)) {
    if (label === "") return { valid: false, message: `"${input.trim()}" is not a TLD: it has an empty part` };
    const mapped = mapLabel(label, (l) => `TLD "${l}"`);
    if (!mapped.ok) return { valid: false, message: mapped.message };
    if (!LABEL_CHARS.test(mapped.ascii)) {
      return { valid: false, message: `TLD "${label}" contains invalid characters. Only letters, numbers, and hyphens are allowed` };
    }
    labels.push(mapped.ascii);
  }
  return { valid: true, tld: labels.join(".") };
}

/** Cheap shape check for places that only need to reject obvious garbage. */
export function isPlausibleDomainName(input: string): boolean {
  return (
    typeof input === "string" &&
    input.length > 0 &&
    input.length <= MAX_DOMAIN_LENGTH &&
    !input.includes("..") &&
    !input.startsWith(".") &&
    !input.endsWith(".") &&
    input.includes(".") &&
    /^[A-Za-z0-9.-]+$/.test(input)
  );
}

/** Last label of an already normalised domain (the whole input when it has no dot). */
export function extractTld(domain: string): string {
  const dot = domain.lastIndexOf(".");
  return dot === -1 ? domain : domain.slice(dot + 1);
}

/**
 * The names a normalised domain could be registered under, longest first, never the whole
 * domain: shop.co.uk → ["co.uk", "uk"]. A caller asks the catalogue which of them it carries.
 */
export function candidateSuffixes(domain: string): string[] {
  const labels = domain.split(".");
  return labels.slice(1).map((_, i) => labels.slice(i + 1).join("."));
}

export interface DomainSplit {
  /** What is registered under the suffix: "shop" for shop.co.uk ("www.shop" for www.shop.co.uk). */
  name: string;
  /** The longest catalogue suffix the domain ends with: "co.uk", "com.au", "com". */
  suffix: string;
}

/**
 * Splits a normalised domain at its longest catalogue suffix (co.uk beats uk). Null when no
 * suffix the catalogue carries fits, and for a domain that is itself a catalogue suffix: "co.uk"
 * alone is not a registrable domain under .uk (see bareSuffixMessage).
 */
export function splitDomain(domain: string, isCatalogueSuffix: (name: string) => boolean): DomainSplit | null {
  if (isCatalogueSuffix(domain)) return null;
  const suffix = candidateSuffixes(domain).find(isCatalogueSuffix);
  return suffix === undefined ? null : { name: domain.slice(0, domain.length - suffix.length - 1), suffix };
}

/** Why a domain that is itself a catalogue suffix ("co.uk") cannot be registered or kept. */
export const bareSuffixMessage = (suffix: string) =>
  `".${suffix}" is a domain extension, not a domain: add a name before it (e.g., example.${suffix})`;
