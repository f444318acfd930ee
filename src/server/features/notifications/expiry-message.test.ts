import { describe, expect, it } from "vitest";
import type { ExpiringDomain } from "../../../../db/repositories/notification-repository.ts";
import type { RenewalQuote } from "../../../../db/repositories/user-domain-repository.ts";
import { createDisplayConverter } from "../../../shared/display-converter.ts";
import { PortfolioMoney } from "../../domain/portfolio-money.ts";
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
/** The portfolio's money in `currency` (USD: no conversion), with a EUR rate pair of 2026-05-29 when asked for. */
const moneyIn = (currency = "USD") => new PortfolioMoney(
  createDisplayConverter(currency, new Map(currency === "EUR" ? [["USD", { fromPerEur: 1.25, toPerEur: 1, rateDate: "2026-05-29" }]] : [])), NOW, STALE_DAYS,
);
const text = (quotes: RenewalQuote[]) => expiryText(expiryFacts(entry, 30, quotes, moneyIn()));

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
    const unknown = expiryFacts({ ...entry, autoRenew: false, autoRenewKnown: false }, 30, [], moneyIn());
    expect(unknown).toMatchObject({ autoRenew: false, autoRenewState: "unknown" });
    expect(expiryTitle(unknown)).toBe("held-example.com expires in 30 days (auto-renew unknown)");
    expect(expiryText(unknown)).toContain("auto-renew unknown:");
    const off = expiryFacts({ ...entry, autoRenew: false }, 30, [], moneyIn());
    expect(expiryTitle(off)).toBe("held-example.com expires in 30 days (auto-renew off)");
    expect(expiryTitle(expiryFacts(entry, 30, [], moneyIn()))).toBe("held-example.com expires in 30 days (auto-renew on)");
  });
});

describe("the expiry reminder's money is the portfolio's", () => {
  const quotes = [quote(1, "Alpha", 1599, 5), quote(2, "Beta", 1049, 2)];

  it("names the renewal at the registrar that holds it in the display currency, with its date, its source and the quote it was converted from", () => {
    const facts = expiryFacts(entry, 30, quotes, moneyIn("EUR"));
    expect(facts.renewal).toMatchObject({ amount: "12.79", currency: "EUR", converted: true, rateDate: "2026-05-29", date: "2026-05-27", quote: { amount: "15.99", currency: "USD" }, source: "Alpha" });
    expect(expiryText(facts)).toContain("auto-renew on: renews at €12.79 (price of 2026-05-27, converted from $15.99 at the ECB rate of 2026-05-29) at Alpha;");
    // The saving is the difference of the two amounts shown: €12.79 − €8.39.
    expect(expiryText(facts)).toContain("cheapest fresh renewal elsewhere €8.39 (price of 2026-05-30, converted from $10.49 at the ECB rate of 2026-05-29) at Beta, saving €4.40 a year.");
  });

  it("says unknown auto-renew as unknown with the amount if it renews, and off as not renewing by itself", () => {
    const unknown = expiryText(expiryFacts({ ...entry, autoRenew: false, autoRenewKnown: false }, 30, quotes, moneyIn()));
    expect(unknown).toContain("auto-renew unknown: nobody has said whether it renews automatically; if it renews, it renews at $15.99 (price of 2026-05-27) at Alpha;");
    expect(unknown).not.toContain("off");
    expect(expiryText(expiryFacts({ ...entry, autoRenew: false }, 30, quotes, moneyIn())))
      .toContain("auto-renew off: it will not renew by itself; renewing costs $15.99 (price of 2026-05-27) at Alpha;");
  });

  it("names a quote no stored rate converts in its own currency", () => {
    const facts = expiryFacts(entry, 30, quotes, moneyIn("GBP"));
    expect(facts.renewal).toMatchObject({ amount: "15.99", currency: "USD", converted: false, rateDate: null });
    expect(expiryText(facts)).toContain("renews at $15.99 (price of 2026-05-27) at Alpha;");
  });
});
