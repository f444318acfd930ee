// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { controlIntersections } from "../testing/intersection.ts";
import { UiProvider } from "./ui/provider.tsx";
import { RenderWhenNear } from "./render-when-near.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("RenderWhenNear", () => {
  it("holds a placeholder until the spot nears the viewport, then renders the content", async () => {
    const view = controlIntersections();
    render(
      <UiProvider>
        <RenderWhenNear minH="300px">
          <p>late content</p>
        </RenderWhenNear>
      </UiProvider>,
    );
    expect(screen.queryByText("late content")).toBeNull();
    act(() => view.reveal());
    expect(await screen.findByText("late content")).toBeTruthy();
  });

  it("renders at once where IntersectionObserver does not exist", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    render(
      <UiProvider>
        <RenderWhenNear minH="300px">
          <p>content</p>
        </RenderWhenNear>
      </UiProvider>,
    );
    expect(screen.getByText("content")).toBeTruthy();
  });

  it("with inServerHtml false, the server renders the placeholder and the browser waits for the viewport", async () => {
    const tree = (
      <UiProvider>
        <RenderWhenNear minH="300px" inServerHtml={false} placeholder={<span>placeholder</span>}>
          <p>costly chart</p>
        </RenderWhenNear>
      </UiProvider>
    );
    const html = renderToString(tree);
    expect(html).toContain("placeholder");
    expect(html).not.toContain("costly chart");
    const view = controlIntersections();
    render(tree);
    expect(screen.queryByText("costly chart")).toBeNull();
    act(() => view.reveal());
    expect(await screen.findByText("costly chart")).toBeTruthy();
  });
});
