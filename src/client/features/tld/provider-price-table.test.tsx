// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { cellLabels } from "../../testing/cell-labels.ts";
import { provider, quote } from "../../testing/fixtures.ts";
import { renderUi, useMsw } from "../../testing/render.tsx";
import { ProviderPriceTable } from "./provider-price-table.tsx";

useMsw();

describe("a TLD's registrar table on a phone", () => {
  it("labels each price with its column's name; the registrar and its buttons take whole lines", async () => {
    const quotes = [
      quote(provider({ name: "Porkbun" }), { registrationPrice: "11.08", renewalPrice: "11.08", transferPrice: "11.08" }),
      quote(provider({ name: "Hover" }), { registrationPrice: "14.99", renewalPrice: "16.99", isPromo: true, regularRegistrationPrice: "16.99" }),
    ];
    renderUi(<ProviderPriceTable tldName="com" quotes={quotes} total={2} status="success" domain="" />);
    const table = await screen.findByRole<HTMLTableElement>("table", { name: "Prices for .com by registrar" });
    const rows = cellLabels(table);
    expect(rows).toHaveLength(2);
    for (const cells of rows) {
      expect(cells.map((c) => c.label)).toEqual([null, "Registration", "Renewal", "Transfer", null]);
      for (const cell of cells.filter((c) => c.label)) expect(cell.label).toBe(cell.header);
    }
    const [porkbun, hover] = rows;
    expect(porkbun![0]!.text).toContain("Porkbun");
    expect(porkbun![1]!.text).toBe("$11.08");
    expect(hover![1]!.text).toContain("$14.99");
    expect(hover![1]!.text).toContain("first year, renews at $16.99");
  });
});
