import { Link } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { FactList, SectionCard } from "../../components/section-card.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { REGISTRY_FACTS } from "./registry-facts.ts";

type Tld = RouterOutputs["catalogue"]["tld"];

const IANA_TYPES: Record<string, string> = {
  generic: "Generic",
  "country-code": "Country code",
  sponsored: "Sponsored",
  infrastructure: "Infrastructure",
  "generic-restricted": "Generic (restricted)",
  test: "Test",
};

const SUFFIX_SOURCES: Record<string, string> = {
  "icann-suffix": "Public Suffix List, ICANN section",
  "private-suffix": "Public Suffix List, private section (run by its own registry)",
};

const dnssecText = (dnssec: boolean | null) => (dnssec === null ? "Unknown" : dnssec ? "Signed" : "Not signed");

export function RegistryInfoCard({ tld }: { tld: Tld }) {
  const facts = REGISTRY_FACTS[tld.name];
  const ianaType = IANA_TYPES[tld.ianaType] ?? tld.ianaType;
  const items: Array<[string, ReactNode]> = [
    ["Registry operator", tld.registryOperator ?? "Not listed"],
    // A second-level suffix has no IANA entry of its own; the type shown is its parent's.
    tld.parent ? [`IANA type of .${tld.parent.unicodeName ?? tld.parent.name}`, ianaType] : ["IANA type", ianaType],
    ["RDAP server", tld.rdapUrl ?? "None published"],
    ["DNSSEC", dnssecText(tld.dnssec)],
  ];
  if (tld.kind !== "tld") items.push(["Listed in", SUFFIX_SOURCES[tld.kind] ?? tld.kind]);
  if (tld.unicodeName) items.push(["Unicode form", `.${tld.unicodeName}`]);
  if (facts) {
    items.push(["Launched", String(facts.launchYear)], ["Purpose", facts.purpose], [
      "Official site",
      <Link key="site" href={facts.officialSite} target="_blank" rel="noopener noreferrer" color="blue.fg">
        {facts.officialSite.replace(/^https:\/\//, "")}
      </Link>,
    ]);
  }
  return (
    <SectionCard title="Registry Information">
      <FactList items={items} />
    </SectionCard>
  );
}
