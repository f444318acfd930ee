// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { cellLabels } from "../../testing/cell-labels.ts";
import { provider, providerPrice } from "../../testing/fixtures.ts";
import { renderUi, useMsw } from "../../testing/render.tsx";
import { RegistrarPricingTable } from "./registrar-pricing-table.tsx";

useMsw();

describe("a registrar's TLD table on a phone", () => {
  it("labels the category and each price with their column's names, with no currency column beside prices in the display currency", async () => {
    const rows = [providerPrice("com", { registrationPrice: "11.08" }), providerPrice("io", { registrationPrice: "28.12", currency: "EUR" })];
    renderUi(<RegistrarPricingTable provider={provider({ name: "Porkbun" })} rows={rows} total={2} status="success" domain="" />);
    const table = await screen.findByRole<HTMLTableElement>("table", { name: "TLD prices at Porkbun" });
    const cells = cellLabels(table);
    expect(cells).toHaveLength(2);
    for (const row of cells) {
      // The TLD's name and the Register/Transfer buttons take no label.
      expect(row.map((c) => c.label)).toEqual([null, "Category", "Registration", "Renewal", "Transfer", null]);
      for (const cell of row.filter((c) => c.label)) expect(cell.label).toBe(cell.header);
    }
    expect(cells[0]![0]!.text).toContain(".com");
    expect(cells[0]![2]!.text).toBe("$11.08");
    expect(cells[1]![2]!.text).toBe("€28.12");
    // The price says its own currency; a column saying "USD" beside converted prices would contradict them.
    expect(screen.queryByRole("columnheader", { name: "Currency" })).toBeNull();
  });
});
