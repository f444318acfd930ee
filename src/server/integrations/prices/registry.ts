/**
 * The price sources the engine can run: one live adapter per registrar price API, keyed by
 * the service provider's key, and the bundled lists as the offline source of any provider.
 */
import type { Config } from "../../config.ts";
import type { HttpOptions } from "../http.ts";
import { bundledSource } from "./bundled.ts";
import { dynadotSource } from "./dynadot.ts";
import { namecheapSource } from "./namecheap.ts";
import { nameSiloSource } from "./namesilo.ts";
import { porkbunSource } from "./porkbun.ts";
import type { PriceSource } from "./source.ts";

/** Every live adapter, configured or not: missingConfiguration() says which can run. */
export function createPriceSources(config: Config, http?: HttpOptions): Map<string, PriceSource> {
  const sources = [porkbunSource(config, http), namecheapSource(config, http), dynadotSource(config, http), nameSiloSource(config, http)];
  return new Map(sources.map((source) => [source.providerKey, source]));
}

/** The provider's newest bundled list, or null when none ships with the product. */
export function bundledPriceSource(providerKey: string): PriceSource | null {
  return bundledSource(providerKey);
}
