/**
 * Which source fetches a provider: its live adapter when there is one, else its bundled
 * price list. At boot the live map comes from the price-source registry (one adapter per
 * registrar API) and `bundled` reads the price lists shipped with the product.
 */
import type { PriceSource } from "../../integrations/prices/source.ts";

export interface PriceSources {
  live: ReadonlyMap<string, PriceSource>;
  bundled(providerKey: string): PriceSource | null;
}

/** No adapters: every fetch reports that no source is available (tests and API-only apps). */
export const NO_PRICE_SOURCES: PriceSources = { live: new Map(), bundled: () => null };

export type SourceChoice =
  | { kind: "live" | "bundled"; source: PriceSource }
  | { kind: "unavailable"; reason: string };

export function chooseSource(sources: PriceSources, providerKey: string, providerName: string, want: "auto" | "bundled"): SourceChoice {
  const live = want === "auto" ? sources.live.get(providerKey) : undefined;
  if (live) {
    // A live adapter without its key is not fetched rather than silently replaced by an older list.
    const missing = live.missingConfiguration();
    return missing ? { kind: "unavailable", reason: `${providerName} is not configured: ${missing}` } : { kind: "live", source: live };
  }
  const bundled = sources.bundled(providerKey);
  if (bundled) return { kind: "bundled", source: bundled };
  return {
    kind: "unavailable",
    reason: want === "bundled" ? `${providerName} has no bundled price list` : `No price source is available for ${providerName}`,
  };
}
