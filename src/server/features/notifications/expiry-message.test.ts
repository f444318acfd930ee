import { describe, expect, it } from "vitest";
import type { ExpiringDomain } from "../../../../db/repositories/notification-repository.ts";
import type { RenewalQuote } from "../../../../db/repositories/user-domain-repository.ts";
import { expiryFacts, expiryText, expiryTitle } from "./expiry-message.ts";

const NOW = new Date("2026-06-01T00:00:00Z");
const DAY = 86_400_000;
const STALE_DAYS = 90;
const entry: ExpiringDomain = {
  id: 1, userId: 1, domainName: "held-example.com", tldId: 7, serviceProviderId: 1, providerName: "Alpha",
  expirationDate: "2026-07-01", autoRenew: true, autoRenewKnown: true,
};
const quote = (id: number, name: string, renewalPrice: number | null, age: number): RenewalQuote => {
  const checked = new Date(NOW.getTime() - age * DAY);
  return { tldId: 7, renewalPrice, currency: "USD", lastCheckedAt: checked, changedAt: checked, provider: { id, name, domain: `${name}.example`, isActive: true } };
};
const text = (quotes: RenewalQuote[]) => expiryText(expiryFacts(entry, 30, quotes, NOW, STALE_DAYS));

// The comparison itself is the portfolio's, proved case by case in src/shared/renewal-comparison.test.ts;
// these check what the reminder says about it.
describe("the expiry reminder's comparison follows the portfolio's rules", () => {
  it("names the cheapest fresh renewal elsewhere with the saving", () => {
    expect(text([quote(1, "Alpha", 1500, 5), quote(2, "Beta", 1000, 2), quote(3, "Gamma", 400, 120)]))
      .toContain("cheapest fresh renewal elsewhere $10.00 (price of 2026-05-30) at Beta, saving $5.00 a year.");
  });

  it("when no quote is fresh, names the stale cheapest as such, as the portfolio shows it", () => {
    expect(text([quote(1, "Alpha", 1500, 200), quote(2, "Beta", 1000, 100)]))
      .toContain("cheapest renewal elsewhere $10.00 (price of 2026-02-21, no fresher price known) at Beta, saving $5.00 a year.");
  });

  it("claims nothing from a stale cheaper quote against a fresh renewal at the own registrar", () => {
    expect(text([quote(1, "Alpha", 1500, 5), quote(2, "Beta", 1000, 100)])).toContain("no other registrar renews it for less.");
  });

  it("the own registrar cheapest, an equal price elsewhere: nothing to move to", () => {
    expect(text([quote(1, "Alpha", 1000, 5), quote(2, "Beta", 1000, 2)])).toContain("no other registrar renews it for less.");
  });
});

describe("the expiry reminder's auto-renew", () => {
  it("says unknown, never off, while nobody has said whether the domain renews automatically", () => {
    const unknown = expiryFacts({ ...entry, autoRenew: false, autoRenewKnown: false }, 30, [], NOW, STALE_DAYS);
    expect(unknown).toMatchObject({ autoRenew: false, autoRenewState: "unknown" });
    expect(expiryTitle(unknown)).toBe("held-example.com expires in 30 days (auto-renew unknown)");
    expect(expiryText(unknown)).toContain("auto-renew unknown:");
    const off = expiryFacts({ ...entry, autoRenew: false }, 30, [], NOW, STALE_DAYS);
    expect(expiryTitle(off)).toBe("held-example.com expires in 30 days (auto-renew off)");
    expect(expiryTitle(expiryFacts(entry, 30, [], NOW, STALE_DAYS))).toBe("held-example.com expires in 30 days (auto-renew on)");
  });
});
