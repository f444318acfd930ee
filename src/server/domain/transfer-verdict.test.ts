import { describe, expect, it } from "vitest";
import { createDisplayConverter, type DisplayRate } from "../../shared/display-converter.ts";
import { PortfolioMoney } from "./portfolio-money.ts";
import { transferVerdict, transferWindow, type TransferEntry, type TransferQuote } from "./transfer-verdict.ts";
import { BUNDLED_TRANSFER_RULES, ruleFor, rulesInForce } from "./transfer-rules.ts";

const NOW = new Date("2026-12-20T10:00:00Z");
const TODAY = "2026-12-20";
const FRESH = new Date("2026-12-01T00:00:00Z");
const STALE = new Date("2026-08-01T00:00:00Z"); // 141 days before NOW: stale with a 90-day window
const rules = rulesInForce([]);
const com = ruleFor(rules, "com");
const uk = ruleFor(rules, "co.uk");

let nextId = 1;
const quote = (name: string, renewal: number | null, transfer: number | null, currency = "USD", lastCheckedAt = FRESH, extra: Partial<TransferQuote> = {}): TransferQuote => ({
  provider: { id: nextId++, name, isActive: true, hasTransferLink: true },
  renewalPrice: renewal, transferPrice: transfer, currency, lastCheckedAt, unusual: false, unusualReason: null, ...extra,
});
const entry = (providerId: number, tldName = "com", extra: Partial<TransferEntry> = {}): TransferEntry => ({
  domainName: `example.${tldName}`, tldName, providerId, registrationDate: "2020-05-01", expirationDate: "2027-06-01", lastTransferDate: null, statuses: ["ok"], ...extra,
});
const usdMoney = () => new PortfolioMoney(createDisplayConverter("USD", new Map<string, DisplayRate | null>()), NOW, 90);

describe("the transfer rules", () => {
  it("reads a TLD's own row, then its parent's, then the ICANN default, each with its source", () => {
    expect(com).toMatchObject({ pattern: "*", addsYear: true, lockAfterRegistrationDays: 60, lockAfterTransferDays: 60, origin: "bundled" });
    expect(uk).toMatchObject({ pattern: "uk", addsYear: false, lockAfterRegistrationDays: 0 });
    expect(ruleFor(rules, "ch")).toMatchObject({ pattern: "ch", addsYear: false });
    for (const r of BUNDLED_TRANSFER_RULES) {
      expect(r.sourceUrl).toMatch(/^https?:\/\//);
      expect(r.sourceDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("an administrator's rule replaces the bundled row of its pattern", () => {
    const over = rulesInForce([{ ...uk, addsYear: true, lockAfterTransferDays: 30 }]);
    expect(ruleFor(over, "co.uk")).toMatchObject({ pattern: "uk", addsYear: true, lockAfterTransferDays: 30, origin: "admin" });
  });
});

describe("the cost of staying against moving, to the cent", () => {
  it("a TLD whose transfer adds a year: the transfer pays the first year", () => {
    const own = quote("Holder", 2000, 1500);
    const cheap = quote("Cheap", 1000, 900);
    const v = transferVerdict(entry(own.provider.id), com, [own, cheap], usdMoney());
    expect(v.verdict).toBe("move");
    expect(v.destination).toMatchObject({ provider: { name: "Cheap" }, transfer: { amount: "9.00", source: "Cheap", isStale: false }, renewal: { amount: "10.00" } });
    expect(v.years).toEqual([
      { years: 1, stay: "20.00", move: "9.00", saving: "11.00" },
      { years: 3, stay: "60.00", move: "29.00", saving: "31.00" },
      { years: 5, stay: "100.00", move: "49.00", saving: "51.00" },
    ]);
    expect(v.breakEvenYear).toBe(1);
    expect(v.savingMinor).toBe(3100);
    expect(v.firstYearSavingMinor).toBe(1100);
    expect(v.current!.renewal).toMatchObject({ amount: "20.00", source: "Holder", lastCheckedAt: FRESH.toISOString() });
  });

  it("the same prices on a TLD that keeps the expiry date: every year is a renewal after the transfer", () => {
    const own = quote("Holder", 1400, 0);
    const other = quote("Other", 1200, 1500);
    // Adds a year: 15 + 2 × 12 = 39 against 42 over 3 years, paying off in year 2 (27 < 28).
    const asCom = transferVerdict(entry(own.provider.id), com, [own, other], usdMoney());
    expect(asCom.years.map((y) => y.saving)).toEqual(["-1.00", "3.00", "7.00"]);
    expect(asCom.breakEvenYear).toBe(2);
    // Keeps the expiry: 15 + 3 × 12 = 51 against 42: staying costs least.
    const asUk = transferVerdict(entry(own.provider.id, "co.uk"), uk, [own, other], usdMoney());
    expect(asUk).toMatchObject({ verdict: "stay", destination: null, savingMinor: 0, breakEvenYear: null });
    // A free .uk transfer to a cheaper renewal: 0 + 3 × 6 = 18 against 30.
    const free = quote("Free", 600, 0);
    const v = transferVerdict(entry(own.provider.id, "co.uk"), uk, [quote("Holder2", 1000, 0), free].map((q, i) => (i === 0 ? { ...q, provider: own.provider } : q)), usdMoney());
    expect(v.years).toEqual([
      { years: 1, stay: "10.00", move: "6.00", saving: "4.00" },
      { years: 3, stay: "30.00", move: "18.00", saving: "12.00" },
      { years: 5, stay: "50.00", move: "30.00", saving: "20.00" },
    ]);
    expect(v.sentence).toContain("keeps the expiry date");
  });

  it("prices in two currencies are compared in the display currency, each converted once", () => {
    const rates = new Map<string, DisplayRate | null>([["USD", { fromPerEur: 1.1, toPerEur: 1, rateDate: "2026-12-18" }]]);
    const money = new PortfolioMoney(createDisplayConverter("EUR", rates), NOW, 90);
    const own = quote("Holder", 2000, 1500, "USD");
    const euro = quote("Euro", 950, 800, "EUR");
    const v = transferVerdict(entry(own.provider.id), com, [own, euro], money);
    expect(v.currency).toBe("EUR");
    expect(v.current!.renewal).toMatchObject({ amount: "18.18", price: "20.00", priceCurrency: "USD", rateDate: "2026-12-18" });
    expect(v.destination!.transfer).toMatchObject({ amount: "8.00", priceCurrency: "EUR", rateDate: null });
    expect(v.years).toEqual([
      { years: 1, stay: "18.18", move: "8.00", saving: "10.18" },
      { years: 3, stay: "54.54", move: "27.00", saving: "27.54" },
      { years: 5, stay: "90.90", move: "46.00", saving: "44.90" },
    ]);
  });

  it("a stale destination price is passed over for a fresh one, and alone it makes the verdict unsure", () => {
    const own = quote("Holder", 2000, 1500);
    const stale = quote("Stale", 500, 500, "USD", STALE);
    const fresh = quote("Fresh", 1500, 1500);
    const both = transferVerdict(entry(own.provider.id), com, [own, stale, fresh], usdMoney());
    expect(both).toMatchObject({ verdict: "move", destination: { provider: { name: "Fresh" } }, savingMinor: 1500 });
    const alone = transferVerdict(entry(own.provider.id), com, [own, stale], usdMoney());
    expect(alone.verdict).toBe("unsure");
    expect(alone.destination!.transfer).toMatchObject({ isStale: true, lastCheckedAt: STALE.toISOString() });
    expect(alone.cautions).toEqual(["the price at Stale was last confirmed on Aug 1, 2026, over 90 days ago"]);
    expect(alone.sentence).toContain("Not sure: the price at Stale was last confirmed on Aug 1, 2026");
  });

  it("an unusual price is named, never a sure verdict", () => {
    const own = quote("Holder", 2000, 1500);
    const odd = quote("Odd", 100, 100, "USD", FRESH, { unusual: true, unusualReason: "90% below the median" });
    const v = transferVerdict(entry(own.provider.id), com, [own, odd], usdMoney());
    expect(v.verdict).toBe("unsure");
    expect(v.cautions).toEqual(["The price at Odd looks unusual (90% below the median)"]);
  });

  it("no renewal price at the holder: no verdict", () => {
    const v = transferVerdict(entry(999), com, [quote("Cheap", 1000, 900)], usdMoney());
    expect(v).toMatchObject({ verdict: "no_price", destination: null, years: [] });
  });
});

describe("the window", () => {
  it("a domain inside its 60-day lock after registration can move from the day the lock ends", () => {
    const w = transferWindow(entry(1, "com", { registrationDate: "2026-11-30" }), com, TODAY);
    expect(w.earliestDate).toBe("2027-01-29");
    expect(w.blockers).toEqual([{ code: "registration_lock", ownerCanLift: false, message: "Registered on Nov 30, 2026: .com names cannot move for 60 days after registration, until Jan 29, 2027" }]);
    expect(w.bestWindow).toEqual({ from: "2027-01-29", until: "2027-05-26" });
    expect(w.sentence).toBe("It can move from Jan 29, 2027; start the move by May 26, 2027 so that it is done before it renews on Jun 1, 2027.");
  });

  it("60 days after the last transfer too, and not at all on a TLD without that lock", () => {
    expect(transferWindow(entry(1, "com", { lastTransferDate: "2026-12-01" }), com, TODAY)).toMatchObject({ earliestDate: "2027-01-30", blockers: [{ code: "transfer_lock" }] });
    expect(transferWindow(entry(1, "co.uk", { registrationDate: "2026-12-10", lastTransferDate: "2026-12-01" }), uk, TODAY)).toMatchObject({ earliestDate: TODAY, blockers: [] });
  });

  it("the registrar lock is the owner's to lift; a registry lock is not", () => {
    const w = transferWindow(entry(1, "com", { statuses: ["clientTransferProhibited", "serverTransferProhibited"] }), com, TODAY);
    expect(w.blockers.map((b) => [b.code, b.ownerCanLift])).toEqual([["clienttransferprohibited", true], ["servertransferprohibited", false]]);
    const lift = transferWindow(entry(1, "com", { statuses: ["clientTransferProhibited"] }), com, TODAY);
    expect(lift.sentence).toMatch(/^It can move once you lift the registrar lock; start the move by May 26, 2027/);
  });

  it("a domain expiring in 5 days is too close to move: renew it first", () => {
    const w = transferWindow(entry(1, "com", { expirationDate: "2026-12-25" }), com, TODAY);
    expect(w.blockers).toEqual([{ code: "expiry_too_close", ownerCanLift: false, message: "It expires on Dec 25, 2026, in 5 days; a transfer can take 5 days: renew it where it is, then move it" }]);
    expect(w.bestWindow).toBeNull();
    expect(w.sentence).toBe("There is no time left to move it before it renews on Dec 25, 2026.");
    // Six days before: the last day to start.
    expect(transferWindow(entry(1, "com", { expirationDate: "2026-12-26" }), com, TODAY)).toMatchObject({ blockers: [], bestWindow: { from: TODAY, until: TODAY } });
  });
});
