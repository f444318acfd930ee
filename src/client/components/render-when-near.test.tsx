// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { controlIntersections } from "../testing/intersection.ts";
import { TestUi } from "../testing/render.tsx";
import { RenderWhenNear } from "./render-when-near.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("RenderWhenNear", () => {
  it("holds a placeholder until the spot nears the viewport, then renders the content", async () => {
    const view = controlIntersections();
    render(
      <TestUi>
        <RenderWhenNear minH="300px">
          <p>late content</p>
        </RenderWhenNear>
      </TestUi>,
    );
    expect(screen.queryByText("late content")).toBeNull();
    act(() => view.reveal());
    expect(await screen.findByText("late content")).toBeTruthy();
  });

  it("renders at once where IntersectionObserver does not exist", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    render(
      <TestUi>
        <RenderWhenNear minH="300px">
          <p>content</p>
        </RenderWhenNear>
      </TestUi>,
    );
    expect(screen.getByText("content")).toBeTruthy();
  });

  it("with inServerHtml false, the server renders the placeholder and the browser waits for the viewport", async () => {
    const tree = (
      <TestUi>
        <RenderWhenNear minH="300px" inServerHtml={false} placeholder={<span>placeholder</span>}>
          <p>costly chart</p>
        </RenderWhenNear>
      </TestUi>
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

  it("keeps a server-rendered section's HTML and hydrates it only when it nears the viewport", async () => {
    const mounted: string[] = [];
    function Section({ name }: { name: string }) {
      useEffect(() => {
        mounted.push(name);
      }, [name]);
      return <p>{name} content</p>;
    }
    const tree = (
      <TestUi>
        <Section name="top" />
        <RenderWhenNear minH="300px">
          <Section name="lower" />
        </RenderWhenNear>
      </TestUi>
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(tree);
    document.body.append(container);
    const serverParagraph = container.querySelectorAll("p")[1];
    expect(serverParagraph?.textContent).toBe("lower content");
    const view = controlIntersections();
    const errors: unknown[] = [];
    const root = await act(async () => hydrateRoot(container, tree, { onRecoverableError: (error) => errors.push(error) }));
    // The page is hydrated; the lower section is still its server HTML, shown but not yet live.
    expect(mounted).toEqual(["top"]);
    expect(container.textContent).toContain("lower content");
    await act(async () => view.reveal());
    expect(mounted).toEqual(["top", "lower"]);
    // Hydrated in place: the same element, not one rendered afresh.
    expect(container.querySelectorAll("p")[1]).toBe(serverParagraph);
    expect(errors).toEqual([]);
    act(() => root.unmount());
    container.remove();
  });
});
