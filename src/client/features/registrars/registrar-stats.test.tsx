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
});
