/**
 * The site's counts (catalogue.stats) under one label each, so a figure reads the same wherever
 * it is shown: the landing page, /registrars, /tlds and the informational pages (decision 030).
 */
import { useQuery } from "@tanstack/react-query";
import { formatCount } from "./text-format.ts";
import { useTRPC, type RouterOutputs } from "./trpc.ts";

export type CatalogueStats = RouterOutputs["catalogue"]["stats"];
export type CountKey = keyof CatalogueStats;

/** What each count counts: a short label, and the words after the figure in running text. */
export const COUNTS: Readonly<Record<CountKey, { label: string; detail: string; noun: [string, string] }>> = {
  tlds: { label: "Top-level domains", detail: "delegated in the IANA root zone", noun: ["top-level domain", "top-level domains"] },
  pricedNames: { label: "Priced names", detail: "TLDs and second-level suffixes", noun: ["priced name", "priced names"] },
  providersWithPrices: { label: "Providers with prices", detail: "registrars and service providers whose prices we compare", noun: ["provider with prices", "providers with prices"] },
  serviceProviders: { label: "Registrars and service providers", detail: "all listed, with prices or not", noun: ["registrar or service provider", "registrars and service providers"] },
  registryOperators: { label: "Registry operators", detail: "of delegated TLDs", noun: ["registry operator", "registry operators"] },
  knownRegistrars: { label: "ICANN-accredited registrars", detail: "in IANA's registrar list", noun: ["ICANN-accredited registrar", "ICANN-accredited registrars"] },
};

/** "1,845 priced names (TLDs and second-level suffixes)". */
export function countText(key: CountKey, value: number): string {
  const { noun, detail } = COUNTS[key];
  return `${formatCount(value)} ${value === 1 ? noun[0] : noun[1]} (${detail})`;
}

export function useCatalogueStats() {
  const trpc = useTRPC();
  return useQuery(trpc.catalogue.stats.queryOptions());
}
