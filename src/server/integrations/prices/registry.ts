/**
 * The price sources the engine can run: one live adapter per registrar price list, keyed by
 * the service provider's key, and the bundled lists as the offline source of any provider.
 * Porkbun, Openprovider and Hover publish their lists without a key; Namecheap too, and its
 * keyed API takes over once its keys are set (docs/decisions/028).
 */
import type { Config } from "../../config.ts";
import type { HttpOptions } from "../http.ts";
import { bundledSource } from "./bundled.ts";
import { dnsimpleSource } from "./dnsimple.ts";
import { dynadotSource } from "./dynadot.ts";
import { gandiSource } from "./gandi.ts";
import { hoverSource } from "./hover.ts";
import { nameComSource } from "./namecom.ts";
import { internetBsSource } from "./internetbs.ts";
import { namecheapPublicSource } from "./namecheap-public.ts";
import { namecheapSource } from "./namecheap.ts";
import { nameSiloSource } from "./namesilo.ts";
import { openproviderSource } from "./openprovider.ts";
import { porkbunSource } from "./porkbun.ts";
import { resellerClubSource } from "./resellerclub.ts";
import { route53Source } from "./route53.ts";
import type { PriceSource } from "./source.ts";

const NAMECHEAP_API_KEYS = ["NAMECHEAP_API_USER", "NAMECHEAP_API_KEY", "NAMECHEAP_CLIENT_IP"] as const;

/**
 * Namecheap's API when any of its keys is set, its public list when none is. Some keys but not
 * all is taken as an API set up halfway: the source is skipped and says which keys are missing,
 * rather than quietly reading the public list instead.
 */
function namecheap(config: Config, http?: HttpOptions): PriceSource {
  if (!NAMECHEAP_API_KEYS.some((key) => config[key])) return namecheapPublicSource(config, http);
  const api = namecheapSource(config, http);
  return {
    ...api,
    missingConfiguration: () => {
      const missing = api.missingConfiguration();
      return missing && `${missing} (unset NAMECHEAP_API_USER, NAMECHEAP_API_KEY and NAMECHEAP_CLIENT_IP to read Namecheap's public price list instead)`;
    },
  };
}

/** Every live adapter, configured or not: missingConfiguration() says which can run. */
export function createPriceSources(config: Config, http?: HttpOptions): Map<string, PriceSource> {
  const sources = [
    porkbunSource(config, http), openproviderSource(config, http), hoverSource(config, http), namecheap(config, http),
    dynadotSource(config, http), nameSiloSource(config, http), internetBsSource(config, http), gandiSource(config, http),
    dnsimpleSource(config, http), nameComSource(config, http), resellerClubSource(config, http),
    route53Source(config, http),
  ];
  return new Map(sources.map((source) => [source.providerKey, source]));
}

/** The provider's newest bundled list, or null when none ships with the product. */
export function bundledPriceSource(providerKey: string): PriceSource | null {
  return bundledSource(providerKey);
}
