/**
 * How a provider's prices can be had, as the price engine chooses its source
 * (features/price-engine/sources.ts): read the same way by the admin area, the alert rules and
 * the public status page, so none of them calls a provider failing that has nothing to fetch.
 *
 * - "live": a live source that can run (its keys, if any, are set);
 * - "key-missing": a live source that needs a key nobody set: not fetched, not failing;
 * - "bundled-only": no live source; its prices are the list bundled with the product;
 * - "none": neither: no prices come from anywhere.
 */
export type SourceSetup = "live" | "key-missing" | "bundled-only" | "none";

/** The part of the price engine's sources this reads (structurally its PriceSources). */
export interface SourceSetupInput {
  live: ReadonlyMap<string, { missingConfiguration(): string | null }>;
  bundled(providerKey: string): unknown;
}

export interface ProviderSourceSetup {
  setup: SourceSetup;
  /** For "key-missing": what is missing, in the source's words ("DYNADOT_API_KEY is not set"). */
  missing: string | null;
  /** Whether a bundled list ships for the provider (its prices when nothing live runs). */
  hasBundledList: boolean;
}

export function providerSourceSetup(sources: SourceSetupInput, providerKey: string): ProviderSourceSetup {
  const hasBundledList = sources.bundled(providerKey) != null;
  const live = sources.live.get(providerKey);
  if (live) {
    const missing = live.missingConfiguration();
    return missing ? { setup: "key-missing", missing, hasBundledList } : { setup: "live", missing: null, hasBundledList };
  }
  return { setup: hasBundledList ? "bundled-only" : "none", missing: null, hasBundledList };
}

/** Whether the engine can fetch the provider's prices live now. */
export const canFetchLive = (sources: SourceSetupInput, providerKey: string): boolean =>
  providerSourceSetup(sources, providerKey).setup === "live";
