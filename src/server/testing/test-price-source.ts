/**
 * PriceSource objects for tests: answer a given list, throw, or wait until released, and
 * honour the AbortSignal the way a real adapter's fetch() does.
 */
import type { PriceQuote } from "../integrations/prices/types.ts";
import { PriceSourceError, type FetchOptions, type PriceList, type PriceSource } from "../integrations/prices/source.ts";

export const usd = (tld: string, registration: number | null, renewal: number | null = registration, transfer: number | null = renewal): PriceQuote => ({
  tld, registration, renewal, transfer, currency: "USD", isPromo: false, regularRegistration: null,
});

export function testPriceSource(
  providerKey: string,
  answer: (options: FetchOptions) => Promise<Omit<PriceList, "providerKey">>,
  missingConfiguration: string | null = null,
): PriceSource & { calls: number } {
  const source = {
    providerKey,
    calls: 0,
    missingConfiguration: () => missingConfiguration,
    async fetchPrices(options: FetchOptions = {}): Promise<PriceList> {
      source.calls++;
      return { providerKey, ...(await answer(options)) };
    },
  };
  return source;
}

/** A source whose answer waits for release(); aborting its signal rejects it as a real fetch would. */
export function blockingPriceSource(providerKey: string, list: Omit<PriceList, "providerKey">) {
  let release!: () => void;
  let started!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const running = new Promise<void>((resolve) => (started = resolve));
  const source = testPriceSource(providerKey, async ({ signal }) => {
    started();
    await new Promise<void>((resolve, reject) => {
      signal?.addEventListener("abort", () => reject(new PriceSourceError("cancelled", "The request was aborted")), { once: true });
      void gate.then(resolve);
    });
    return list;
  });
  return { source, release, running };
}
