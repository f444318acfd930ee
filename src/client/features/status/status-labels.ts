/**
 * Spec document 2, section 4: the four component values; anything else reads "Unknown". A price
 * source never fetched live is neutral, "Not yet fetched" (docs/decisions/029).
 */
const LABELS: Record<string, { label: string; palette: "green" | "blue" | "orange" | "red" | "gray" }> = {
  operational: { label: "Operational", palette: "green" },
  maintenance: { label: "Maintenance", palette: "blue" },
  degraded: { label: "Degraded", palette: "orange" },
  outage: { label: "Outage", palette: "red" },
  "not-fetched": { label: "Not yet fetched", palette: "gray" },
};

export function statusLabel(status: string): { label: string; palette: "green" | "blue" | "orange" | "red" | "gray" } {
  return LABELS[status] ?? { label: "Unknown", palette: "gray" };
}

export const bannerTitle = (overall: string) => (overall === "operational" ? "All Systems Operational" : "All Systems Experiencing Issues");
