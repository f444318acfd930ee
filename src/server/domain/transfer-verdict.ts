/**
 * Is moving a domain to another registrar worth it, and when can its owner do it. Without I/O:
 * the domain, its TLD's transfer rule (transfer-rules.ts), every registrar's quote for the TLD and
 * the portfolio's money (portfolio-money.ts: display converter, `now`, stale window) in.
 *
 * Cost over N years, in the display currency's minor units, each quote converted once:
 * - staying: N renewals at the registrar that holds it;
 * - moving: the destination's transfer price, then its renewals: N − 1 of them where the TLD's
 *   transfer adds a year (the transfer pays the first year), N where it keeps the expiry date.
 * The destination is the registrar whose move saves most over 3 years, among quotes that are
 * fresh (isStaleAt, PRICE_STALE_DAYS) and not flagged unusual; only when none of those saves is a
 * stale or unusual one named, and then the verdict is "unsure" and says why. The break-even year
 * is the first year (1 to 5) after which moving has cost less in total than staying.
 *
 * The window: the earliest day it can move (its registration or last transfer plus the TLD's
 * lock), what blocks it today (the registrar lock, which the owner can lift; registry locks,
 * holds and deletions, which they cannot; an expiry too close for a transfer to finish) and the
 * days before its next renewal in which to start the move.
 */
import { formatTotal, formatUtcDay, minorToDecimalString } from "../../shared/price-format.ts";
import { isStaleAt } from "../../shared/price-freshness.ts";
import type { PortfolioMoney } from "./portfolio-money.ts";
import type { TransferRule } from "./transfer-rules.ts";

/** One registrar's stored quote for the TLD (money in hundredths of `currency`). */
export interface TransferQuote {
  provider: { id: number; name: string; isActive: boolean; hasTransferLink: boolean };
  renewalPrice: number | null;
  transferPrice: number | null;
  currency: string;
  lastCheckedAt: Date;
  /** The price checks (decision 059) found a price of the quote unusual; unusualReason says why. */
  unusual: boolean;
  unusualReason: string | null;
}

export interface TransferEntry {
  domainName: string;
  tldName: string;
  /** The registrar in force (its id among the quotes' providers), null when none is known. */
  providerId: number | null;
  registrationDate: string | null;
  expirationDate: string | null;
  /** The last transfer the product knows of (a registrar change in the domain's history), "YYYY-MM-DD". */
  lastTransferDate: string | null;
  /** The registry's EPP statuses; null before the first lookup. */
  statuses: readonly string[] | null;
}

/** The days a transfer can take when the TLD's rule asks for no margin: the losing registrar has five days to answer. */
export const TRANSFER_TAKES_DAYS = 5;
export const HORIZONS = [1, 3, 5] as const;
const DECISION_YEARS = 3;
const MAX_YEARS = 5;

export interface QuotedPrice {
  /** In the display currency. */
  amount: string;
  price: string;
  priceCurrency: string;
  /** The registrar that quotes it. */
  source: string;
  lastCheckedAt: string;
  isStale: boolean;
  rateDate: string | null;
  unusual: boolean;
  unusualReason: string | null;
}

export type Blocker = { code: string; message: string; ownerCanLift: boolean };

export interface TransferWindow {
  /** The first day the TLD's locks allow a move (today when none holds). */
  earliestDate: string;
  /** Why it cannot move today; empty when it can. */
  blockers: Blocker[];
  /** The days before its next renewal in which to start the move; null when there are none left. */
  bestWindow: { from: string; until: string | null } | null;
  sentence: string;
}

export type Verdict = "move" | "stay" | "unsure" | "no_price";

export interface TransferVerdict {
  domainName: string;
  currency: string;
  verdict: Verdict;
  rule: TransferRule;
  current: { provider: { id: number; name: string }; renewal: QuotedPrice } | null;
  destination: { provider: { id: number; name: string }; hasTransferLink: boolean; transfer: QuotedPrice; renewal: QuotedPrice } | null;
  /** Staying and moving over 1, 3 and 5 years, and what moving saves (negative: it costs more). */
  years: { years: number; stay: string; move: string; saving: string }[];
  breakEvenYear: number | null;
  /** What moving saves over 3 years in minor units (0 without a destination); the plan sorts by it. */
  savingMinor: number;
  /** What moving saves in its first year (the transfer against one renewal) in minor units; 0 without a destination. */
  firstYearSavingMinor: number;
  /** Why the verdict is not sure: stale or unusual prices. */
  cautions: string[];
  sentence: string;
  window: TransferWindow;
}

const DAY_MS = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
const later = (a: string, b: string | null) => (b !== null && b > a ? b : a);
const day = (iso: string | null) => formatUtcDay(iso) ?? "";

const LIFTABLE = new Map([["clienttransferprohibited", "The registrar lock (clientTransferProhibited) is on: turn it off in your account at the registrar"]]);
const FIXED = new Map([
  ["servertransferprohibited", "The registry forbids transfers of this name (serverTransferProhibited): only the registry can lift it, ask your registrar why"],
  ["pendingtransfer", "A transfer of this name is already under way"],
  ["clienthold", "The name is on hold at the registrar (clientHold): sort that out with the registrar first"],
  ["serverhold", "The name is on hold at the registry (serverHold): ask your registrar why"],
  ["redemptionperiod", "The name has expired and is waiting for deletion (redemptionPeriod): restore it at the registrar first"],
  ["pendingdelete", "The name is about to be deleted (pendingDelete)"],
]);

/** The window of one domain under its TLD's rule, as of `today`. */
export function transferWindow(entry: TransferEntry, rule: TransferRule, today: string): TransferWindow {
  const blockers: Blocker[] = [];
  const afterRegistration = entry.registrationDate && rule.lockAfterRegistrationDays > 0 ? addDays(entry.registrationDate.slice(0, 10), rule.lockAfterRegistrationDays) : null;
  const afterTransfer = entry.lastTransferDate && rule.lockAfterTransferDays > 0 ? addDays(entry.lastTransferDate.slice(0, 10), rule.lockAfterTransferDays) : null;
  const tld = `.${entry.tldName}`;
  if (afterRegistration && afterRegistration > today) {
    blockers.push({ code: "registration_lock", ownerCanLift: false, message: `Registered on ${day(entry.registrationDate)}: ${tld} names cannot move for ${rule.lockAfterRegistrationDays} days after registration, until ${day(afterRegistration)}` });
  }
  if (afterTransfer && afterTransfer > today) {
    blockers.push({ code: "transfer_lock", ownerCanLift: false, message: `Moved to its registrar on ${day(entry.lastTransferDate)}: ${tld} names cannot move again for ${rule.lockAfterTransferDays} days, until ${day(afterTransfer)}` });
  }
  const statuses = new Set((entry.statuses ?? []).map((s) => s.toLowerCase()));
  for (const [code, message] of LIFTABLE) if (statuses.has(code)) blockers.push({ code, message, ownerCanLift: true });
  for (const [code, message] of FIXED) if (statuses.has(code)) blockers.push({ code, message, ownerCanLift: false });

  const earliestDate = later(later(today, afterRegistration), afterTransfer);
  const margin = rule.minDaysBeforeExpiry ?? TRANSFER_TAKES_DAYS;
  const expiry = entry.expirationDate?.slice(0, 10) ?? null;
  let bestWindow: TransferWindow["bestWindow"] = { from: earliestDate, until: null };
  if (expiry) {
    // The last day to start: a move that takes the whole margin still ends before the expiry day.
    const until = addDays(expiry, -(margin + 1));
    const left = daysBetween(today, expiry);
    if (left < 0) blockers.push({ code: "expired", ownerCanLift: false, message: `It expired on ${day(expiry)}: renew it at its registrar first` });
    else if (today > until) {
      blockers.push({ code: "expiry_too_close", ownerCanLift: false, message: `It expires on ${day(expiry)}, in ${left} ${left === 1 ? "day" : "days"}; a transfer can take ${margin} days: renew it where it is, then move it` });
    }
    bestWindow = earliestDate <= until ? { from: earliestDate, until } : null;
  }
  const lifts = blockers.filter((b) => b.ownerCanLift);
  const fixed = blockers.filter((b) => !b.ownerCanLift);
  const sentence = bestWindow === null
    ? expiry && daysBetween(today, expiry) >= 0
      ? `There is no time left to move it before it renews on ${day(expiry)}.`
      : "It cannot move until it is renewed."
    : [
      fixed.length === 0 && lifts.length === 0 ? "It can move now" : earliestDate > today ? `It can move from ${day(earliestDate)}` : fixed.length ? "It cannot move yet" : "It can move once you lift the registrar lock",
      bestWindow.until ? `; start the move by ${day(bestWindow.until)} so that it is done before it renews on ${day(expiry)}.` : ".",
    ].join("");
  return { earliestDate, blockers, bestWindow, sentence };
}

/** One quote's prices in the display currency's minor units (null: missing, not positive, or not convertible), worked out once per money. */
interface QuoteFigures {
  renewal: number | null;
  transfer: number | null;
  isStale: boolean;
  shownRenewal?: QuotedPrice;
  shownTransfer?: QuotedPrice;
  /** Why a verdict resting on this quote is not sure (stale, unusual); the same words for both its prices. */
  cautions?: string[];
}

const quoteFigures = new WeakMap<PortfolioMoney, Map<TransferQuote, QuoteFigures>>();
const totals = new WeakMap<PortfolioMoney, Map<number, string>>();

/** An amount in minor units as shown in a sentence ("$1,234.50"), worked out once per money. */
function shownTotal(minor: number, money: PortfolioMoney): string {
  let known = totals.get(money);
  if (!known) totals.set(money, known = new Map<number, string>());
  let text = known.get(minor);
  if (text === undefined) known.set(minor, text = formatTotal(money.amount(minor), money.currency));
  return text;
}

/** The cautions a quote's price brings to a verdict, worked out once per quote and money. */
function quoteCautions(q: TransferQuote, kind: "renewal" | "transfer", money: PortfolioMoney): string[] {
  const f = figuresOfQuote(q, money);
  if (f.cautions) return f.cautions;
  const p = shownPrice(q, kind, money);
  return f.cautions = [
    ...(p.isStale ? [staleWords(p, money.staleDays)] : []),
    ...(p.unusual ? [`The price at ${p.source} looks unusual${p.unusualReason ? ` (${p.unusualReason})` : ""}`] : []),
  ];
}

function figuresOfQuote(q: TransferQuote, money: PortfolioMoney): QuoteFigures {
  let perQuote = quoteFigures.get(money);
  if (!perQuote) quoteFigures.set(money, perQuote = new Map<TransferQuote, QuoteFigures>());
  let known = perQuote.get(q);
  if (!known) {
    const { converter } = money;
    const convertible = converter.canConvert(q.currency);
    known = {
      renewal: convertible && q.renewalPrice !== null && q.renewalPrice > 0 ? converter.minor(q.renewalPrice, q.currency) : null,
      transfer: convertible && q.transferPrice !== null && q.transferPrice >= 0 ? converter.minor(q.transferPrice, q.currency) : null,
      isStale: isStaleAt(q.lastCheckedAt, money.now, money.staleDays),
    };
    perQuote.set(q, known);
  }
  return known;
}

/** A quote's price as shown (its amount in the display currency, the price as quoted, its date and marks), built once per money. */
function shownPrice(q: TransferQuote, kind: "renewal" | "transfer", money: PortfolioMoney): QuotedPrice {
  const f = figuresOfQuote(q, money);
  const key = kind === "renewal" ? "shownRenewal" : "shownTransfer";
  const known = f[key];
  if (known) return known;
  const cents = (kind === "renewal" ? q.renewalPrice : q.transferPrice)!;
  const shown: QuotedPrice = {
    amount: money.amount(f[kind]!), price: minorToDecimalString(cents), priceCurrency: q.currency, source: q.provider.name,
    lastCheckedAt: q.lastCheckedAt.toISOString(), isStale: f.isStale, rateDate: money.converter.conversion(q.currency).rateDate,
    unusual: q.unusual, unusualReason: q.unusualReason,
  };
  f[key] = shown;
  return shown;
}

/** The verdict for one domain: the cost of staying against the best move, and its window. */
export function transferVerdict(entry: TransferEntry, rule: TransferRule, quotes: readonly TransferQuote[], money: PortfolioMoney): TransferVerdict {
  return { domainName: entry.domainName, ...transferCosts(entry.providerId, rule, quotes, money), window: transferWindow(entry, rule, dayOf(money.now)) };
}

/** What every domain of one TLD held at one registrar shares: the cost of staying against the best move. */
export type TransferCosts = Omit<TransferVerdict, "domainName" | "window">;

/** The costs as numbers only (minor units of the display currency): enough to choose and sort, without the words. */
export interface TransferFigures {
  rule: TransferRule;
  verdict: Verdict;
  /** The quote of the registrar that holds it and its renewal; null: no renewal price there ("no_price"). */
  own: { quote: TransferQuote; renewal: number } | null;
  /** The best move; null when none saves. */
  best: { quote: TransferQuote; transfer: number; renewal: number } | null;
  savingMinor: number;
  firstYearSavingMinor: number;
}

const stayCost = (ownRenewal: number, years: number) => years * ownRenewal;
const moveCost = (rule: TransferRule, transfer: number, renewal: number, years: number) => transfer + (rule.addsYear ? years - 1 : years) * renewal;

/** The costs of a domain held at `providerId` (null: unknown) under `rule`, from the TLD's quotes, as numbers. */
export function transferFigures(providerId: number | null, rule: TransferRule, quotes: readonly TransferQuote[], money: PortfolioMoney): TransferFigures {
  const own = providerId === null ? undefined : quotes.find((q) => q.provider.id === providerId);
  const ownFigures = own ? figuresOfQuote(own, money) : null;
  if (!own || !ownFigures || ownFigures.renewal === null) {
    return { rule, verdict: "no_price", own: null, best: null, savingMinor: 0, firstYearSavingMinor: 0 };
  }
  const ownRenewal = ownFigures.renewal;
  const stay = stayCost(ownRenewal, DECISION_YEARS);
  let best: { quote: TransferQuote; transfer: number; renewal: number; saving: number; doubtful: boolean } | null = null;
  for (const q of quotes) {
    if (q.provider.id === own.provider.id || !q.provider.isActive) continue;
    const f = figuresOfQuote(q, money);
    if (f.transfer === null || f.renewal === null) continue;
    const saving = stay - moveCost(rule, f.transfer, f.renewal, DECISION_YEARS);
    if (saving <= 0) continue;
    const doubtful = f.isStale || q.unusual;
    // A sure saving beats any doubtful one; then the larger saving, then the name.
    if (!best || (best.doubtful && !doubtful) || (best.doubtful === doubtful && (saving > best.saving || (saving === best.saving && q.provider.name < best.quote.provider.name)))) {
      best = { quote: q, transfer: f.transfer, renewal: f.renewal, saving, doubtful };
    }
  }
  if (!best) return { rule, verdict: "stay", own: { quote: own, renewal: ownRenewal }, best: null, savingMinor: 0, firstYearSavingMinor: 0 };
  const sure = !ownFigures.isStale && !own.unusual && !figuresOfQuote(best.quote, money).isStale && !best.quote.unusual;
  return {
    rule, verdict: sure ? "move" : "unsure", own: { quote: own, renewal: ownRenewal },
    best: { quote: best.quote, transfer: best.transfer, renewal: best.renewal },
    savingMinor: best.saving, firstYearSavingMinor: stayCost(ownRenewal, 1) - moveCost(rule, best.transfer, best.renewal, 1),
  };
}

/** The costs of a domain held at `providerId` (null: unknown) under `rule`, from the TLD's quotes. */
export function transferCosts(providerId: number | null, rule: TransferRule, quotes: readonly TransferQuote[], money: PortfolioMoney): TransferCosts {
  return transferCostsInWords(transferFigures(providerId, rule, quotes, money), money);
}

/** The costs with their words: the prices as shown, the years, the cautions and the sentence. */
export function transferCostsInWords(figures: TransferFigures, money: PortfolioMoney): TransferCosts {
  const { rule, own, best } = figures;
  const { currency, staleDays } = money;
  const base = { currency, rule };
  if (!own) {
    return {
      ...base, verdict: "no_price", current: null, destination: null, years: [], breakEvenYear: null, savingMinor: 0, firstYearSavingMinor: 0, cautions: [],
      sentence: "We have no renewal price at the registrar that holds it, so we cannot say whether moving pays.",
    };
  }
  const ownRenewal = shownPrice(own.quote, "renewal", money);
  const current = { provider: { id: own.quote.provider.id, name: own.quote.provider.name }, renewal: ownRenewal };
  if (!best) {
    return {
      ...base, verdict: "stay", current, destination: null, years: yearsOf(rule, own.renewal, 0, own.renewal, money).map((y) => ({ ...y, move: y.stay, saving: money.amount(0) })),
      breakEvenYear: null, savingMinor: 0, firstYearSavingMinor: 0, cautions: ownRenewal.isStale ? [staleWords(ownRenewal, staleDays)] : [],
      sentence: `Staying at ${own.quote.provider.name} costs least: no registrar we compare saves money over ${DECISION_YEARS} years once the transfer is paid.`,
    };
  }
  let breakEvenYear: number | null = null;
  for (let n = 1; n <= MAX_YEARS && breakEvenYear === null; n++) if (moveCost(rule, best.transfer, best.renewal, n) < stayCost(own.renewal, n)) breakEvenYear = n;
  const transfer = shownPrice(best.quote, "transfer", money);
  const cautions = [...quoteCautions(own.quote, "renewal", money), ...quoteCautions(best.quote, "transfer", money)];
  const to = best.quote.provider.name;
  const pays = breakEvenYear === null ? "" : breakEvenYear === 1 ? " It pays off in the first year." : ` It pays off after ${breakEvenYear} years.`;
  return {
    ...base,
    verdict: figures.verdict,
    current,
    destination: { provider: { id: best.quote.provider.id, name: to }, hasTransferLink: best.quote.provider.hasTransferLink, transfer, renewal: shownPrice(best.quote, "renewal", money) },
    years: yearsOf(rule, own.renewal, best.transfer, best.renewal, money),
    breakEvenYear,
    savingMinor: figures.savingMinor,
    firstYearSavingMinor: figures.firstYearSavingMinor,
    cautions,
    sentence: `Moving to ${to} saves ${shownTotal(figures.savingMinor, money)} over ${DECISION_YEARS} years: the transfer costs ${shownTotal(best.transfer, money)}${rule.addsYear ? " and adds a year" : " and keeps the expiry date"}, then ${shownTotal(best.renewal, money)} a year against ${shownTotal(own.renewal, money)} at ${own.quote.provider.name}.${pays}${cautions.length ? ` Not sure: ${cautions.join("; ")}.` : ""}`,
  };
}

/** Staying and moving over 1, 3 and 5 years, and what moving saves, in the display currency. */
function yearsOf(rule: TransferRule, ownRenewal: number, transfer: number, renewal: number, money: PortfolioMoney) {
  return HORIZONS.map((n) => {
    const stay = stayCost(ownRenewal, n);
    const move = moveCost(rule, transfer, renewal, n);
    return { years: n, stay: money.amount(stay), move: money.amount(move), saving: money.amount(stay - move) };
  });
}

const staleWords = (p: QuotedPrice, staleDays: number) =>
  `the price at ${p.source} was last confirmed on ${day(p.lastCheckedAt)}, over ${staleDays} days ago`;
