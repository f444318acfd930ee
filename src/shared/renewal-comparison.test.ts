import { describe, expect, it } from "vitest";
import { cheapestElsewhere, rankRenewals, yearlySaving, type RenewalQuote } from "./renewal-comparison.ts";

const NOW = new Date("2026-06-01T00:00:00Z");
const STALE_DAYS = 90;
const DAY = 86_400_000;
const TLD = 7;

const PROVIDERS: Record<string, { id: number; isActive?: boolean }> = {
  Alpha: { id: 1 }, Beta: { id: 2 }, Gamma: { id: 3 }, Delta: { id: 4 }, Retired: { id: 5, isActive: false }, alpha: { id: 6 },
};

/** A quote at `provider` for TLD (unless given), checked `age` days before NOW. */
function quote(provider: string, renewalPrice: number | null, options: { currency?: string; age?: number; tldId?: number } = {}): RenewalQuote {
  const p = PROVIDERS[provider]!;
  const checked = new Date(NOW.getTime() - (options.age ?? 1) * DAY);
  return {
    tldId: options.tldId ?? TLD, renewalPrice, currency: options.currency ?? "USD", lastCheckedAt: checked, changedAt: checked,
    provider: { id: p.id, name: provider, domain: `${provider.toLowerCase()}.example`, isActive: p.isActive ?? true },
  };
}

const rank = (own: string | null, quotes: RenewalQuote[]) =>
  rankRenewals({ tldId: TLD, serviceProviderId: own === null ? null : PROVIDERS[own]!.id }, quotes, NOW, STALE_DAYS);

interface Case {
  name: string;
  own: string | null;
  quotes: RenewalQuote[];
  /** [provider, price, currency] of the current renewal, or null. */
  current: [string, number, string] | null;
  cheapest: [string, number, string] | null;
  saving: number | null;
  /**
   * What a notification names as the cheapest renewal elsewhere (cheapestElsewhere): the
   * provider and whether its quote is stale, or null.
   */
  elsewhere: [string, "fresh" | "stale"] | null;
}

const cases: Case[] = [
  {
    name: "the lowest fresh renewal elsewhere, and the saving against the own one",
    own: "Alpha", quotes: [quote("Alpha", 1500), quote("Beta", 1000), quote("Gamma", 1200)],
    current: ["Alpha", 1500, "USD"], cheapest: ["Beta", 1000, "USD"], saving: 500, elsewhere: ["Beta", "fresh"],
  },
  {
    name: "equal prices go to the provider whose name sorts first (code units: upper case first)",
    own: "Delta", quotes: [quote("Delta", 1500), quote("Gamma", 900), quote("Beta", 900), quote("alpha", 900)],
    current: ["Delta", 1500, "USD"], cheapest: ["Beta", 900, "USD"], saving: 600, elsewhere: ["Beta", "fresh"],
  },
  {
    name: "a cheaper stale quote ranks after every fresh one",
    own: "Alpha", quotes: [quote("Alpha", 1500), quote("Beta", 1200), quote("Gamma", 500, { age: 120 })],
    current: ["Alpha", 1500, "USD"], cheapest: ["Beta", 1200, "USD"], saving: 300, elsewhere: ["Beta", "fresh"],
  },
  {
    name: "a quote checked exactly the stale window ago is stale",
    own: "Alpha", quotes: [quote("Alpha", 1500), quote("Beta", 1200), quote("Gamma", 500, { age: STALE_DAYS })],
    current: ["Alpha", 1500, "USD"], cheapest: ["Beta", 1200, "USD"], saving: 300, elsewhere: ["Beta", "fresh"],
  },
  {
    name: "every quote stale: the lowest stale one, and its saving against a stale own quote",
    own: "Alpha", quotes: [quote("Alpha", 1500, { age: 200 }), quote("Beta", 1200, { age: 100 }), quote("Gamma", 1000, { age: 150 })],
    current: ["Alpha", 1500, "USD"], cheapest: ["Gamma", 1000, "USD"], saving: 500, elsewhere: ["Gamma", "stale"],
  },
  {
    name: "the own quote fresh and the only one: it is the cheapest, no saving",
    own: "Alpha", quotes: [quote("Alpha", 1500), quote("Beta", 900, { age: 100 })],
    current: ["Alpha", 1500, "USD"], cheapest: ["Alpha", 1500, "USD"], saving: null, elsewhere: null,
  },
  {
    name: "the own registrar is the cheapest: no saving",
    own: "Beta", quotes: [quote("Alpha", 1500), quote("Beta", 1000), quote("Gamma", 1200)],
    current: ["Beta", 1000, "USD"], cheapest: ["Beta", 1000, "USD"], saving: null, elsewhere: null,
  },
  {
    name: "a stale cheapest makes no claim against a fresh own quote (own fresh, others stale and cheaper)",
    own: "Alpha", quotes: [quote("Alpha", 1500, { age: 10 }), quote("Beta", 900, { age: 100 })],
    current: ["Alpha", 1500, "USD"], cheapest: ["Alpha", 1500, "USD"], saving: null, elsewhere: null,
  },
  {
    name: "the own provider quotes no renewal: no current price, the cheapest USD one is still shown",
    own: "Alpha", quotes: [quote("Alpha", null), quote("Beta", 1000), quote("Gamma", 800, { currency: "EUR" })],
    current: null, cheapest: ["Beta", 1000, "USD"], saving: null, elsewhere: ["Beta", "fresh"],
  },
  {
    name: "the own provider quotes no renewal and every other quote is stale: the stale cheapest is named, marked",
    own: "Alpha", quotes: [quote("Alpha", null), quote("Beta", 1000, { age: 100 }), quote("Gamma", 1200, { age: 95 })],
    current: null, cheapest: ["Beta", 1000, "USD"], saving: null, elsewhere: ["Beta", "stale"],
  },
  {
    name: "a zero renewal price counts as none",
    own: "Alpha", quotes: [quote("Alpha", 0), quote("Beta", 0), quote("Gamma", 1100)],
    current: null, cheapest: ["Gamma", 1100, "USD"], saving: null, elsewhere: ["Gamma", "fresh"],
  },
  {
    name: "the cheapest is looked for in the own quote's currency only",
    own: "Alpha", quotes: [quote("Alpha", 2000, { currency: "EUR" }), quote("Beta", 100), quote("Gamma", 1800, { currency: "EUR" })],
    current: ["Alpha", 2000, "EUR"], cheapest: ["Gamma", 1800, "EUR"], saving: 200, elsewhere: ["Gamma", "fresh"],
  },
  {
    name: "no provider given: the cheapest USD renewal, no current price",
    own: null, quotes: [quote("Beta", 1000), quote("Gamma", 700, { currency: "EUR" }), quote("Delta", 1300)],
    current: null, cheapest: ["Beta", 1000, "USD"], saving: null, elsewhere: ["Beta", "fresh"],
  },
  {
    name: "an inactive provider's quote counts neither as own nor as cheapest",
    own: "Retired", quotes: [quote("Retired", 500), quote("Beta", 1000)],
    current: null, cheapest: ["Beta", 1000, "USD"], saving: null, elsewhere: ["Beta", "fresh"],
  },
  {
    name: "quotes of other TLDs are passed over",
    own: "Alpha", quotes: [quote("Alpha", 1500), quote("Beta", 100, { tldId: TLD + 1 }), quote("Gamma", 1400)],
    current: ["Alpha", 1500, "USD"], cheapest: ["Gamma", 1400, "USD"], saving: 100, elsewhere: ["Gamma", "fresh"],
  },
  {
    name: "no quote at all",
    own: "Alpha", quotes: [],
    current: null, cheapest: null, saving: null, elsewhere: null,
  },
];

describe("the renewal comparison: rankRenewals, yearlySaving, cheapestElsewhere", () => {
  it.each(cases)("$name", ({ own, quotes, current, cheapest, saving, elsewhere }) => {
    const pricing = rank(own, quotes);
    const checkedOf = (provider: string, price: number) => quotes.find((q) => q.provider.name === provider && q.renewalPrice === price)!.lastCheckedAt;
    expect(pricing.currentRenewal).toEqual(current && {
      price: current[1], currency: current[2], lastCheckedAt: checkedOf(current[0], current[1]), changedAt: checkedOf(current[0], current[1]),
    });
    expect(pricing.cheapestRenewal).toEqual(cheapest && {
      price: cheapest[1], currency: cheapest[2], lastCheckedAt: checkedOf(cheapest[0], cheapest[1]), changedAt: checkedOf(cheapest[0], cheapest[1]),
      serviceProvider: { id: PROVIDERS[cheapest[0]]!.id, name: cheapest[0], domain: `${cheapest[0].toLowerCase()}.example` },
    });
    expect(yearlySaving(pricing, NOW, STALE_DAYS)).toBe(saving);
    const named = cheapestElsewhere(pricing, NOW, STALE_DAYS);
    expect(named && [named.renewal.serviceProvider.name, named.stale ? "stale" : "fresh"]).toEqual(elsewhere);
    if (named) expect(named.saving).toBe(saving);
  });

  it("a cheaper quote in another currency makes no saving", () => {
    const pricing = {
      currentRenewal: { price: 1500, currency: "USD", lastCheckedAt: NOW, changedAt: NOW },
      cheapestRenewal: { price: 900, currency: "EUR", lastCheckedAt: NOW, changedAt: NOW, serviceProvider: { id: 2, name: "Beta", domain: "beta.example" } },
    };
    expect(yearlySaving(pricing, NOW, STALE_DAYS)).toBeNull();
  });

  it("equal name and price fall back to the lower provider id, whatever order the quotes come in", () => {
    const twin = (id: number): RenewalQuote => ({ ...quote("Beta", 900), provider: { id, name: "Twin", domain: `twin${id}.example`, isActive: true } });
    expect(rank(null, [twin(9), twin(3), twin(5)]).cheapestRenewal?.serviceProvider.id).toBe(3);
    expect(rank(null, [twin(3), twin(9), twin(5)]).cheapestRenewal?.serviceProvider.id).toBe(3);
  });
});
