// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { trpcOk } from "../../testing/trpc-msw.ts";
import { HistorySection } from "./history-section.tsx";

useMsw();

const event = (id: number, kind: string, text: string, o: { severity?: "alarm" | "info"; category?: "registry" | "dns"; subject?: string | null } = {}) => ({
  id, category: o.category ?? "registry", kind, subject: o.subject ?? null, severity: o.severity ?? "alarm",
  oldValue: null, newValue: null, occurredAt: `2026-11-${String(10 + id).padStart(2, "0")}T08:00:00.000Z`, text,
});

describe("a domain's history", () => {
  it("lists the events newest first with their words and kind of alarm, and pages to older ones", async () => {
    const asked: { before?: number; limit?: number }[] = [];
    server.use(trpcOk("portfolio.history", (input: { id: number; before?: number; limit?: number }) => {
      asked.push(input);
      return input.before === undefined
        ? { events: [
          event(9, "registrar_changed", "Registrar changed from NameCheap, Inc. (IANA 1068) to Porkbun LLC (IANA 1861)."),
          event(8, "transfer_lock_added", "Transfer lock added (clientTransferProhibited).", { severity: "info" }),
        ], nextBefore: 8 }
        : { events: [event(2, "registry_check", "Checked with the registry (RDAP).", { severity: "info" })], nextBefore: null };
    }));
    renderUi(<HistorySection domainId={7} checkedAt="2026-11-20T08:00:00.000Z" />);
    const section = (await screen.findByRole("heading", { name: "History" })).closest("section")!;
    const lines = await within(section).findAllByTestId("history-event");
    expect(lines.map((l) => l.dataset.kind)).toEqual(["registrar_changed", "transfer_lock_added"]);
    expect(within(lines[0]!).getByText("Registrar changed from NameCheap, Inc. (IANA 1068) to Porkbun LLC (IANA 1861).")).toBeTruthy();
    expect(within(lines[0]!).getByText("Warning")).toBeTruthy();
    expect(within(lines[1]!).getByText("Information")).toBeTruthy();
    expect(within(lines[0]!).getByText("Registry")).toBeTruthy();
    expect(lines[0]!.querySelector("time")!.getAttribute("datetime")).toBe("2026-11-19T08:00:00.000Z");
    // Written as every page writes a moment, its zone named.
    expect(lines[0]!.querySelector("time")!.textContent).toMatch(/^Nov 19, 2026, \d{1,2}:00 [AP]M \S+$/);

    await userEvent.click(within(section).getByRole("button", { name: "Show older" }));
    await within(section).findByText("Checked with the registry (RDAP).");
    const all = within(section).getAllByTestId("history-event");
    expect(all.map((l) => l.dataset.kind)).toEqual(["registrar_changed", "transfer_lock_added", "registry_check"]);
    // A registry check is a history line, neither a warning nor information.
    expect(within(all[2]!).queryByText("Information")).toBeNull();
    expect(within(section).queryByRole("button", { name: "Show older" })).toBeNull();
    expect(asked.map((a) => a.before)).toEqual([undefined, 8]);
  });

  it("says so when nothing is recorded yet", async () => {
    server.use(trpcOk("portfolio.history", { events: [], nextBefore: null }));
    renderUi(<HistorySection domainId={7} checkedAt={null} />);
    expect(await screen.findByText("Nothing yet: the first registry check will appear here.")).toBeTruthy();
  });
});
