/**
 * Spec document 2, section 4: the four component values; anything else reads "Unknown". A price
 * source never fetched live is neutral, "Not yet fetched" (docs/decisions/029), and so is one this
 * site has no live source for, "Not configured" (decision 046).
 */
const LABELS: Record<string, { label: string; palette: "green" | "blue" | "orange" | "red" | "gray" }> = {
  operational: { label: "Operational", palette: "green" },
  maintenance: { label: "Maintenance", palette: "blue" },
  degraded: { label: "Degraded", palette: "orange" },
  outage: { label: "Outage", palette: "red" },
  "not-fetched": { label: "Not yet fetched", palette: "gray" },
  "not-configured": { label: "Not configured", palette: "gray" },
};

export function statusLabel(status: string): { label: string; palette: "green" | "blue" | "orange" | "red" | "gray" } {
  return LABELS[status] ?? { label: "Unknown", palette: "gray" };
}

/**
 * The specification's two titles, and a third where they would mislead: when the web server, the
 * database and the queue are all operational and only price sources are behind, the site works
 * and says which part does not (decision 046).
 */
export function bannerTitle(overall: string, components: ReadonlyArray<{ group: string; status: string }> = []): string {
  if (overall === "operational") return "All Systems Operational";
  const platformFine = components.some((c) => c.group === "platform") && components.filter((c) => c.group === "platform").every((c) => c.status === "operational");
  return platformFine ? "Site Operational: Some Price Sources Are Not Updating" : "All Systems Experiencing Issues";
}
