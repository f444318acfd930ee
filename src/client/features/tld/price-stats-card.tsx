import { Skeleton, Text } from "@chakra-ui/react";
import { formatPrice } from "../../../shared/price-format.ts";
import { FactList, SectionCard } from "../../components/section-card.tsx";
import { summariseRegistration, type PricedRow } from "../../lib/price-summary.ts";

interface PriceStatsCardProps {
  quotes: readonly PricedRow[] | undefined;
  status: "pending" | "error" | "success";
}

/** Lowest/highest/average registration; across mixed currencies only the currencies and count. */
export function PriceStatsCard({ quotes, status }: PriceStatsCardProps) {
  const summary = quotes ? summariseRegistration(quotes) : undefined;
  const items: Array<[string, string]> = [];
  if (summary?.kind === "single") {
    items.push(
      ["Lowest registration", formatPrice(summary.lowest, summary.currency)],
      ["Highest registration", formatPrice(summary.highest, summary.currency)],
      ["Average registration", formatPrice(summary.average, summary.currency)],
    );
  } else if (summary?.kind === "mixed") {
    items.push(["Currencies", summary.currencies.join(", ")]);
  }
  if (quotes) items.push(["Providers", String(quotes.length)]);
  return (
    <SectionCard title="Price Statistics">
      {status === "pending" && <Skeleton h="24" />}
      {status === "error" && <Text color="fg.error">Failed to load pricing data. Please try again later.</Text>}
      {status === "success" && <FactList items={items} numeric />}
      {summary?.kind === "mixed" && (
        <Text fontSize="sm" color="fg.muted" mt="3">
          Providers quote this TLD in different currencies, so prices are not compared here.
        </Text>
      )}
    </SectionCard>
  );
}
