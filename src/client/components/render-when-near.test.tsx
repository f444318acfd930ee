// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
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
});
