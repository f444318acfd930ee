import { Link as ChakraLink, Text, Wrap } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { SectionCard } from "../../components/section-card.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";

type Tld = RouterOutputs["catalogue"]["tld"];
type TldRef = NonNullable<Tld["parent"]>;

const shown = (ref: TldRef) => `.${ref.unicodeName ?? ref.name}`;

/** A second-level suffix's line under the heading: which TLD it belongs to, linked. */
export function ParentTldLine({ parent }: { parent: TldRef }) {
  return (
    <Text color="fg.muted">
      Second-level domain under{" "}
      <ChakraLink asChild color="blue.fg">
        <Link to="/tld/$tldId" params={{ tldId: parent.name }}>
          {shown(parent)}
        </Link>
      </ChakraLink>
    </Text>
  );
}

/** On a TLD's page, the second-level suffixes sold under it (co.uk, org.uk on .uk's page). */
export function SecondLevelSection({ tld }: { tld: Tld }) {
  if (tld.secondLevel.length === 0) return null;
  return (
    <SectionCard title={`Second-level domains under ${shown(tld)}`} gap="3">
      <Text color="fg.muted">Registrable names below {shown(tld)} that registrars sell, each with its own prices.</Text>
      <Wrap gap="3">
        {tld.secondLevel.map((ref) => (
          <ChakraLink key={ref.id} asChild color="blue.fg">
            <Link to="/tld/$tldId" params={{ tldId: ref.name }}>
              {shown(ref)}
            </Link>
          </ChakraLink>
        ))}
      </Wrap>
    </SectionCard>
  );
}
