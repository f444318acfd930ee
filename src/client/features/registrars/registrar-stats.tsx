import { SimpleGrid, Skeleton, Stat } from "@chakra-ui/react";
import { summaryTexts, type RegistrationSummary } from "../../lib/price-summary.ts";
import { formatCount } from "../../lib/text-format.ts";

interface RegistrarStatsProps {
  /**
   * How many TLDs the registrar prices, the summary of all of them and when the most recently
   * confirmed one was checked (the server computes them).
   */
  summary: { total: number; registration: RegistrationSummary; lastCheckedAt?: string | null } | undefined;
  status: "pending" | "error" | "success";
}

/** A day as the same words on the server and in the browser, whatever either's time zone. */
const DAY = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/**
 * Spec section 2's cards: what it sells, its price range and average, and when its prices were
 * last checked; an unloadable price list reads as "no data", not as zero TLDs.
 */
export function RegistrarStats({ summary, status }: RegistrarStatsProps) {
  const texts = summary ? summaryTexts(summary.registration) : { range: "N/A", average: "N/A" };
  const checked = summary?.lastCheckedAt ? DAY.format(new Date(summary.lastCheckedAt)) : summary ? "Never" : "N/A";
  const cards: Array<[string, string]> = [
    ["TLDs Offered", summary ? formatCount(summary.total) : "N/A"],
    ["Price Range", texts.range],
    ["Average Price", texts.average],
    ["Prices Checked", checked],
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
