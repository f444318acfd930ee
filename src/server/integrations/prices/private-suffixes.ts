/**
 * Second-level names a registry sells under someone else's TLD (uk.com is CentralNic's, not
 * Verisign's). They are not in the Public Suffix List's ICANN section, so tldts-icann does not
 * know them; they are in its PRIVATE section, each under the block of the company that runs
 * registrations for it. This list copies those blocks as published at
 * https://publicsuffix.org/list/public_suffix_list.dat (checked against Debian's copy,
 * publicsuffix 20230209), operator names as the blocks give them. Left out on purpose: the
 * block "No longer operated by CentralNic" (ar.com, hu.com, kr.com, no.com, qc.com, uy.com),
 * whose names have no registry named, and every private entry that is a hosting or service
 * provider's own subdomain space rather than names sold through registrars.
 */
export interface PrivateRegistrySuffix {
  name: string;
  /** The company the Public Suffix List block names. */
  operator: string;
}

const BLOCKS: Record<string, string[]> = {
  CentralNic: [
    "ae.org", "br.com", "cn.com", "com.de", "com.se", "de.com", "eu.com", "gb.net", "hu.net", "jp.net",
    "jpn.com", "mex.com", "ru.com", "sa.com", "se.net", "uk.com", "uk.net", "us.com", "za.bz", "za.com",
  ],
  "Africa.com Web Solutions Ltd": ["africa.com"],
  "iDOT Services Limited": ["gr.com"],
  "Radix FZC": ["in.net", "web.in"],
  "US REGISTRY LLC": ["us.org"],
  "co.com Registry, LLC": ["co.com"],
  "BRS Media": ["radio.am", "radio.fm"],
  "CoDNS B.V.": ["co.nl", "co.no"],
  "Globe Hosting SRL": ["co.ro", "shop.ro"],
  "UK Intis Telecom LTD": ["it.com"],
};

export const PRIVATE_REGISTRY_SUFFIXES: readonly PrivateRegistrySuffix[] = Object.entries(BLOCKS).flatMap(
  ([operator, names]) => names.map((name) => ({ name, operator })),
);
