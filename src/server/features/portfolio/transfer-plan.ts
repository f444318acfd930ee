/**
 * The transfer plan: per domain the verdict of domain/transfer-verdict.ts, and over the portfolio every domain
 * worth moving, sorted by what moving saves over 3 years, grouped by the registrar it moves to,
 * with the owner's progress through the steps. A stored move whose destination the registry now
 * names as the sponsoring registrar is marked done when the plan is read, and the domain's
 * history records it.
 */
import type { Db } from "../../../../db/client.ts";
import { findServiceProvider } from "../../../../db/repositories/service-provider-repository.ts";
import {
  listTransferPlanEntries, listTransferPlanRows, markTransferDone, saveTransferPlanState,
  type TransferPlanEntry, type TransferPlanRow, type TransferQuoteRow,
} from "../../../../db/repositories/transfer-plan-repository.ts";
import { TRANSFER_STATES, type TransferState, type TransferStateInput } from "../../../shared/schemas/transfer-plan.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { toCsv, guardFormula } from "./csv.ts";
import {
  transferCostsInWords, transferFigures, transferWindow, type QuotedPrice, type TransferCosts, type TransferFigures, type TransferVerdict,
} from "../../domain/transfer-verdict.ts";
import { ruleFor, type TransferRule } from "../../domain/transfer-rules.ts";
import { loadTransferInputs, transferEntryOf, type TransferInputs } from "../../domain/transfer-inputs.ts";

/** The steps of a move, in order; each names the state the owner reaches by doing it. */
export const TRANSFER_STEPS: readonly { state: TransferState; title: string; text: string }[] = [
  { state: "planned", title: "Plan it", text: "The domain is in the plan; nothing has been done yet." },
  { state: "unlocked", title: "Unlock it", text: "Turn off the registrar lock (transfer lock) in your account at the current registrar." },
  { state: "code_requested", title: "Get the auth code", text: "Ask the current registrar for the domain's authorization (EPP) code." },
  { state: "started", title: "Start the transfer", text: "Start the transfer at the new registrar with the link, and enter the auth code there." },
  { state: "done", title: "Confirm it", text: "Approve the mails about the transfer; it is done once the registry names the new registrar." },
];

type Inputs = TransferInputs;

/**
 * A domain's costs depend only on its TLD, its registrar and the TLD's rule, so they are worked
 * out once per such pair and shared (a large plan has thousands): first as numbers, and in words
 * only for a domain the plan shows.
 */
class PairCosts {
  private readonly figures = new Map<string, TransferFigures>();
  private readonly words = new Map<TransferFigures, TransferCosts>();

  constructor(private readonly inputs: Inputs) {}

  figuresOf(row: TransferPlanEntry): TransferFigures {
    const providerId = row.provider?.id ?? null;
    const key = `${row.tldId}:${providerId ?? ""}`;
    let known = this.figures.get(key);
    if (!known) {
      known = transferFigures(providerId, ruleFor(this.inputs.rules, row.tldName), this.inputs.quotesByTld.get(row.tldId) ?? [], this.inputs.money);
      this.figures.set(key, known);
    }
    return known;
  }

  wordsOf(figures: TransferFigures): TransferCosts {
    let known = this.words.get(figures);
    if (!known) this.words.set(figures, known = transferCostsInWords(figures, this.inputs.money));
    return known;
  }
}

/** The domain's own window under its TLD's rule. */
const windowOf = (row: TransferPlanEntry, inputs: Inputs, rule: TransferRule) =>
  transferWindow(transferEntryOf(row, inputs.lastTransfers.get(row.id) ?? null), rule, inputs.today);

/** The domain's verdict: its costs (shared, see PairCosts) and its own window. */
function verdictOf(row: TransferPlanEntry, inputs: Inputs, shared: TransferCosts): TransferVerdict {
  return { domainName: row.domainName, ...shared, window: windowOf(row, inputs, shared.rule) };
}

/** One domain's verdict and window, for its page. */
export async function getTransferVerdict(db: Db, userId: number, id: number, staleDays: number, currency?: string): Promise<TransferVerdict> {
  const [row] = await listTransferPlanEntries(db, userId, id);
  if (!row) throw notFound("Domain not found");
  const inputs = await loadTransferInputs(db, userId, [row], currency, staleDays, new Date(), row.id);
  const costs = new PairCosts(inputs);
  return verdictOf(row, inputs, costs.wordsOf(costs.figuresOf(row)));
}

/** The tracked link that opens the registrar's transfer page for the domain (features/redirects). */
export const transferLinkOf = (providerId: number, domainName: string) =>
  `/api/r/transfer?providerId=${providerId}&domain=${encodeURIComponent(domainName)}`;

export interface PlannedDomain {
  id: number;
  domainName: string;
  state: TransferState;
  /** When the owner last moved it on a step; null while it is only planned. */
  stateChangedAt: string | null;
  /** The registrar's transfer page through the tracked link; null when it has none. */
  transferLink: string | null;
  verdict: PlanVerdict;
}

/**
 * A planned domain's verdict as the plan gives it: the verdict without the domain's name and the
 * currency (the domain and the plan name them) and without its sentence (the domain's page gives
 * it; the plan gives the figures it is made of), its TLD's rule named by pattern in the plan's
 * `rules`, and each price named by its key in the plan's `quotes`, so that each is given once.
 */
export interface PlanVerdict extends Omit<TransferVerdict, "domainName" | "currency" | "rule" | "current" | "destination" | "sentence"> {
  ruleId: string;
  current: { provider: { id: number; name: string }; renewalQuoteId: string } | null;
  destination: { provider: { id: number; name: string }; hasTransferLink: boolean; transferQuoteId: string; renewalQuoteId: string } | null;
}

/** The plan's tables: each rule and price its verdicts name, once. */
class PlanTables {
  readonly rules = new Map<string, TransferRule>();
  readonly quotes = new Map<string, QuotedPrice>();
  private readonly costs = new Map<TransferCosts, Omit<PlanVerdict, "window">>();

  /** The pair's costs with the rule and prices named by key, worked out once per pair. */
  costsOf(costs: TransferCosts, tldId: number): Omit<PlanVerdict, "window"> {
    let known = this.costs.get(costs);
    if (known) return known;
    const { rule, current, destination } = costs;
    this.rules.set(rule.pattern, rule);
    known = {
      verdict: costs.verdict, ruleId: rule.pattern,
      current: current && { provider: current.provider, renewalQuoteId: this.quoteId(tldId, current.provider.id, "renewal", current.renewal) },
      destination: destination && {
        provider: destination.provider, hasTransferLink: destination.hasTransferLink,
        transferQuoteId: this.quoteId(tldId, destination.provider.id, "transfer", destination.transfer),
        renewalQuoteId: this.quoteId(tldId, destination.provider.id, "renewal", destination.renewal),
      },
      years: costs.years, breakEvenYear: costs.breakEvenYear, savingMinor: costs.savingMinor, firstYearSavingMinor: costs.firstYearSavingMinor,
      cautions: costs.cautions,
    };
    this.costs.set(costs, known);
    return known;
  }

  /** The price's key in the plan's quotes: its TLD, its registrar and which price it is. */
  private quoteId(tldId: number, providerId: number, kind: "renewal" | "transfer", price: QuotedPrice): string {
    const key = `${tldId}:${providerId}:${kind}`;
    this.quotes.set(key, price);
    return key;
  }
}

/**
 * The whole plan: domains whose verdict names a cheaper registrar ("move", or "unsure" with its
 * cautions), and any the owner has started moving, grouped by destination, largest saving first.
 */
export async function getTransferPlan(db: Db, userId: number, staleDays: number, currency?: string) {
  const now = new Date();
  const inputs = await loadTransferInputs(db, userId, await listTransferPlanEntries(db, userId), currency, staleDays, now);
  const stored = new Map((await listTransferPlanRows(db, userId)).map((p) => [p.userDomainId, p]));
  await markArrivedMoves(db, inputs.rows, stored, inputs.quotesByTld, now);
  const groups = new Map<number, { destination: { id: number; name: string; hasTransferLink: boolean }; domains: PlannedDomain[]; firstYear: number; threeYears: number }>();
  let notWorthMoving = 0;
  const costs = new PairCosts(inputs);
  const tables = new PlanTables();
  for (const row of inputs.rows) {
    const figures = costs.figuresOf(row);
    const plan = stored.get(row.id);
    const destinationId = plan?.destinationProviderId ?? figures.best?.quote.provider.id ?? null;
    if (destinationId === null || (!plan && figures.verdict !== "move" && figures.verdict !== "unsure")) {
      notWorthMoving += 1;
      continue;
    }
    // Only a planned domain's words and window are worked out.
    const words = costs.wordsOf(figures);
    const verdict: PlanVerdict = { ...tables.costsOf(words, row.tldId), window: windowOf(row, inputs, words.rule) };
    const quote = (inputs.quotesByTld.get(row.tldId) ?? []).find((q) => q.provider.id === destinationId);
    const destination = quote ? quote.provider : { id: destinationId, name: verdict.destination?.provider.name ?? "another registrar", hasTransferLink: false };
    let group = groups.get(destinationId);
    if (!group) groups.set(destinationId, group = { destination: { id: destination.id, name: destination.name, hasTransferLink: destination.hasTransferLink }, domains: [], firstYear: 0, threeYears: 0 });
    const counts = verdict.destination?.provider.id === destinationId;
    if (counts) {
      group.firstYear += verdict.firstYearSavingMinor;
      group.threeYears += verdict.savingMinor;
    }
    group.domains.push({
      id: row.id, domainName: row.domainName, state: (plan?.state as TransferState | undefined) ?? "planned", stateChangedAt: plan?.stateChangedAt.toISOString() ?? null,
      transferLink: destination.hasTransferLink ? transferLinkOf(destination.id, row.domainName) : null, verdict,
    });
  }
  const money = inputs.money;
  const sorted = [...groups.values()].sort((a, b) => b.threeYears - a.threeYears || (a.destination.name < b.destination.name ? -1 : 1));
  for (const g of sorted) g.domains.sort((a, b) => b.verdict.savingMinor - a.verdict.savingMinor || (a.domainName < b.domainName ? -1 : 1));
  const firstYear = sorted.reduce((sum, g) => sum + g.firstYear, 0);
  const threeYears = sorted.reduce((sum, g) => sum + g.threeYears, 0);
  return {
    currency: money.currency,
    /** What the moves save in the first year (the transfer paid) and over 3 years, in the display currency. */
    totals: { domains: sorted.reduce((n, g) => n + g.domains.length, 0), firstYearSaving: money.amount(firstYear), threeYearSaving: money.amount(threeYears) },
    groups: sorted.map((g) => ({ destination: g.destination, firstYearSaving: money.amount(g.firstYear), threeYearSaving: money.amount(g.threeYears), domains: g.domains })),
    /** Domains where staying costs least, or no price compares. */
    notWorthMoving,
    steps: TRANSFER_STEPS,
    /** The TLDs' transfer rules the verdicts name (their ruleId), by pattern. */
    rules: Object.fromEntries(tables.rules) as Record<string, TransferRule>,
    /** The prices the verdicts name (their renewalQuoteId and transferQuoteId), by key. */
    quotes: Object.fromEntries(tables.quotes) as Record<string, QuotedPrice>,
  };
}
export type TransferPlan = Awaited<ReturnType<typeof getTransferPlan>>;

/** Moves whose destination the registry now names are done: stored, and recorded in the domain's history. */
async function markArrivedMoves(db: Db, rows: readonly TransferPlanEntry[], stored: Map<number, TransferPlanRow>, quotesByTld: Map<number, TransferQuoteRow[]>, now: Date) {
  for (const row of rows) {
    const plan = stored.get(row.id);
    const sponsor = row.sponsor.providerId;
    if (!plan || plan.state === "done" || plan.destinationProviderId === null || sponsor !== plan.destinationProviderId) continue;
    const name = (quotesByTld.get(row.tldId) ?? []).find((q) => q.provider.id === sponsor)?.provider.name ?? row.sponsor.name ?? "the new registrar";
    const from = row.provider && row.provider.id !== sponsor ? row.provider.name : null;
    if (await markTransferDone(db, row.id, { id: sponsor, name }, { name: from }, now)) {
      stored.set(row.id, { ...plan, state: "done", stateChangedAt: now, doneAt: now });
    }
  }
}

/** Moves one domain on to a step; the registrar it moves to is the verdict's unless named. */
export async function setTransferState(db: Db, userId: number, id: number, input: TransferStateInput, staleDays: number) {
  let destinationProviderId = input.destinationProviderId ?? null;
  if (destinationProviderId === null) {
    const verdict = await getTransferVerdict(db, userId, id, staleDays);
    destinationProviderId = verdict.destination?.provider.id ?? null;
    if (destinationProviderId === null) {
      throw badRequest("No registrar we compare is cheaper for this domain: name the registrar it moves to", [
        { field: "destinationProviderId", message: "Name the registrar the domain moves to" },
      ]);
    }
  } else if (!(await findServiceProvider(db, destinationProviderId))) {
    throw badRequest("Registrar not found", [{ field: "destinationProviderId", message: "Registrar not found" }]);
  }
  if (!(await saveTransferPlanState(db, userId, id, { state: input.state, destinationProviderId }, new Date()))) throw notFound("Domain not found");
  return { id, state: input.state, destinationProviderId, steps: TRANSFER_STATES };
}

/** The plan as CSV: one line per planned domain, largest saving first within each registrar. */
export function transferPlanCsv(plan: TransferPlan): string {
  const header = ["domain", "moves_to", "state", "verdict", "currency", "current_renewal", "transfer", "new_renewal", "saving_1_year", "saving_3_years", "saving_5_years", "break_even_year", "earliest_date", "start_by", "blocked_by", "transfer_link"];
  const lines = plan.groups.flatMap((g) => g.domains.map((d) => {
    const v = d.verdict;
    const amount = (quoteId: string | undefined) => (quoteId === undefined ? undefined : plan.quotes[quoteId]?.amount) ?? "";
    const saving = (n: number) => v.years.find((y) => y.years === n)?.saving ?? "";
    return [
      d.domainName, guardFormula(g.destination.name), d.state, v.verdict, plan.currency, amount(v.current?.renewalQuoteId), amount(v.destination?.transferQuoteId),
      amount(v.destination?.renewalQuoteId), saving(1), saving(3), saving(5), v.breakEvenYear === null ? "" : String(v.breakEvenYear), v.window.earliestDate,
      v.window.bestWindow?.until ?? "", v.window.blockers.map((b) => b.code).join(" "), d.transferLink ?? "",
    ];
  }));
  return toCsv([header, ...lines]);
}
