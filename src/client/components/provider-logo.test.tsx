// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TestUi } from "../testing/render.tsx";
import { ProviderLogo } from "./provider-logo.tsx";

afterEach(cleanup);

describe("ProviderLogo", () => {
  it("draws a letter tile when there is no logo", () => {
    render(<TestUi><ProviderLogo name="porkbun" /></TestUi>);
    expect(screen.getByTestId("logo-tile").textContent).toBe("P");
  });

  it("shows the logo, and swaps to the tile if it fails to load (never a broken image)", () => {
    const { container } = render(<TestUi><ProviderLogo name="Dynadot" logoUrl="/logos/dynadot.png" /></TestUi>);
    const img = container.querySelector("img");
    expect(img?.getAttribute("src")).toBe("/logos/dynadot.png");
    fireEvent.error(img as HTMLImageElement);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByTestId("logo-tile").textContent).toBe("D");
  });
});
