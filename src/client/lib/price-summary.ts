import { formatPrice } from "../../shared/price-format.ts";
import type { RegistrationSummary } from "../../shared/registration-summary.ts";

export { summariseRegistration, type PricedRow, type RegistrationSummary } from "../../shared/registration-summary.ts";

/** "Price Range" and "Average Price" cards: 'Mixed' across currencies, 'N/A' with no prices. */
export function summaryTexts(summary: RegistrationSummary): { range: string; average: string } {
  if (summary.kind === "mixed") return { range: "Mixed", average: "Mixed" };
  if (summary.kind === "none") return { range: "N/A", average: "N/A" };
  const { currency } = summary;
  return {
    range: `${formatPrice(summary.lowest, currency)} - ${formatPrice(summary.highest, currency)}`,
    average: formatPrice(summary.average, currency),
  };
}
