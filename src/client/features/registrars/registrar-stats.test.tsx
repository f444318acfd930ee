// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderUi, useMsw } from "../../testing/render.tsx";
import { RegistrarStats } from "./registrar-stats.tsx";

useMsw();

describe("the registrar page's stat cards", () => {
  it("write a count with thousands separators, as every other figure on the site", async () => {
    renderUi(<RegistrarStats status="success" summary={{
      total: 1786, registration: { kind: "single", currency: "USD", lowest: "0.99", highest: "2575.18", average: "41.27", count: 1786 },
    }} />);
    const value = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(await screen.findByText("1,786")).toBeTruthy();
    expect(value("TLDs Offered")).toBe("1,786");
    expect(value("Price Range")).toBe("$0.99 - $2,575.18");
  });

  it("say when the prices were last checked, not whether there is data", async () => {
    renderUi(<RegistrarStats status="success" summary={{
      total: 3, lastCheckedAt: "2026-03-05T23:30:00.000Z",
      registration: { kind: "single", currency: "USD", lowest: "0.99", highest: "12.00", average: "5.00", count: 3 },
    }} />);
    const value = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(await screen.findByText("Prices Checked")).toBeTruthy();
    expect(value("Prices Checked")).toBe("Mar 5, 2026");
    expect(screen.queryByText("Data Available")).toBeNull();
  });
});
