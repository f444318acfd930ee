import { describe, expect, it } from "vitest";
import type { HeldDomain } from "../../../../db/repositories/renewal-alert-repository.ts";
import type { RenewalQuote } from "../../../../db/repositories/user-domain-repository.ts";
import { createDisplayConverter } from "../../../shared/display-converter.ts";
import type { PriceEvent } from "./price-events.ts";
import { renewalAlertFacts, renewalAlertText, renewalAlertTitle } from "./renewal-price-message.ts";
import { decideRenewalAlerts, type Receiver } from "./renewal-price-rules.ts";

const NOW = new Date("2026-11-26T12:00:00Z");
const P = 1;
const R = 2;
const COM = 10;
const event = (from: number | null, to: number, observedAt = "2026-11-26T06:00:00.000Z"): PriceEvent => ({
  providerId: P, providerName: "Porkbun", observedAt, changedTldIds: [COM], renewalChanges: [{ tldId: COM, tldName: "com", from, to, currency: "USD" }],
});
const quote = (providerId: number, name: string, renewalPrice: number): RenewalQuote => ({
  tldId: COM, renewalPrice, currency: "USD", lastCheckedAt: new Date("2026-11-20T00:00:00Z"), changedAt: new Date("2026-11-01T00:00:00Z"),
  provider: { id: providerId, name, domain: `${name.toLowerCase()}.example`, isActive: true },
});
const held = (userId: number, domainName: string, serviceProviderId: number): HeldDomain => ({ userId, domainName, tldId: COM, serviceProviderId });
const usd: Receiver = { renewalChangePercent: 10, renewalUndercutMinor: 200, converter: undefined };
const decide = (e: PriceEvent, h: HeldDomain[], q: RenewalQuote[], receiver = usd) =>
  decideRenewalAlerts(e, h, q, new Map([[7, receiver]]), NOW, 90);

describe("decideRenewalAlerts", () => {
  it.each([
    { case: "+20 % at the registrar held at is told", e: event(1000, 1200), told: ["changed"] },
    { case: "exactly the threshold (10 %) is told", e: event(1000, 1100), told: ["changed"] },
    { case: "a fall past the threshold is told", e: event(1000, 850), told: ["changed"] },
    { case: "below the threshold nothing", e: event(1000, 1099), told: [] },
    { case: "a renewal new at the registrar has nothing to move from", e: event(null, 1200), told: [] },
  ])("own registrar: $case", ({ e, told }) => {
    expect(decide(e, [held(7, "a.com", P)], [quote(P, "Porkbun", e.renewalChanges[0]!.to)]).map((a) => a.type)).toEqual(told);
  });

  it.each([
    { case: "newly cheaper by at least the amount, fresh: told", e: event(2600, 2200), told: ["undercut"] },
    { case: "cheaper by less than the amount: nothing", e: event(2600, 2350), told: [] },
    { case: "already cheaper by the amount before this change: nothing", e: event(2250, 2200), told: [] },
    { case: "newly quoted and cheaper: told", e: event(null, 2200), told: ["undercut"] },
    { case: "a stale list (100 days old): nothing", e: event(2600, 2200, "2026-08-18T00:00:00.000Z"), told: [] },
  ])("another registrar: $case", ({ e, told }) => {
    expect(decide(e, [held(7, "a.com", R)], [quote(P, "Porkbun", e.renewalChanges[0]!.to), quote(R, "Namecheap", 2500)]).map((a) => a.type)).toEqual(told);
  });

  it("one alert per (user, registrar, TLD) naming every domain; a user without settings for it is passed over", () => {
    const domains = Array.from({ length: 300 }, (_, i) => held(7, `d${String(i).padStart(3, "0")}.com`, P));
    const alerts = decide(event(1000, 1200), [...domains, held(8, "other-user.com", P)], [quote(P, "Porkbun", 1200)]);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.domains).toHaveLength(300);
    const facts = renewalAlertFacts(alerts[0]!, event(1000, 1200), undefined);
    expect(renewalAlertTitle(facts)).toBe("300 .com domains: renewal at Porkbun went from $10.00 to $12.00 (+20 %)");
    expect(renewalAlertText(facts)).toBe(
      "d000.com, d001.com, d002.com, d003.com, d004.com, d005.com, d006.com, d007.com, d008.com, d009.com and 290 more: "
      + "renewal at Porkbun went from $10.00 to $12.00 (+20 %), checked 2026-11-26.",
    );
  });

  it("shows amounts in the display currency when a rate exists, with the rate's day, and compares the saving there", () => {
    const eur = createDisplayConverter("EUR", new Map([["USD", { fromPerEur: 1.25, toPerEur: 1, rateDate: "2026-11-25" }]]));
    // $3.00 saving is €2.40: told at a €2.00 amount, not at €2.50.
    const e = event(2600, 2200);
    const h = [held(7, "a.com", R)];
    const q = [quote(P, "Porkbun", 2200), quote(R, "Namecheap", 2500)];
    expect(decide(e, h, q, { ...usd, renewalUndercutMinor: 250, converter: eur })).toEqual([]);
    const [alert] = decide(e, h, q, { ...usd, converter: eur });
    expect(renewalAlertText(renewalAlertFacts(alert!, e, eur))).toBe(
      "a.com: Porkbun renews .com for €17.60, €2.40 less a year than Namecheap (€20.00, checked 2026-11-20), checked 2026-11-26 (converted at the ECB rate of 2026-11-25).",
    );
  });
});
