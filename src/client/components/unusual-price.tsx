/**
 * The price checks' word on a quote or a lowest price (decision 059): "Unusual" and why, in
 * text a reader sees and a screen reader reads, never a mark alone.
 */
export function UnusualNote({ reason }: { reason: string | null }) {
  return (
    <span className="sub" data-unusual="">
      <span className="app-badge" data-palette="orange">Unusual</span> {reason ?? "The price checks find this price unusual."}
    </span>
  );
}
