import { SimpleGrid, Skeleton, Stat } from "@chakra-ui/react";
import { summaryTexts, type RegistrationSummary } from "../../lib/price-summary.ts";
import { formatCount } from "../../lib/text-format.ts";

interface RegistrarStatsProps {
  /** How many TLDs the registrar prices and the summary of all of them (the server computes it). */
  summary: { total: number; registration: RegistrationSummary } | undefined;
  status: "pending" | "error" | "success";
}

/** Spec section 2's four cards; an unloadable price list reads as "no data", not as zero TLDs. */
export function RegistrarStats({ summary, status }: RegistrarStatsProps) {
  const texts = summary ? summaryTexts(summary.registration) : { range: "N/A", average: "N/A" };
  const cards: Array<[string, string]> = [
    ["TLDs Offered", summary ? formatCount(summary.total) : "N/A"],
    ["Price Range", texts.range],
    ["Average Price", texts.average],
    ["Data Available", summary && summary.total > 0 ? "Yes" : "No"],
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="4" mb="8">
      {cards.map(([label, value]) => (
        <Stat.Root key={label} borderWidth="1px" rounded="lg" p="4">
          <Stat.Label>{label}</Stat.Label>
          {status === "pending" ? (
            <Skeleton h="8" w="24" />
          ) : (
            <Stat.ValueText fontSize={{ base: "lg", md: "2xl" }} fontVariantNumeric="tabular-nums">
              {value}
            </Stat.ValueText>
          )}
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
