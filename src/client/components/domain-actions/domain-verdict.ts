import { bareSuffixMessage, validateDomainName } from "../../../shared/domain-name.ts";

/** What the server's catalogue says of a typed name (redirects.suffixOf). */
export interface SuffixLookup {
  suffix: string | null;
  isSuffix: boolean;
}

/**
 * The domain box's verdict on what was typed, shared by the TLD and registrar pages: the message
 * under the box and whether Register and Transfer may open come from it.
 */
export type DomainVerdict =
  | { kind: "empty" }
  | { kind: "ok"; domain: string }
  | { kind: "invalid"; message: string }
  /** The name is itself an extension ("co.uk"), which nobody can register. */
  | { kind: "extension"; suffix: string }
  /** A name under another extension than the page's: `suffix` once the catalogue has said which (null: none it lists). */
  | { kind: "other-extension"; domain: string; page: string; suffix: string | null; known: boolean };

/** What a page's box accepts: a TLD page its own extension (and not the suffixes sold under it); a registrar page any. */
export type DomainRules = { kind: "extension"; name: string; secondLevel: readonly string[] } | { kind: "any" };

const endsWithLabel = (domain: string, suffix: string) => domain.endsWith(`.${suffix}`);

/** The longest of `names` the domain sits under ("co.uk" for shop.co.uk among ["co.uk", "org.uk"]). */
const longestUnder = (domain: string, names: readonly string[]) =>
  names.filter((n) => endsWithLabel(domain, n)).sort((a, b) => b.length - a.length)[0];

/**
 * On a TLD page the name must be one of that extension's: /tld/com takes example.com; example.org
 * and shop.co.uk belong elsewhere, and co.uk alone is an extension. A second-level suffix sold
 * under the page's TLD (co.uk on /tld/uk) is known from the page; any other extension comes from
 * `lookup` (the catalogue), and until it answers the verdict says only that the name is not the page's.
 */
function forExtension(domain: string, rules: Extract<DomainRules, { kind: "extension" }>, lookup: SuffixLookup | undefined): DomainVerdict {
  if (domain === rules.name || rules.secondLevel.includes(domain)) return { kind: "extension", suffix: domain };
  const below = longestUnder(domain, rules.secondLevel);
  if (below) return { kind: "other-extension", domain, page: rules.name, suffix: below, known: true };
  if (endsWithLabel(domain, rules.name)) return { kind: "ok", domain };
  if (lookup?.isSuffix) return { kind: "extension", suffix: domain };
  return { kind: "other-extension", domain, page: rules.name, suffix: lookup?.suffix ?? null, known: lookup !== undefined };
}

/**
 * On a registrar's page each row puts the typed name on its own TLD, so "example" alone is fine
 * (it is checked as example.com would be) and any extension is; only an extension on its own is not.
 */
function forAnyExtension(input: string, lookup: SuffixLookup | undefined): DomainVerdict {
  const name = input.trim().toLowerCase();
  const result = validateDomainName(name.includes(".") ? name : `${name}.com`);
  if (!result.valid) return { kind: "invalid", message: result.message };
  if (name.includes(".") && lookup?.isSuffix) return { kind: "extension", suffix: result.domain };
  return { kind: "ok", domain: result.domain };
}

/**
 * On a TLD page a name typed without an extension ("My-Shop" on /tld/com) is that TLD's:
 * my-shop.com. The extension typed alone ("com") stays what it is, an extension.
 */
export function withPageExtension(input: string, rules: DomainRules): string {
  const name = input.trim();
  if (rules.kind !== "extension" || name === "" || name.includes(".") || name.toLowerCase() === rules.name) return input;
  return `${name}.${rules.name}`;
}

export function domainVerdict(input: string, rules: DomainRules, lookup?: SuffixLookup): DomainVerdict {
  if (input.trim() === "") return { kind: "empty" };
  if (rules.kind === "any") return forAnyExtension(input, lookup);
  const result = validateDomainName(withPageExtension(input, rules));
  if (!result.valid) return { kind: "invalid", message: result.message };
  return forExtension(result.domain, rules, lookup);
}

/** The name to ask the catalogue about, or null when the verdict does not depend on it. */
export function lookupNeeded(input: string, rules: DomainRules): string | null {
  const verdict = domainVerdict(input, rules);
  if (rules.kind === "any") return verdict.kind === "ok" && input.includes(".") ? verdict.domain : null;
  return verdict.kind === "other-extension" && !verdict.known ? verdict.domain : null;
}

/** The verdict as one sentence, for the box's message and the buttons' explanation. */
export function verdictText(verdict: DomainVerdict): string | null {
  switch (verdict.kind) {
    case "empty":
    case "ok":
      return null;
    case "invalid":
      return verdict.message;
    case "extension":
      return bareSuffixMessage(verdict.suffix);
    case "other-extension":
      if (verdict.suffix) return `${verdict.domain} is a .${verdict.suffix} name — see .${verdict.suffix} prices`;
      return verdict.known
        ? `${verdict.domain} is not a .${verdict.page} name, and its extension is not one we list`
        : `${verdict.domain} is not a .${verdict.page} name`;
  }
}
