// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { mutationOk, trpcOk } from "../../testing/trpc-msw.ts";
import { TRANSFER_PLAN_CSV_PATH, TransferPlanPage } from "./transfer-plan-page.tsx";
import { TransferVerdictView } from "./transfer-verdict.tsx";
import type { TransferPlan, TransferVerdict } from "./types.ts";

useMsw();

const price = (amount: string, source: string, extra: Partial<NonNullable<TransferVerdict["current"]>["renewal"]> = {}) => ({
  amount, price: amount, priceCurrency: "USD", source, lastCheckedAt: "2026-12-01T00:00:00.000Z", isStale: false, rateDate: null, unusual: false, unusualReason: null, ...extra,
});

const verdict = (domainName: string, extra: Partial<TransferVerdict> = {}): TransferVerdict => ({
  domainName, currency: "USD", verdict: "move",
  rule: { pattern: "*", addsYear: true, lockAfterRegistrationDays: 60, lockAfterTransferDays: 60, minDaysBeforeExpiry: null, sourceUrl: "https://example.org/icann", sourceDate: "2026-12-07", note: null, origin: "bundled" },
  current: { provider: { id: 1, name: "Holder" }, renewal: price("30.00", "Holder") },
  destination: { provider: { id: 5, name: "Cheapo" }, hasTransferLink: true, transfer: price("15.00", "Cheapo"), renewal: price("20.00", "Cheapo") },
  years: [
    { years: 1, stay: "30.00", move: "15.00", saving: "15.00" },
    { years: 3, stay: "90.00", move: "55.00", saving: "35.00" },
    { years: 5, stay: "150.00", move: "95.00", saving: "55.00" },
  ],
  breakEvenYear: 1, savingMinor: 3500, firstYearSavingMinor: 1500, cautions: [],
  sentence: "Moving to Cheapo saves $35.00 over 3 years.",
  window: { earliestDate: "2026-12-07", blockers: [], bestWindow: { from: "2026-12-07", until: "2027-05-26" }, sentence: "It can move now; start the move by May 26, 2027." },
  ...extra,
});

const BETA = verdict("beta.net", {
  verdict: "unsure", cautions: ["the price at Cheapo was last confirmed on Aug 1, 2026, over 90 days ago"],
  window: { earliestDate: "2026-12-07", blockers: [{ code: "clienttransferprohibited", message: "The registrar lock (clientTransferProhibited) is on: turn it off in your account at the registrar", ownerCanLift: true }], bestWindow: { from: "2026-12-07", until: "2027-05-26" }, sentence: "It can move once you lift the registrar lock." },
});

type PlanVerdict = TransferPlan["groups"][number]["domains"][number]["verdict"];

/** A verdict as the plan gives it: its rule and prices named by key in the plan's tables. */
const inPlan = ({ domainName: _name, currency: _currency, sentence: _sentence, rule, current, destination, ...rest }: TransferVerdict): PlanVerdict => ({
  ...rest, ruleId: rule.pattern,
  current: current && { provider: current.provider, renewalQuoteId: "1:1:renewal" },
  destination: destination && { provider: destination.provider, hasTransferLink: destination.hasTransferLink, transferQuoteId: "1:5:transfer", renewalQuoteId: "1:5:renewal" },
});

const PLAN: TransferPlan = {
  currency: "USD",
  totals: { domains: 2, firstYearSaving: "30.00", threeYearSaving: "70.00" },
  groups: [{
    destination: { id: 5, name: "Cheapo", hasTransferLink: true }, firstYearSaving: "30.00", threeYearSaving: "70.00",
    domains: [
      { id: 11, domainName: "alpha.net", state: "started", stateChangedAt: "2026-12-06T10:00:00.000Z", transferLink: "/api/r/transfer?providerId=5&domain=alpha.net", verdict: inPlan(verdict("alpha.net")) },
      {
        id: 12, domainName: "beta.net", state: "planned", stateChangedAt: null, transferLink: "/api/r/transfer?providerId=5&domain=beta.net",
        verdict: inPlan(BETA),
      },
    ],
  }],
  notWorthMoving: 3,
  steps: [
    { state: "planned", title: "Plan it", text: "The domain is in the plan." },
    { state: "unlocked", title: "Unlock it", text: "Turn off the registrar lock." },
    { state: "code_requested", title: "Get the auth code", text: "Ask for the code." },
    { state: "started", title: "Start the transfer", text: "Start it at the new registrar." },
    { state: "done", title: "Confirm it", text: "Approve the mails." },
  ],
  rules: { "*": verdict("alpha.net").rule },
  quotes: { "1:1:renewal": price("30.00", "Holder"), "1:5:transfer": price("15.00", "Cheapo"), "1:5:renewal": price("20.00", "Cheapo") },
};

describe("the transfer plan page", () => {
  it("shows the totals, the steps, each destination's domains with their window, progress and tracked link, and the CSV", async () => {
    server.use(trpcOk("portfolio.transfer.plan", PLAN));
    renderUi(<TransferPlanPage />);
    expect(await screen.findByText(/Moving 2 domains saves \$30\.00 in the first year/)).toBeTruthy();
    expect(screen.getByText(/and \$70\.00 over 3 years/)).toBeTruthy();
    expect(within(screen.getByRole("list")).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Unlock it. Turn off the registrar lock.", "Get the auth code. Ask for the code.", "Start the transfer. Start it at the new registrar.", "Confirm it. Approve the mails.",
    ]);
    const table = screen.getByRole("table", { name: "Domains moving to Cheapo" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[0]!.textContent)).toEqual(["alpha.net", "beta.net Check the prices"]);
    expect(rows[1]!.textContent).toContain("The registrar lock (clientTransferProhibited) is on");
    expect(within(rows[0]!).getByRole("link", { name: "Start at Cheapo" }).getAttribute("href")).toBe("/api/r/transfer?providerId=5&domain=alpha.net");
    expect(within(rows[0]!).getByRole<HTMLSelectElement>("combobox", { name: "Progress of alpha.net" }).value).toBe("started");
    expect(screen.getByRole("link", { name: "Download the plan as CSV" }).getAttribute("href")).toBe(`${TRANSFER_PLAN_CSV_PATH}?currency=USD`);
  });

  it("stores the owner's next step", async () => {
    const calls: unknown[] = [];
    server.use(trpcOk("portfolio.transfer.plan", PLAN), mutationOk("portfolio.transfer.setState", { id: 12, state: "unlocked", destinationProviderId: 5 }, calls));
    renderUi(<TransferPlanPage />);
    await userEvent.selectOptions(await screen.findByRole("combobox", { name: "Progress of beta.net" }), "unlocked");
    await waitFor(() => expect(calls).toEqual([{ id: 12, state: "unlocked", destinationProviderId: 5 }]));
  });

  it("says so when no domain is cheaper elsewhere", async () => {
    server.use(trpcOk("portfolio.transfer.plan", { ...PLAN, totals: { domains: 0, firstYearSaving: "0.00", threeYearSaving: "0.00" }, groups: [] }));
    renderUi(<TransferPlanPage />);
    expect(await screen.findByText("No domain of yours is cheaper to keep at another registrar we compare (3 checked).")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Download the plan as CSV" })).toBeNull();
  });
});

describe("a domain's verdict", () => {
  it("tables staying against moving, names each price's source and date, and says what blocks the move", () => {
    renderUi(<TransferVerdictView verdict={BETA} />);
    return screen.findByRole("table", { name: "Staying at Holder against moving to Cheapo, in USD" }).then((table) => {
      expect(within(table).getAllByRole("row").slice(1).map((r) => r.textContent)).toEqual(["1$30.00$15.00$15.00", "3$90.00$55.00$35.00", "5$150.00$95.00$55.00"]);
      expect(screen.getByText(/Maybe worth moving/)).toBeTruthy();
      expect(screen.getByText(/Transfer: \$15\.00 at Cheapo/).textContent).toMatch(/checked Dec 1, 2026/i);
      const blockers = screen.getByRole("list", { name: "What blocks a move today" });
      expect(blockers.textContent).toContain("You can lift this");
      expect(screen.getByRole("link", { name: "source" }).getAttribute("href")).toBe("https://example.org/icann");
    });
  });
});
