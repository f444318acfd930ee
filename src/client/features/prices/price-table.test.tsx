// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { cellLabels } from "../../testing/cell-labels.ts";
import { priceRow } from "../../testing/fixtures.ts";
import { renderUi, useMsw } from "../../testing/render.tsx";
import { setDisplayCurrency } from "../../lib/display-currency.ts";
import { PriceTable } from "./price-table.tsx";
import { DEFAULT_TABLE_STATE } from "./table-state.ts";

useMsw();

const ROWS = [priceRow("com", { registrationPrice: "9.59", renewalPrice: "11.08" }), priceRow("org", { registrationPrice: "6.88" })];

async function renderTable(onStateChange = vi.fn()) {
  renderUi(<PriceTable title="Top Level Domains" subtitle="Every TLD" rows={ROWS} status="success" state={DEFAULT_TABLE_STATE} onStateChange={onStateChange} />);
  return { table: await screen.findByRole<HTMLTableElement>("table"), onStateChange };
}

describe("the TLD price table on a phone", () => {
  it("labels each figure with its column's name, so a row reads as a card", async () => {
    const { table } = await renderTable();
    const rows = cellLabels(table);
    expect(rows).toHaveLength(2);
    for (const cells of rows) {
      // The name and the category (which a phone shows under the name) take no label.
      expect(cells.map((c) => c.label)).toEqual([null, null, "Registration", "Renewal", "Transfer", "3-Year Cost", "Registrars"]);
      for (const cell of cells.filter((c) => c.label)) expect(cell.label).toBe(cell.header);
    }
    const com = rows[0]!;
    expect(com.find((c) => c.label === "Registration")?.text).toContain("$9.59");
    expect(com.find((c) => c.label === "Renewal")?.text).toContain("$11.08");
  });

  it("keeps the sortable headers as its sort buttons, driving the same table state", async () => {
    const { table, onStateChange } = await renderTable();
    const head = table.tHead!;
    // The phone layout shows a <thead data-sort-bar>'s headers that sort (aria-sort) as buttons.
    expect(head.hasAttribute("data-sort-bar")).toBe(true);
    const sorting = Array.from(head.querySelectorAll("th[aria-sort]"), (th) => th.textContent);
    expect(sorting).toEqual(["TLD", "Registration", "Renewal", "Transfer", "3-Year Cost"]);
    await userEvent.click(within(head).getByRole("button", { name: "Sort by Renewal" }));
    expect(onStateChange).toHaveBeenCalledWith({ ...DEFAULT_TABLE_STATE, sortBy: "renewalPrice", sortOrder: "asc", page: 1 });
  });
});

describe("the TLD price table's caption", () => {
  it("names the display currency the prices are shown in, not always US dollars", async () => {
    const { table } = await renderTable();
    expect(table.querySelector("caption")?.textContent).toBe("Top Level Domains: lowest prices in US dollars across registrars");
    setDisplayCurrency("EUR");
    try {
      await waitFor(() => expect(table.querySelector("caption")?.textContent)
        .toBe("Top Level Domains: lowest prices across registrars, in euros (converted from US dollars at the ECB reference rate)"));
    } finally {
      setDisplayCurrency("USD");
    }
  });
});
