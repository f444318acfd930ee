import { describe, expect, it } from "vitest";
import { createDisplayConverter, type DisplayRate } from "../../../shared/display-converter.ts";
import type { Renewal } from "../../../shared/renewal-comparison.ts";
import { PortfolioMoney, portfolioTotals, type TotalsEntry } from "./money.ts";

const NOW = new Date("2026-12-20T10:00:00Z");
const quote = (price: number, currency = "USD"): Renewal =>
  ({ price, currency, lastCheckedAt: new Date("2026-12-01T00:00:00Z"), changedAt: new Date("2026-01-01T00:00:00Z") });
const entry = (expirationDate: string | null, autoRenew: boolean | null, price: number | null, departed = false): TotalsEntry =>
  ({ expirationDate, autoRenew, departed, currentRenewal: price === null ? null : quote(price), cheapestRenewal: null });
const usd = () => createDisplayConverter("USD", new Map<string, DisplayRate | null>());

describe("the two spans and the sentence that reconciles them", () => {
  it("adds a year of every priced domain up to the months' sums and what the others cost", () => {
    const totals = portfolioTotals([
      entry("2027-01-10", true, 1000), // due, renews: across the year's end
      entry("2027-11-30", null, 2500), // due on the twelfth month's last day, if it renews
      entry("2027-12-01", true, 400), // after the twelfth month
      entry("2027-02-01", false, 300), // due, auto-renew off
      entry("2027-03-01", true, 700, true), // due, gone from its account
      entry(null, true, 100), // undated
      entry("2027-04-01", true, null), // no price
    ], new PortfolioMoney(usd(), NOW, 90));
    expect(totals.yearOfEveryDomain).toMatchObject({ domains: 7, amount: "50.00", domainsWithoutPrice: 1 });
    expect(totals.next12Months).toMatchObject({
      from: "2026-12-20", until: "2027-11-30", renewsAutomatically: { domains: 1, amount: "10.00" }, ifItRenews: { domains: 1, amount: "25.00" },
    });
    expect(totals.notRenewingInTheMonths).toEqual({
      notDue: { domains: 2, amount: "5.00" }, autoRenewOff: { domains: 1, amount: "3.00" }, departed: { domains: 1, amount: "7.00" },
    });
    expect(totals.reconciliation).toBe(
      "The yearly cost, $50.00, is one year's renewal of each of the 6 domains with a price, whenever it falls due; "
      + "the next 12 months (Dec 20, 2026 to Nov 30, 2027) count only the renewals due in them: $10.00 for the 1 domain that renews automatically "
      + "and $25.00 if the 1 domain whose auto-renew is unknown renews. The other $15.00 is 4 domains that will not renew in those months: "
      + "2 due after Nov 30, 2027, already expired or without an expiry date ($5.00), 1 with auto-renew off ($3.00), "
      + "1 no longer in its registrar account ($7.00). 1 domain has no renewal price in USD and is in neither total.",
    );
  });
});
