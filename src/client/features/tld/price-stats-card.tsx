import { Skeleton, Text } from "@chakra-ui/react";
import { formatPrice } from "../../../shared/price-format.ts";
import { StaleBadge, useStaleExplanation } from "../../components/price-freshness.tsx";
import { FactList, SectionCard } from "../../components/section-card.tsx";
import type { RouterOutputs } from "../../lib/trpc.ts";

interface PriceStatsCardProps {
  stats: RouterOutputs["prices"]["statsByTld"] | undefined;
  status: "pending" | "error" | "success";
}

/**
 * Lowest/highest/average registration in the display currency, as the server worked them out
 * (fresh quotes preferred, see prices/registration-stats.ts); only when a quote's currency has
 * no rate, the list of currencies and the count instead.
 */
export function PriceStatsCard({ stats, status }: PriceStatsCardProps) {
  const explanation = useStaleExplanation();
  const summary = stats?.summary;
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
  if (stats) items.push(["Providers", String(stats.providers)]);
  return (
    <SectionCard title="Price Statistics">
      {status === "pending" && <Skeleton h="24" />}
      {status === "error" && <Text color="fg.error">Failed to load pricing data. Please try again later.</Text>}
      {status === "success" && <FactList items={items} numeric />}
      {status === "success" && summary?.kind === "single" && stats?.basis === "stale" && (
        <p className="app-card-note">
          <StaleBadge explanation={explanation} /> Every quote for this TLD is stale.
        </p>
      )}
      {status === "success" && summary?.kind === "single" && stats?.basis === "fresh-only" && (
        <p className="app-card-note">
          From fresh quotes only; stale ones are left out.
        </p>
      )}
      {summary?.kind === "mixed" && (
        <p className="app-card-note">
          Some quotes are in a currency with no stored exchange rate, so prices are not compared here.
        </p>
      )}
    </SectionCard>
  );
}
