/**
 * The site's counts (catalogue.stats) under one label each, so a figure reads the same wherever
 * it is shown: the landing page, /registrars, /tlds and the informational pages (decision 030).
 */
import { useQuery } from "@tanstack/react-query";
import { formatCount, pluralNoun, type Noun } from "./text-format.ts";
import { useTRPC, type RouterOutputs } from "./trpc.ts";

export type CatalogueStats = RouterOutputs["catalogue"]["stats"];
export type CountKey = keyof CatalogueStats;

/** What each count counts: a short label, and the words after the figure in running text. */
export const COUNTS: Readonly<Record<CountKey, { label: string; detail: string; noun: Noun }>> = {
  tlds: { label: "Top-level domains", detail: "delegated in the IANA root zone", noun: { one: "top-level domain", other: "top-level domains" } },
  pricedNames: { label: "Priced names", detail: "TLDs and second-level suffixes", noun: { one: "priced name", other: "priced names" } },
  providersWithPrices: { label: "Providers with prices", detail: "registrars and service providers whose prices we compare", noun: { one: "provider with prices", other: "providers with prices" } },
  serviceProviders: { label: "Registrars and service providers", detail: "all listed, with prices or not", noun: { one: "registrar or service provider", other: "registrars and service providers" } },
  registryOperators: { label: "Registry operators", detail: "of delegated TLDs", noun: { one: "registry operator", other: "registry operators" } },
  knownRegistrars: { label: "ICANN-accredited registrars", detail: "in IANA's registrar list", noun: { one: "ICANN-accredited registrar", other: "ICANN-accredited registrars" } },
};

/** "1,845 priced names (TLDs and second-level suffixes)". */
export function countText(key: CountKey, value: number): string {
  const { noun, detail } = COUNTS[key];
  return `${formatCount(value)} ${pluralNoun(value, noun)} (${detail})`;
}

export function useCatalogueStats() {
  const trpc = useTRPC();
  return useQuery(trpc.catalogue.stats.queryOptions());
}
