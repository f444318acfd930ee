import { Skeleton, Text } from "@chakra-ui/react";
import { formatPrice } from "../../../shared/price-format.ts";
import { StaleBadge, useStaleExplanation } from "../../components/price-freshness.tsx";
import { FactList, SectionCard } from "../../components/section-card.tsx";
import { summariseRegistration, type PricedRow } from "../../lib/price-summary.ts";

interface PriceStatsCardProps {
  quotes: readonly (PricedRow & { isStale: boolean })[] | undefined;
  status: "pending" | "error" | "success";
}

/**
 * Lowest/highest/average registration in the display currency (the server converts each quote);
 * only when a quote's currency has no rate, the list of currencies and the count instead.
 * Stale quotes make no "lowest" claim while a fresh one exists: the figures come from fresh
 * quotes, or from stale ones (and say so) when none is fresh.
 */
export function PriceStatsCard({ quotes, status }: PriceStatsCardProps) {
  const explanation = useStaleExplanation();
  const fresh = quotes?.filter((q) => !q.isStale && q.registrationPrice);
  const fromStale = Boolean(quotes && fresh && fresh.length === 0 && quotes.length > 0);
  const summary = quotes ? summariseRegistration(fresh && fresh.length > 0 ? fresh : quotes) : undefined;
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
      {status === "success" && summary?.kind === "single" && fromStale && (
        <Text fontSize="sm" color="fg.muted" mt="3">
          <StaleBadge explanation={explanation} /> Every quote for this TLD is stale.
        </Text>
      )}
      {status === "success" && summary?.kind === "single" && !fromStale && fresh && quotes && fresh.length < quotes.length && (
        <Text fontSize="sm" color="fg.muted" mt="3">
          From fresh quotes only; stale ones are left out.
        </Text>
      )}
      {summary?.kind === "mixed" && (
        <Text fontSize="sm" color="fg.muted" mt="3">
          Some quotes are in a currency with no stored exchange rate, so prices are not compared here.
        </Text>
      )}
    </SectionCard>
  );
}
