import { SimpleGrid, Skeleton, Stat } from "@chakra-ui/react";
import { summariseRegistration, summaryTexts, type PricedRow } from "../../lib/price-summary.ts";

interface RegistrarStatsProps {
  rows: readonly PricedRow[] | undefined;
  status: "pending" | "error" | "success";
}

/** Spec section 2's four cards; an unloadable price list reads as "no data", not as zero TLDs. */
export function RegistrarStats({ rows, status }: RegistrarStatsProps) {
  const texts = rows ? summaryTexts(summariseRegistration(rows)) : { range: "N/A", average: "N/A" };
  const cards: Array<[string, string]> = [
    ["TLDs Offered", rows ? String(rows.length) : "N/A"],
    ["Price Range", texts.range],
    ["Average Price", texts.average],
    ["Data Available", rows && rows.length > 0 ? "Yes" : "No"],
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
