/** Spec document 2, section 4: the four component values; anything else reads "Unknown". */
const LABELS: Record<string, { label: string; palette: "green" | "blue" | "orange" | "red" }> = {
  operational: { label: "Operational", palette: "green" },
  maintenance: { label: "Maintenance", palette: "blue" },
  degraded: { label: "Degraded", palette: "orange" },
  outage: { label: "Outage", palette: "red" },
};

export function statusLabel(status: string): { label: string; palette: "green" | "blue" | "orange" | "red" | "gray" } {
  return LABELS[status] ?? { label: "Unknown", palette: "gray" };
}

export const bannerTitle = (overall: string) => (overall === "operational" ? "All Systems Operational" : "All Systems Experiencing Issues");
