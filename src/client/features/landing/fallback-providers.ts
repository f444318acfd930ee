/**
 * Spec section 2: when the provider call fails or returns nothing, the landing grid still shows
 * who we search: the registrars whose price lists ship with the product (no logos: they render
 * as letter tiles).
 */
import { BUNDLED_PRICE_LIST_REGISTRARS } from "../../../shared/priced-registrars.ts";

export interface GridProvider {
  id: number | string;
  name: string;
  domain: string;
  logoUrl?: string | null;
}

export const FALLBACK_PROVIDERS: readonly GridProvider[] = BUNDLED_PRICE_LIST_REGISTRARS;
